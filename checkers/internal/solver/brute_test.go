package solver

import (
	"context"
	"fmt"
	"maps"
	"sync"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Brute decides a query by trying every assignment of its variables (a
// boolean counts one bit), so only small widths: at most MaxBits bits in
// all (default 18). On Sat its model is the first satisfying assignment
// in counting order. The tests use it as the reference solver.
type Brute struct {
	MaxBits int

	mu    sync.Mutex
	Calls int // Check calls so far
}

// Check implements Solver.
func (b *Brute) Check(ctx context.Context, q Query) (Result, Model, error) {
	b.mu.Lock()
	b.Calls++
	b.mu.Unlock()
	vars, err := q.Vars()
	if err != nil {
		return Unknown, nil, err
	}
	bits := 0
	for _, v := range vars {
		bits += max(v.Width, 1)
	}
	limit := b.MaxBits
	if limit == 0 {
		limit = 18
	}
	if bits > limit {
		return Unknown, nil, fmt.Errorf("brute: %d bits is too many", bits)
	}
	terms := q.Terms()
	e := evaluator{env: Model{}, memo: map[*sym.Term]uint64{}}
	for n := uint64(0); n < 1<<uint(bits); n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return Unknown, nil, nil
		}
		assign(e.env, vars, n)
		clear(e.memo)
		if holds(&e, terms) {
			return Sat, maps.Clone(e.env), nil
		}
	}
	return Unsat, nil, nil
}

// assign splits n into the variables' values, first variable lowest.
func assign(m Model, vars []*sym.Term, n uint64) {
	for _, v := range vars {
		w := max(v.Width, 1)
		m[v.Name] = n & sym.Mask(w)
		n >>= uint(w)
	}
}

func holds(e *evaluator, terms []*sym.Term) bool {
	for _, t := range terms {
		if v, err := e.eval(t); err != nil || v != 1 {
			return false
		}
	}
	return true
}

// fake is a base solver for decorator tests: it answers with answer (or
// Brute when nil), records every query and counts calls.
type fake struct {
	mu      sync.Mutex
	calls   int
	queries []Query
	answer  func(ctx context.Context, q Query) (Result, Model, error)
	brute   Brute
}

func (f *fake) Check(ctx context.Context, q Query) (Result, Model, error) {
	f.mu.Lock()
	f.calls++
	f.queries = append(f.queries, q)
	f.mu.Unlock()
	if f.answer != nil {
		return f.answer(ctx, q)
	}
	return f.brute.Check(ctx, q)
}

func (f *fake) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}
