package solver

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func TestSliceKeepsTransitiveConstraints(t *testing.T) {
	a, b, c, d, e := v8("a"), v8("b"), v8("c"), v8("d"), v8("e")
	ab := sym.Ult(a, b)                // a–b
	bc := sym.Eq(b, sym.Add(c, c8(1))) // b–c: reaches the goal through ab
	d5 := sym.Ugt(d, c8(5))            // d alone
	de := sym.Ult(d, e)                // d–e
	q := query(sym.Eq(a, c8(3)), ab, d5, bc, de, sym.True)
	got := Slice(q)
	if want := []*sym.Term{ab, bc}; !sameTerms(got.Constraints, want) {
		t.Errorf("slice = %v, want %v", got.Constraints, want)
	}
	if got.Goal != q.Goal {
		t.Errorf("goal changed")
	}
}

func TestSliceGroundConstraints(t *testing.T) {
	a := v8("a")
	q := query(sym.Eq(a, c8(3)), sym.True, sym.False, sym.Ult(v8("z"), c8(2)))
	if got := Slice(q).Constraints; !sameTerms(got, []*sym.Term{sym.False}) {
		t.Errorf("slice = %v, want [false]: a false constraint makes any query unsat", got)
	}
	// A ground goal keeps only ground false constraints.
	if got := Slice(query(sym.True, sym.Ult(a, c8(2)))).Constraints; len(got) != 0 {
		t.Errorf("slice towards true = %v, want none", got)
	}
	// No goal: nothing to slice towards.
	q = Query{Constraints: []*sym.Term{sym.Ult(a, c8(2))}}
	if got := Slice(q).Constraints; len(got) != 1 {
		t.Errorf("slice without goal = %v, want the constraint", got)
	}
}

func TestIndependenceModelCoversSlice(t *testing.T) {
	f := &fake{}
	ind := NewIndependence(f)
	a, d := v8("a"), v8("d")
	r, m, err := ind.Check(context.Background(), query(sym.Eq(a, c8(3)), sym.Ugt(d, c8(5)), sym.Ult(a, c8(10))))
	if err != nil || r != Sat {
		t.Fatalf("Check = %v, %v", r, err)
	}
	if _, ok := m["d"]; ok || m["a"] != 3 {
		t.Errorf("model %v: want a=3 and no d (sliced away)", m)
	}
	if ind.Dropped() != 1 {
		t.Errorf("Dropped = %d, want 1", ind.Dropped())
	}
	if n := len(f.queries[0].Constraints); n != 1 {
		t.Errorf("base got %d constraints, want 1", n)
	}
}

// TestIndependenceAgreesWithBrute: on random queries whose constraints are
// satisfiable (the executor's invariant), slicing never changes the answer.
func TestIndependenceAgreesWithBrute(t *testing.T) {
	g := newGen(7)
	ctx := context.Background()
	var full, sliced Brute
	ind := NewIndependence(&sliced)
	for i := 0; i < 300; i++ {
		cs := []*sym.Term{g.Bool(2), g.Bool(2), g.Bool(1)}
		if r, _, _ := full.Check(ctx, Query{Constraints: cs}); r != Sat {
			continue
		}
		q := Query{Constraints: cs, Goal: g.Bool(2)}
		want, _, err1 := full.Check(ctx, q)
		got, m, err2 := ind.Check(ctx, q)
		if err1 != nil || err2 != nil || got != want {
			t.Fatalf("%v: sliced %v (%v), full %v (%v)", q, got, err2, want, err1)
		}
		if got == Sat && !Satisfies(m, Slice(q)) {
			t.Fatalf("%v: model %v does not satisfy the slice", q, m)
		}
	}
}

func sameTerms(a, b []*sym.Term) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key() != b[i].Key() {
			return false
		}
	}
	return true
}

// TestGoalParts: a goal whose conjuncts fall into parts sharing no
// variable is decided part by part (each with the constraints its
// variables reach): Unsat of one part is Unsat, Sat of all is Sat with
// the union of their models; a false ground conjunct or constraint stays.
func TestGoalParts(t *testing.T) {
	a, b, x, y := v8("a"), v8("b"), v8("x"), v8("y")
	path := sym.Ult(a, b)                            // the sizes' part: a < b
	conflict := sym.BAnd(sym.Eq(x, y), sym.Ne(x, y)) // the threads' part, unsat
	q := Query{Constraints: []*sym.Term{sym.Ugt(b, c8(2)), sym.Ult(x, c8(9))}, Goal: sym.BAnd(path, conflict)}
	parts := Parts(q)
	if len(parts) != 2 {
		t.Fatalf("Parts = %v, want two", parts)
	}
	if !sameTerms(parts[0].Constraints, []*sym.Term{sym.Ugt(b, c8(2))}) || !sameTerms(parts[1].Constraints, []*sym.Term{sym.Ult(x, c8(9))}) {
		t.Errorf("parts' constraints %v, %v", parts[0].Constraints, parts[1].Constraints)
	}
	var brute Brute
	ind := NewIndependence(&brute)
	if r, _, err := ind.Check(context.Background(), q); err != nil || r != Unsat {
		t.Errorf("Check = %v, %v; want unsat (the second part is)", r, err)
	}
	sat := Query{Constraints: q.Constraints, Goal: sym.BAnd(path, sym.Eq(x, c8(4)))}
	r, m, err := ind.Check(context.Background(), sat)
	if err != nil || r != Sat || !Satisfies(m, sat) {
		t.Errorf("Check = %v %v, %v; want sat with a model of both parts", r, m, err)
	}
	// One part: the query itself.
	if got := Parts(Query{Goal: sym.BAnd(path, sym.Ult(b, c8(7)))}); len(got) != 1 {
		t.Errorf("connected goal split into %d parts", len(got))
	}
	// A false ground constraint stays in the first part.
	withFalse := Query{Constraints: []*sym.Term{sym.False}, Goal: sym.BAnd(path, sym.Eq(x, c8(4)))}
	if r, _, _ := ind.Check(context.Background(), withFalse); r != Unsat {
		t.Errorf("a false constraint: %v, want unsat", r)
	}
}
