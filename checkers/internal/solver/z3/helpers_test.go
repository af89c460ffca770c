package z3

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func newSolver(t testing.TB, opts Options) *Solver {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// check runs q and fails the test on an error, or on a Sat model that
// does not satisfy q under sym.Eval (every Sat answer is checked so).
func check(t testing.TB, s solver.Solver, q solver.Query) (solver.Result, solver.Model) {
	t.Helper()
	r, m, err := s.Check(context.Background(), q)
	if err != nil {
		t.Fatalf("%v: %v", q, err)
	}
	if r == solver.Sat && !solver.Satisfies(m, q) {
		t.Fatalf("%v: model %v does not satisfy the query under sym.Eval", q, m)
	}
	return r, m
}

// pinned returns the constraints var = value for every variable of env
// that occurs in ts.
func pinned(env map[string]uint64, ts ...*sym.Term) []*sym.Term {
	seen := map[string]bool{}
	var cs []*sym.Term
	for _, t := range ts {
		for _, v := range t.Vars() {
			if seen[v.Name] {
				continue
			}
			seen[v.Name] = true
			if v.IsBool() {
				cs = append(cs, sym.Eq(sym.Ite(v, sym.Const(1, 1), sym.Const(1, 0)), sym.Const(1, env[v.Name])))
				continue
			}
			cs = append(cs, sym.Eq(v, sym.Const(v.Width, env[v.Name])))
		}
	}
	return cs
}

// equals returns t = value (t ↔ value for a boolean).
func equals(t *sym.Term, value uint64) *sym.Term {
	if t.IsBool() {
		if value != 0 {
			return t
		}
		return sym.BNot(t)
	}
	return sym.Eq(t, sym.Const(t.Width, value))
}
