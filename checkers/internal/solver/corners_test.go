package solver

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// The base solver cannot decide the query with n symbolic (iter·grid(n)
// is a product of two unknowns), but decides the instance with n at its
// largest value: Corners answers Sat with that instance's model, and only
// for the sizes the context names.
func TestCornersLargestSize(t *testing.T) {
	n, iter := sym.Var("n", 64), sym.Var("iter", 64)
	grid := sym.Ite(sym.Slt(n, c64(65535)), n, c64(65535))
	q := query(sym.Slt(c64(1<<31-1), sym.Mul(iter, grid)),
		sym.Sle(c64(1), n), sym.Sle(n, c64(1<<34)), sym.Ule(iter, c64(1<<32)))
	f := &fake{answer: func(_ context.Context, q Query) (Result, Model, error) {
		vs, _ := q.Vars()
		for _, v := range vs {
			if v.Name == "n" {
				return Unknown, nil, nil
			}
		}
		return Sat, Model{"iter": 1 << 16}, nil
	}}
	c := NewCorners(f)
	if r, _, _ := c.Check(context.Background(), q); r != Unknown {
		t.Errorf("without sizes named: %v, want unknown", r)
	}
	r, m, err := c.Check(WithCorners(context.Background(), []string{"n"}), q)
	if err != nil || r != Sat || m["n"] != 1<<34 || m["iter"] != 1<<16 {
		t.Errorf("Check = %v %v %v, want sat with n = 2^34", r, m, err)
	}
}
