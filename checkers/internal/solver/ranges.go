package solver

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Ranges answers Unsat, without the base solver, a query whose terms range
// reasoning refutes (see sym.Refute): interval bounds of the sizes, thread
// and block ids and of the index expressions over them settle most
// "index < length" and "product fits in int" checks of inference kernels
// in microseconds. Other queries go on to the next solver.
type Ranges struct {
	next Solver
	hits atomic.Int64
}

// NewRanges returns next behind the range step.
func NewRanges(next Solver) *Ranges { return &Ranges{next: next} }

// Check answers Unsat when sym.Refute proves the query unsatisfiable, else
// asks the next solver.
func (r *Ranges) Check(ctx context.Context, q Query) (Result, Model, error) {
	if RangeRefutes(q) {
		r.hits.Add(1)
		return Unsat, nil, nil
	}
	return r.next.Check(ctx, q)
}

// Hits returns how many queries the range step answered.
func (r *Ranges) Hits() int64 { return r.hits.Load() }

// RangeRefutes reports whether range reasoning or linear arithmetic
// (sym.Refute, sym.RefuteLinear) alone proves q
// unsatisfiable.
func RangeRefutes(q Query) bool {
	return refutations.get(q, 'r', func(ts []*sym.Term) bool { return sym.Refute(ts) || sym.RefuteLinear(ts) })
}

// linearRefutes is sym.RefuteLinear of q's terms, memoized.
func linearRefutes(q Query) bool {
	return refutations.get(q, 'l', sym.RefuteLinear)
}

// refutations memoizes the range and linear steps by query: a check's
// query meets them up to three times (the checker's own range step, the
// chain's, and below Split), and they cost more than the solver on some
// kernels. They are pure functions of the query's terms, so one table
// serves every chain and goroutine without making answers depend on
// order.
var refutations = &refuteMemo{m: map[refuteKey]bool{}}

type refuteKey struct {
	q    id
	kind byte
}

type refuteMemo struct {
	mu sync.Mutex
	m  map[refuteKey]bool
}

// maxRefutations bounds the table; past it the table starts over.
const maxRefutations = 1 << 16

func (r *refuteMemo) get(q Query, kind byte, f func([]*sym.Term) bool) bool {
	k := refuteKey{setID(termIDs(q)), kind}
	r.mu.Lock()
	v, ok := r.m[k]
	r.mu.Unlock()
	if ok {
		return v
	}
	v = f(q.Terms())
	r.mu.Lock()
	if len(r.m) >= maxRefutations {
		r.m = map[refuteKey]bool{}
	}
	r.m[k] = v
	r.mu.Unlock()
	return v
}

// Linear answers Unsat, without the base solver, a query that linear
// arithmetic over its integer form refutes (sym.RefuteLinear). In the
// chain it sits below Split: a case with the profile's sizes substituted
// is linear where the whole query multiplies two sizes.
type Linear struct {
	next Solver
	hits atomic.Int64
}

// NewLinear returns next behind the linear step.
func NewLinear(next Solver) *Linear { return &Linear{next: next} }

// Check answers Unsat when sym.RefuteLinear refutes q, else asks next.
func (l *Linear) Check(ctx context.Context, q Query) (Result, Model, error) {
	if linearRefutes(q) {
		l.hits.Add(1)
		return Unsat, nil, nil
	}
	return l.next.Check(ctx, q)
}

// Hits returns how many queries the linear step answered.
func (l *Linear) Hits() int64 { return l.hits.Load() }
