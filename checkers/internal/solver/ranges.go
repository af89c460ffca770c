package solver

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Refuter answers Unsat, without the base solver, a query a cheap,
// exact refutation proves unsatisfiable, and passes the others on. Two
// sit in a chain:
//
//   - the range step (NewRanges) first: interval bounds of the sizes,
//     thread and block ids and of the index expressions over them settle
//     most "index < length" and "product fits in int" checks of inference
//     kernels in microseconds (sym.Refute, then sym.RefuteLinear);
//   - the linear step (NewLinear) below Split: a case with the profile's
//     sizes substituted is linear where the whole query multiplies two
//     sizes (sym.RefuteLinear).
type Refuter struct {
	next    Solver
	refutes func(Query) bool
	hits    atomic.Int64
}

// NewRanges returns next behind the range step.
func NewRanges(next Solver) *Refuter { return &Refuter{next: next, refutes: RangeRefutes} }

// NewLinear returns next behind the linear step.
func NewLinear(next Solver) *Refuter { return &Refuter{next: next, refutes: linearRefutes} }

// Check answers Unsat when the step refutes q, else asks next.
func (r *Refuter) Check(ctx context.Context, q Query) (Result, Model, error) {
	if r.refutes(q) {
		r.hits.Add(1)
		return Unsat, nil, nil
	}
	return r.next.Check(ctx, q)
}

// Hits returns how many queries the step answered.
func (r *Refuter) Hits() int64 { return r.hits.Load() }

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
