package solver

import (
	"bytes"
	"cmp"
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"maps"
	"slices"
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

// savedAnswer is one entry of the table as Save writes it.
type savedAnswer struct {
	Q      id
	Work   uint64
	Result Result
	Model  Model
}

// savedFormat names the encoding of Save; Load rejects another.
const savedFormat = "cudavet solver answers 1"

// Save writes the table's answers to w (gob), sorted by key so that the
// same table gives the same bytes. A later process loads them with Load:
// a query's answer is a function of its terms and work units (see
// Shared), so an answer read back is the one the solver would give,
// provided the solver and the term encoding are the same (the caller
// keys the saved table by the executable).
func (c *Shared) Save(w io.Writer) error {
	c.mu.Lock()
	out := make([]savedAnswer, 0, len(c.results))
	for k, a := range c.results {
		out = append(out, savedAnswer{Q: k.q, Work: k.work, Result: a.r, Model: a.m})
	}
	c.mu.Unlock()
	slices.SortFunc(out, func(a, b savedAnswer) int {
		return cmp.Or(bytes.Compare(a.Q[:], b.Q[:]), cmp.Compare(a.Work, b.Work))
	})
	enc := gob.NewEncoder(w)
	if err := enc.Encode(savedFormat); err != nil {
		return err
	}
	return enc.Encode(out)
}

// Load adds the answers Save wrote to r to the table (an answer the table
// has already is kept) and returns how many it read. Past maxShared the
// rest is left out.
func (c *Shared) Load(r io.Reader) (int, error) {
	dec := gob.NewDecoder(r)
	var format string
	if err := dec.Decode(&format); err != nil {
		return 0, fmt.Errorf("solver answers: %w", err)
	}
	if format != savedFormat {
		return 0, fmt.Errorf("solver answers: format %q, want %q", format, savedFormat)
	}
	var in []savedAnswer
	if err := dec.Decode(&in); err != nil {
		return 0, fmt.Errorf("solver answers: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, a := range in {
		if len(c.results) >= maxShared {
			break
		}
		k := sharedKey{a.Q, a.Work}
		if _, ok := c.results[k]; !ok {
			c.results[k] = answer{a.Result, a.Model}
		}
	}
	return len(in), nil
}

// Len returns the number of answers in the table.
func (c *Shared) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.results)
}
