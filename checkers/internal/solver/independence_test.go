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
