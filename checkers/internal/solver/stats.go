package solver

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// Stats counts a Chain's work. Queries = Sat + Unsat + Unknown + Errors;
// every query is answered by the range step (RangeHits), the cache (CacheHits + UnsatHits + ModelHits)
// or reaches the base solver (SolverCalls).
type Stats struct {
	Queries             int64 // Check calls on the Chain
	Sat, Unsat, Unknown int64 // the Chain's answers
	Errors              int64 // Check calls that returned an error

	CacheHits int64 // answered from the cache's table of earlier queries
	UnsatHits int64 // answered Unsat because a subset was known Unsat
	ModelHits int64 // answered Sat by a recent model (sym.Eval)
	Dropped   int64 // constraints removed by independence slicing
	RangeHits int64 // answered Unsat by the range step (Ranges, and Propagate's substitution)
	ProbeHits int64 // answered Sat by a model found by evaluation (Probe)

	SolverCalls int64         // queries that reached the base solver
	Timeouts    int64         // solver calls that ended Unknown by deadline or cancellation
	SolverTime  time.Duration // total time in the base solver
}

// String returns the counters on one line, for -stats.
func (s Stats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "queries %d (sat %d, unsat %d, unknown %d, errors %d)", s.Queries, s.Sat, s.Unsat, s.Unknown, s.Errors)
	fmt.Fprintf(&b, ", range step %d", s.RangeHits)
	fmt.Fprintf(&b, ", cache hits %d + unsat-subset %d + model %d", s.CacheHits, s.UnsatHits, s.ModelHits)
	fmt.Fprintf(&b, ", sliced constraints %d", s.Dropped)
	fmt.Fprintf(&b, ", probe %d", s.ProbeHits)
	fmt.Fprintf(&b, ", solver calls %d (timeouts %d) in %s", s.SolverCalls, s.Timeouts, s.SolverTime.Round(time.Microsecond))
	return b.String()
}

// meter counts the calls that reach the base solver, their time and the
// ones that ran out of time.
type meter struct {
	next Solver

	calls, timeouts, nanos atomic.Int64
}

func (m *meter) Check(ctx context.Context, q Query) (Result, Model, error) {
	start := time.Now()
	r, model, err := m.next.Check(ctx, q)
	m.nanos.Add(int64(time.Since(start)))
	m.calls.Add(1)
	if err == nil && r == Unknown && timedOut(ctx, reason(m.next)) {
		m.timeouts.Add(1)
	}
	return r, model, err
}

// ReasonUnknown passes on the base solver's reason.
func (m *meter) ReasonUnknown() string { return reason(m.next) }

// timedOut reports whether an Unknown answer came from the deadline or a
// cancellation rather than from the solver's incompleteness. Z3's own
// timer may fire a little before ctx's deadline, hence the reason too.
func timedOut(ctx context.Context, why string) bool {
	if ctx.Err() != nil {
		return true
	}
	for _, w := range []string{"timeout", "cancel", "interrupt", "resource", "budget"} {
		if strings.Contains(why, w) {
			return true
		}
	}
	return false
}

// Add returns the sum of s and o.
func (s Stats) Add(o Stats) Stats {
	return Stats{
		Queries: s.Queries + o.Queries, Sat: s.Sat + o.Sat, Unsat: s.Unsat + o.Unsat, Unknown: s.Unknown + o.Unknown,
		Errors: s.Errors + o.Errors, CacheHits: s.CacheHits + o.CacheHits, UnsatHits: s.UnsatHits + o.UnsatHits,
		ModelHits: s.ModelHits + o.ModelHits, RangeHits: s.RangeHits + o.RangeHits, ProbeHits: s.ProbeHits + o.ProbeHits, Dropped: s.Dropped + o.Dropped, SolverCalls: s.SolverCalls + o.SolverCalls,
		Timeouts: s.Timeouts + o.Timeouts, SolverTime: s.SolverTime + o.SolverTime,
	}
}
