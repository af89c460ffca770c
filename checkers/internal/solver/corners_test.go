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

// A query in which a named size multiplies another variable stops at its
// first undecided case, tries the corners, and only then is asked whole;
// one in which no named size is nonlinear is asked whole first.
func TestCornersEarly(t *testing.T) {
	n, iter := sym.Var("n", 64), sym.Var("iter", 64)
	q := query(sym.Slt(c64(1<<31-1), sym.Mul(iter, n)),
		sym.Sle(c64(1), n), sym.Sle(n, c64(1<<20)), sym.Ule(iter, c64(1<<12)))
	var early []bool
	f := &fake{answer: func(ctx context.Context, q Query) (Result, Model, error) {
		early = append(early, firstUnknownOf(ctx))
		if vs, _ := q.Vars(); len(vs) == 2 {
			return Unknown, nil, nil
		}
		return Sat, Model{"iter": 1 << 12}, nil
	}}
	r, m, err := NewCorners(f).Check(WithCorners(context.Background(), []string{"n"}), q)
	if err != nil || r != Sat || m["n"] != 1<<20 {
		t.Fatalf("Check = %v %v %v, want sat with n = 2^20", r, m, err)
	}
	if len(early) != 2 || !early[0] || early[1] {
		t.Errorf("asked with first-unknown %v, want [true false]: the whole query once, early, then its corner", early)
	}
	early = nil
	lin := query(sym.Slt(c64(1<<31-1), sym.Add(iter, n)), q.Constraints...)
	NewCorners(f).Check(WithCorners(context.Background(), []string{"n"}), lin)
	if len(early) == 0 || early[0] {
		t.Errorf("a linear query was asked early: %v", early)
	}
}
