package solver

import (
	"context"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
)

// Shared is an answer table shared by every chain of a process: template
// instantiations of one kernel (float, half, bfloat16) and the launch
// contexts of one launcher ask the same queries, each through its own
// chain. It is sound to share, and keeps output independent of -j and of
// which chain asks first, only below a base solver whose answer is a
// function of the query and its work units (z3.PerQuery: a context per
// query). Sat, Unsat, and Unknown at the resource limit are kept, keyed
// by the query's term set and its work units; an Unknown from a deadline
// or a cancellation is not. The per-chain Cache above it keeps its model
// and subset reuse private.
type Shared struct {
	mu      sync.Mutex
	results map[sharedKey]answer
	hits    atomic.Int64
}

type sharedKey struct {
	q    id
	work uint64
}

// maxShared bounds the shared table; past it the table starts over.
const maxShared = 1 << 18

// NewShared returns an empty shared cache.
func NewShared() *Shared { return &Shared{results: map[sharedKey]answer{}} }

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
	key := sharedKey{setID(termIDs(q)), WorkOf(ctx)}
	s.c.mu.Lock()
	a, ok := s.c.results[key]
	s.c.mu.Unlock()
	if ok {
		s.c.hits.Add(1)
		return a.r, restrict(a.m, vars), nil
	}
	r, m, err := s.next.Check(ctx, q)
	if err != nil || ctx.Err() != nil || (r == Unknown && !strings.Contains(reason(s.next), "resource limit")) {
		return r, m, err
	}
	s.c.mu.Lock()
	if len(s.c.results) >= maxShared {
		s.c.results = map[sharedKey]answer{}
	}
	s.c.results[key] = answer{r, maps.Clone(m)}
	s.c.mu.Unlock()
	return r, m, nil
}
