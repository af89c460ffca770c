package solver

import (
	"context"
	"maps"
	"sync"
	"sync/atomic"
)

// Shared is an exact-answer cache shared by every chain of a process:
// template instantiations of one kernel (float, half, bfloat16) and the
// launch contexts of one launcher ask the same queries, each through its
// own chain. Only Sat and Unsat answers are kept, keyed by the query's
// term set, so an answer never depends on which chain asked first (the
// base solver answers a query the same way every time); the per-chain
// Cache above it keeps its model and subset reuse private for the same
// reason.
type Shared struct {
	mu      sync.Mutex
	results map[id]answer
	hits    atomic.Int64
}

// maxShared bounds the shared table; past it the table starts over.
const maxShared = 1 << 18

// NewShared returns an empty shared cache.
func NewShared() *Shared { return &Shared{results: map[id]answer{}} }

// Hits returns how many queries the shared table answered.
func (c *Shared) Hits() int64 { return c.hits.Load() }

// Wrap returns next behind the shared table.
func (c *Shared) Wrap(next Solver) Solver { return &sharedSolver{c, next} }

type sharedSolver struct {
	c    *Shared
	next Solver
}

func (s *sharedSolver) Check(ctx context.Context, q Query) (Result, Model, error) {
	vars, err := q.Vars()
	if err != nil {
		return Unknown, nil, err
	}
	key := setID(termIDs(q))
	s.c.mu.Lock()
	a, ok := s.c.results[key]
	s.c.mu.Unlock()
	if ok {
		s.c.hits.Add(1)
		return a.r, restrict(a.m, vars), nil
	}
	r, m, err := s.next.Check(ctx, q)
	if err != nil || (r != Sat && r != Unsat) {
		return r, m, err
	}
	s.c.mu.Lock()
	if len(s.c.results) >= maxShared {
		s.c.results = map[id]answer{}
	}
	s.c.results[key] = answer{r, maps.Clone(m)}
	s.c.mu.Unlock()
	return r, m, nil
}
