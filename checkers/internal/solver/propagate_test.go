package solver

import (
	"context"
	"math/rand"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver/internal/symgen"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Two threads of one warp run a loop the same number of times: once
// iter' is iter, mask' is mask, and "one runs the body, the other not" is
// a conjunct next to its negation.
func TestPropagateTwinTrips(t *testing.T) {
	iter, iter2 := sym.Var("iter", 8), sym.Var("iter'", 8)
	mask, mask2 := v8("mask"), v8("mask'")
	def := func(m, i *sym.Term) *sym.Term {
		return sym.Eq(m, sym.Ite(sym.Ult(i, c8(8)), sym.LShr(c8(16), i), c8(0)))
	}
	q := query(sym.BAnd(sym.Eq(iter, iter2), sym.Ult(c8(0), mask), sym.BNot(sym.Ult(c8(0), mask2))),
		def(mask, iter), def(mask2, iter2))
	f := &fake{answer: func(context.Context, Query) (Result, Model, error) { return Sat, Model{}, nil }}
	if r, _, _ := NewPropagate(f).Check(context.Background(), q); r != Unsat || f.count() != 0 {
		t.Errorf("Check = %v after %d solver calls, want unsat without the solver", r, f.count())
	}
}

// threadIdx.y < 1 is threadIdx.y = 0: the linear thread index of a
// one-dimensional block loses its product with the block's width.
func TestPropagateUnitRange(t *testing.T) {
	ty, bdx := v8("ty"), v8("bdx")
	lin := sym.Add(v8("tx"), sym.Mul(ty, bdx))
	q := query(sym.Ult(c8(3), lin), sym.Ult(ty, c8(1)))
	got, binds, unsat := propagateEqualities(q)
	if unsat || len(binds) != 1 || binds[0].v.Name != "ty" {
		t.Fatalf("bindings %v (unsat %v), want ty = 0", binds, unsat)
	}
	for _, c := range got.Terms() {
		for _, v := range c.Vars() {
			if v.Name == "ty" || v.Name == "bdx" {
				t.Fatalf("%v still mentions %s", c, v.Name)
			}
		}
	}
}

// TestPropagateAgreesWithBrute: with equalities between variables and
// definitions added to random queries, propagation never changes the
// answer, and its models satisfy the query.
func TestPropagateAgreesWithBrute(t *testing.T) {
	g := newGen(5)
	ctx := context.Background()
	var full, inner Brute
	p := NewPropagate(&inner)
	for i := 0; i < 600; i++ {
		w := []int{3, 4}[i%2]
		x, y := symgen.Var(w, 0), symgen.Var(w, 1)
		eqs := []*sym.Term{sym.Eq(x, y), sym.Eq(x, g.BV(w, 1)), sym.Eq(g.BV(w, 2), y),
			sym.Eq(sym.SExt(x, 8), sym.Const(8, g.Value(8))), sym.Eq(sym.Const(8, g.Value(8)), sym.ZExt(y, 8))}
		cs := []*sym.Term{g.Bool(2), eqs[i%5]}
		if r, _, _ := full.Check(ctx, Query{Constraints: cs}); r != Sat {
			continue
		}
		q := Query{Constraints: cs, Goal: sym.BAnd(g.Bool(2), eqs[(i+1)%5])}
		want, _, err1 := full.Check(ctx, q)
		got, m, err2 := p.Check(ctx, q)
		if err1 != nil || err2 != nil || got != want {
			t.Fatalf("%v: propagated %v (%v), full %v (%v)", q, got, err2, want, err1)
		}
		if got == Sat && !Satisfies(m, q) {
			t.Fatalf("%v: model %v does not satisfy the query", q, m)
		}
	}
}

// TestRangeRefutesAgreesWithBrute: the range and linear steps refute
// only unsatisfiable queries (random terms at widths 3 and 4, where
// wrap-around is everywhere).
func TestRangeRefutesAgreesWithBrute(t *testing.T) {
	g := newGen(9)
	ctx := context.Background()
	var b Brute
	refuted, linear := 0, 0
	for i := 0; i < 3000; i++ {
		q := Query{Constraints: []*sym.Term{g.Bool(2), g.Bool(2)}, Goal: g.Bool(2)}
		if !RangeRefutes(q) {
			continue
		}
		refuted++
		if !sym.Refute(q.Terms()) {
			linear++
		}
		if r, m, _ := b.Check(ctx, q); r != Unsat {
			t.Fatalf("%v refuted, but brute force says %v (%v)", q, r, m)
		}
	}
	t.Logf("%d refuted, %d of them by linear arithmetic only", refuted, linear)
	if linear == 0 {
		t.Error("no query needed the linear step: the test does not exercise it")
	}
}

// TestRefuteLinearAgreesWithBrute: random linear systems over three
// 5-bit variables, read at 16 bits so that nothing wraps and the integer
// form keeps every conjunct; a refuted system has no solution.
func TestRefuteLinearAgreesWithBrute(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	ctx := context.Background()
	var b Brute
	vars := []*sym.Term{sym.Var("a", 5), sym.Var("b", 5), sym.Var("c", 5)}
	lin := func() *sym.Term {
		t := sym.Const(16, uint64(rng.Intn(64)))
		for _, v := range vars {
			if k := rng.Intn(7); k > 0 {
				t = sym.Add(t, sym.Mul(sym.ZExt(v, 16), sym.Const(16, uint64(k))))
			}
		}
		if rng.Intn(4) == 0 {
			t = sym.UDiv(t, sym.Const(16, uint64(2+rng.Intn(7))))
		}
		return t
	}
	refuted := 0
	for i := 0; i < 400; i++ {
		var cs []*sym.Term
		for j := 0; j < 3; j++ {
			x, y := lin(), lin()
			switch rng.Intn(3) {
			case 0:
				cs = append(cs, sym.Ult(x, y))
			case 1:
				cs = append(cs, sym.Ule(x, y))
			default:
				cs = append(cs, sym.BOr(sym.Ult(x, y), sym.Eq(x, y)))
			}
		}
		if !sym.RefuteLinear(cs) {
			continue
		}
		refuted++
		if r, m, _ := b.Check(ctx, Query{Constraints: cs}); r != Unsat {
			t.Fatalf("%v refuted, but brute force says %v (%v)", cs, r, m)
		}
	}
	if refuted == 0 {
		t.Error("nothing refuted: the test does not exercise the linear step")
	}
	t.Logf("%d refuted", refuted)
}
