package z3

import (
	"context"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// BenchmarkCheckReuse is one query after another on one context
// (translation memo, push, assert, check, model, pop).
func BenchmarkCheckReuse(b *testing.B) {
	s := newSolver(b, Options{})
	q, _ := overflowQuery()
	for b.Loop() {
		if r, _, err := s.Check(context.Background(), q); r != solver.Sat || err != nil {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkCheckFresh is the same query on a new context each time.
func BenchmarkCheckFresh(b *testing.B) {
	q, _ := overflowQuery()
	for b.Loop() {
		s, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		if r, _, err := s.Check(context.Background(), q); r != solver.Sat || err != nil {
			b.Fatal(r, err)
		}
		s.Close()
	}
}

// BenchmarkCheckUnsat is a small Unsat query (row < 4096 cannot overflow).
func BenchmarkCheckUnsat(b *testing.B) {
	s := newSolver(b, Options{})
	q, m := overflowQuery()
	q.Constraints = append(q.Constraints, sym.Slt(m, sym.Const(32, 4096)))
	for b.Loop() {
		if r, _, err := s.Check(context.Background(), q); r != solver.Unsat || err != nil {
			b.Fatal(r, err)
		}
	}
}

// BenchmarkChainCached asks the Chain the same family of queries: after
// the first, the exact table and the model cache answer.
func BenchmarkChainCached(b *testing.B) {
	c := solver.NewChain(newSolver(b, Options{}), solver.Options{Cache: true, Independence: true})
	q, m := overflowQuery()
	bounds := []*sym.Term{sym.Sgt(m, sym.Const(32, 0)), sym.Sge(m, sym.Const(32, 0)), sym.Ne(m, sym.Const(32, 5))}
	i := 0
	for b.Loop() {
		qi := q
		qi.Constraints = append(q.Constraints[:2:2], bounds[i%len(bounds)])
		i++
		if r, _, err := c.Check(context.Background(), qi); r != solver.Sat || err != nil {
			b.Fatal(r, err)
		}
	}
	if st := c.Stats(); st.SolverCalls > 3 {
		b.Fatalf("stats %v: want at most 3 solver calls", st)
	}
}

// BenchmarkMinimize finds the overflow threshold M = 74900.
func BenchmarkMinimize(b *testing.B) {
	s := newSolver(b, Options{})
	q, m := overflowQuery()
	for b.Loop() {
		if v, _, r, err := solver.Minimize(context.Background(), s, q, m, true); v != 74900 || r != solver.Sat || err != nil {
			b.Fatal(v, r, err)
		}
	}
}

// BenchmarkCheckReuseDeadline is BenchmarkCheckReuse under a fresh
// 1-second deadline per query, as the Chain's Timeout gives: the timeout
// parameter is set and a watcher goroutine runs for every check.
func BenchmarkCheckReuseDeadline(b *testing.B) {
	s := newSolver(b, Options{})
	q, _ := overflowQuery()
	timed := solver.NewTimeout(s, time.Second)
	for b.Loop() {
		if r, _, err := timed.Check(context.Background(), q); r != solver.Sat || err != nil {
			b.Fatal(r, err)
		}
	}
}
