package solver

import (
	"context"
	"io"
	"sync/atomic"
	"time"
)

// Options selects the decorators of a Chain.
type Options struct {
	Cache        bool          // answer from earlier answers (Cache)
	Independence bool          // slice away constraints unrelated to the goal (Independence)
	Timeout      time.Duration // per-query wall-clock limit (a safety net, and for tests); 0: none
	Work         uint64        // per-query limit of solver work units (Budget); 0: none
	Allowance    *Allowance    // the units all queries of the chain draw on (Budget); nil: no total
	Log          io.Writer     // where to write each solver query (Log); nil: nowhere
	Shared       *Shared       // a process-wide answer table below the linear step (see Shared); nil: none
	Split        bool          // answer by cases on few-valued factors of products (Split)
	Ranges       bool          // answer Unsat by range reasoning before anything else (Ranges)
	Propagate    bool          // substitute the query's variable equalities first (Propagate)
	Corners      bool          // try the corners of the sizes WithCorners names when Unknown (Corners)
	Probe        bool          // look for a model by evaluation before the solver (Probe)
}

// Chain is a base solver behind the decorators Options selects, in this
// order from the caller down:
//
//	Ranges → Propagate → Independence → Cache → Budget → Timeout → Corners → Split → Linear → Probe → Shared → Log → (meter) → base
//
// The range step comes first: it is cheaper than a cache lookup and sees
// the whole query (the bounds of a slice's variables may come from the
// constraints slicing drops).
// Slicing comes first so that the cache sees small, reusable queries; the
// timeout covers only real solver work; the log shows exactly the queries
// the solver gets. A Chain is safe for concurrent use when its base is
// (the z3 solver is not: give each worker its own Chain, or share one
// behind a lock).
type Chain struct {
	s     Solver
	ind   *Independence // nil without Options.Independence
	rng   *Refuter      // the range step; nil without Options.Ranges
	prop  *Propagate    // nil without Options.Propagate
	lin   *Refuter      // the linear step; nil without Options.Ranges
	cache *Cache        // nil without Options.Cache
	probe *Probe        // nil without Options.Probe
	meter *meter

	queries, sat, unsat, unknown, errors atomic.Int64
}

// NewChain assembles base and the decorators opts asks for.
func NewChain(base Solver, opts Options) *Chain {
	c := &Chain{meter: &meter{next: base}}
	var s Solver = c.meter
	if opts.Log != nil {
		s = NewLog(s, opts.Log)
	}
	if opts.Shared != nil {
		s = opts.Shared.Wrap(s)
	}
	if opts.Probe {
		// Below Split and the linear step: a case's constants are in, and
		// what the linear step refutes costs no search.
		c.probe = NewProbe(s)
		s = c.probe
	}
	if opts.Ranges {
		c.lin = NewLinear(s)
		s = c.lin
	}
	if opts.Split {
		s = NewSplit(s)
	}
	if opts.Corners {
		// Above Split: each corner is split in its turn.
		s = NewCorners(s)
	}
	if opts.Timeout > 0 {
		// Above Split: a query's cases share its time.
		s = NewTimeout(s, opts.Timeout)
	}
	if opts.Work > 0 || opts.Allowance != nil {
		// Below the chain's own cache (deterministic for one chain) and
		// above the process-wide table: a query is charged whether or not
		// another goroutine happened to answer it first.
		s = NewBudget(s, opts.Work, opts.Allowance)
	}
	if opts.Cache {
		c.cache = NewCache(s)
		s = c.cache
	}
	if opts.Independence {
		c.ind = NewIndependence(s)
		s = c.ind
	}
	if opts.Propagate {
		c.prop = NewPropagate(s)
		s = c.prop
	}
	if opts.Ranges {
		c.rng = NewRanges(s)
		s = c.rng
	}
	c.s = s
	return c
}

// Check answers q through the chain and counts the answer.
func (c *Chain) Check(ctx context.Context, q Query) (Result, Model, error) {
	c.queries.Add(1)
	r, m, err := c.s.Check(ctx, q)
	switch {
	case err != nil:
		c.errors.Add(1)
	case r == Sat:
		c.sat.Add(1)
	case r == Unsat:
		c.unsat.Add(1)
	default:
		c.unknown.Add(1)
	}
	return r, m, err
}

// ReasonUnknown passes on the base solver's reason for its latest Unknown
// (a cached Unknown keeps no reason).
func (c *Chain) ReasonUnknown() string { return c.meter.ReasonUnknown() }

// Stats returns the counters so far.
func (c *Chain) Stats() Stats {
	s := Stats{
		Queries:     c.queries.Load(),
		Sat:         c.sat.Load(),
		Unsat:       c.unsat.Load(),
		Unknown:     c.unknown.Load(),
		Errors:      c.errors.Load(),
		SolverCalls: c.meter.calls.Load(),
		Timeouts:    c.meter.timeouts.Load(),
		SolverTime:  time.Duration(c.meter.nanos.Load()),
	}
	if c.cache != nil {
		s.CacheHits, s.UnsatHits, s.ModelHits = c.cache.Hits()
	}
	if c.ind != nil {
		s.Dropped = c.ind.Dropped()
	}
	if c.probe != nil {
		s.ProbeHits = c.probe.Hits()
	}
	if c.rng != nil {
		s.RangeHits = c.rng.Hits()
	}
	if c.prop != nil {
		s.RangeHits += c.prop.Hits()
	}
	if c.lin != nil {
		s.RangeHits += c.lin.Hits()
	}
	return s
}
