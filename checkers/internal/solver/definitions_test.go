package solver

import (
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// An induction equation of a loop the goal does not mention is dropped;
// one the goal mentions, or one that is not satisfiable for every value
// of the rest, is kept.
func TestDropDefinitions(t *testing.T) {
	tid := sym.Var("tid", 32)
	bdim := sym.Var("bdim", 32)
	k1, v1 := sym.Var("k1", 64), sym.Var("v1", 32)
	k2, v2 := sym.Var("k2", 64), sym.Var("v2", 32)
	eq := func(v, k *sym.Term) *sym.Term {
		return sym.Eq(sym.SExt(v, 64), sym.Add(sym.SExt(tid, 64), sym.Mul(k, sym.ZExt(bdim, 64))))
	}
	bound := func(k *sym.Term) *sym.Term { return sym.Ule(k, sym.Const(64, 1<<32)) }
	q := Query{
		Constraints: []*sym.Term{eq(v1, k1), bound(k1), eq(v2, k2), bound(k2), sym.Ult(tid, bdim)},
		Goal:        sym.Slt(v2, sym.Const(32, 0)),
	}
	got := dropDefinitions(q)
	if len(got.Constraints) != 3 {
		t.Fatalf("kept %v, want the second loop's equation and bound and tid < bdim", got.Constraints)
	}
	for _, c := range got.Constraints {
		if c.Key() == eq(v1, k1).Key() || c.Key() == bound(k1).Key() {
			t.Errorf("kept %s", c)
		}
	}
	// v = 2*w + 1 with w private is satisfiable (w = 0, v = 1); but
	// ext(v) = x * 2^40 with x shared is not of the form ext(t).
	x := sym.Var("x", 64)
	bad := sym.Eq(sym.SExt(v1, 64), sym.Mul(x, sym.Const(64, 1<<40)))
	q = Query{Constraints: []*sym.Term{bad}, Goal: sym.Ult(x, sym.Const(64, 5))}
	if got := dropDefinitions(q); len(got.Constraints) != 1 {
		t.Errorf("dropped %s, which needs x*2^40 to fit 32 bits", bad)
	}
}
