package solver

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func TestStrings(t *testing.T) {
	if got := Result(7).String() + " " + Sat.String() + " " + Unsat.String() + " " + Unknown.String(); got != "Result(7) sat unsat unknown" {
		t.Errorf("Result strings: %q", got)
	}
	if got := (Model{"row": 74899, "M": 74900}).String(); got != "M=74900 row=74899" {
		t.Errorf("Model.String = %q", got)
	}
}

func TestBrute(t *testing.T) {
	var b Brute
	a := v8("a")
	if r, m, err := b.Check(context.Background(), query(sym.Eq(sym.Mul(a, c8(3)), c8(1)))); r != Sat || m["a"] != 171 || err != nil {
		t.Errorf("3a = 1 (mod 256): %v %v %v, want a=171", r, m, err)
	}
	if r, _, _ := b.Check(context.Background(), query(sym.Eq(sym.Mul(a, c8(2)), c8(1)))); r != Unsat {
		t.Errorf("2a = 1 (mod 256): %v, want unsat", r)
	}
	wide := query(sym.Eq(sym.Var("w", 32), sym.Const(32, 1)))
	if _, _, err := b.Check(context.Background(), wide); err == nil {
		t.Errorf("32 bits: no error")
	}
}

// TestCacheKeepsItsModel: a caller that changes the model it got does not
// change the cache's.
func TestCacheKeepsItsModel(t *testing.T) {
	c := NewCache(&fake{})
	q := query(sym.Eq(v8("a"), c8(3)))
	_, m, _ := c.Check(context.Background(), q)
	m["a"] = 99
	if _, m, _ := c.Check(context.Background(), q); m["a"] != 3 {
		t.Errorf("cached model changed: %v", m)
	}
}
