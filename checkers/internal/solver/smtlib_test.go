package solver

import (
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func TestSMTLIB(t *testing.T) {
	row, m := sym.Var("row", 32), sym.Var("M", 32)
	idx := sym.Add(sym.Mul(row, sym.Const(32, 28672)), sym.ZExt(sym.Var("tid.x", 16), 32))
	q := Query{
		Constraints: []*sym.Term{sym.Sle(sym.Const(32, 0), row), sym.Slt(row, m), sym.Ult(idx, m), sym.Var("p", 0)},
		Goal:        sym.BOr(sym.Overflows(sym.OpMulOvf, row, sym.Const(32, 28672), true), sym.Eq(sym.Trunc(idx, 8), sym.Const(8, 3))),
	}
	want := `(set-logic QF_BV)
(declare-fun M () (_ BitVec 32))
(declare-fun p () Bool)
(declare-fun row () (_ BitVec 32))
(declare-fun tid.x () (_ BitVec 16))
(define-fun t!1 () (_ BitVec 32) (bvadd (bvmul row (_ bv28672 32)) ((_ zero_extend 16) tid.x)))
(assert (bvsle (_ bv0 32) row))
(assert (bvslt row M))
(assert (bvult t!1 M))
(assert p)
(assert (or (let ((p (bvmul ((_ sign_extend 32) row) ((_ sign_extend 32) (_ bv28672 32))))) (not (= p ((_ sign_extend 32) ((_ extract 31 0) p))))) (= ((_ extract 7 0) t!1) (_ bv3 8)))) ; goal
(check-sat)
`
	if got := SMTLIB(q); got != want {
		t.Errorf("SMTLIB:\n%s\nwant:\n%s", got, want)
	}
}

func TestSMTLIBNames(t *testing.T) {
	x := sym.Var("t!1", 8)
	shared := sym.Add(x, sym.Var("3d|x", 8))
	got := SMTLIB(Query{Goal: sym.Eq(sym.Mul(shared, shared), sym.Const(8, 1))})
	for _, want := range []string{"(declare-fun |3d_x| () (_ BitVec 8))", "(define-fun _t!1 () (_ BitVec 8) (bvadd t!1 |3d_x|))"} {
		if !strings.Contains(got, want) {
			t.Errorf("SMTLIB:\n%s\nwant a line %s", got, want)
		}
	}
	bad := Query{Constraints: []*sym.Term{sym.Ult(sym.Var("x", 8), sym.Const(8, 1))}, Goal: sym.Ult(sym.Var("x", 16), sym.Const(16, 1))}
	if got := SMTLIB(bad); !strings.HasPrefix(got, "; invalid query: variable x used at widths") {
		t.Errorf("SMTLIB of a width clash = %q", got)
	}
}

// TestSatisfiesSharedDAG: x_{i+1} = (x_i ^ i) + x_i is a DAG of 2n nodes
// and a tree of 2^n; Satisfies evaluates each node once. (n stays small:
// sym's Key, which the constructors use, prints the tree.)
func TestSatisfiesSharedDAG(t *testing.T) {
	x := sym.Var("x", 64)
	t0 := x
	for i := 0; i < 14; i++ {
		t0 = sym.Add(sym.Xor(t0, sym.Const(64, uint64(i))), t0)
	}
	want, _ := sym.Eval(t0, Model{"x": 1}.Env())
	q := Query{Goal: sym.Eq(t0, sym.Const(64, want))}
	if !Satisfies(Model{"x": 1}, q) {
		t.Errorf("not satisfied")
	}
	if Satisfies(Model{"y": 1}, q) {
		t.Errorf("satisfied by a model without x")
	}
}
