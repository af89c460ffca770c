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
// (sym.RefuteQuery: intervals, then the linear form of the goal's
// neighbourhood) alone proves q unsatisfiable.
func RangeRefutes(q Query) bool {
	return rangeRefutes(q, func() bool { v, _ := splitVar(q, maxCases); return v != nil })
}

// rangeRefutes is RangeRefutes for a caller that knows whether Split
// would case on q (splits, asked only when the answer is not memoized):
// Split has found its variable already.
func rangeRefutes(q Query, splits func() bool) bool {
	return refutations.get(q, 'r', func(q Query) bool {
		// A query with a few-valued factor of a product is split into
		// cases below (Split), each linear where the query is not: the
		// product lemmas are left to the cases (on the bundled examples
		// that pass refuted 31 of the 233 queries it was tried on and
		// was 2.3 of the 6 s of analysis). A case has no such factor
		// left and gets them.
		return sym.RefuteQuery(q.Terms(), goalSlice(q), !splits())
	})
}

// linearRefutes is refuteLinear, memoized.
func linearRefutes(q Query) bool {
	return refutations.get(q, 'l', refuteLinear)
}

// refuteLinear is sym.RefuteLinear of the goal's neighbourhood (see
// goalSlice), then of the whole query. The launch's and the loops'
// constraints that do not touch the goal can only cost elimination work
// and case splits (a disjunction of the size guards is split before the
// goal's own), which on a warp check ran out before the goal was
// reached. Dropping conjuncts only weakens the system: the slice's
// refutation is the query's.
func refuteLinear(q Query) bool {
	if s := goalSlice(q); s != nil && sym.RefuteLinear(s) {
		return true
	}
	return sym.RefuteLinear(q.Terms())
}

// goalSlice returns the goal's conjuncts, the constraints that share a
// variable with them, and the one-variable constraints (bounds) of every
// variable those mention; nil when that is the whole query.
func goalSlice(q Query) []*sym.Term {
	if q.Goal == nil {
		return nil
	}
	vars := map[string]bool{}
	for _, v := range q.Goal.Vars() {
		vars[v.Name] = true
	}
	touches := func(t *sym.Term) bool {
		for _, v := range t.Vars() {
			if vars[v.Name] {
				return true
			}
		}
		return false
	}
	var near []*sym.Term
	in := make([]bool, len(q.Constraints))
	for i, c := range q.Constraints {
		if touches(c) {
			in[i] = true
			near = append(near, c)
		}
	}
	for _, c := range near {
		for _, v := range c.Vars() {
			vars[v.Name] = true
		}
	}
	out := []*sym.Term{q.Goal}
	n := 0
	for i, c := range q.Constraints {
		if in[i] || (len(c.Vars()) == 1 && touches(c)) {
			out = append(out, c)
			n++
		}
	}
	if n == len(q.Constraints) {
		return nil
	}
	return out
}

// refutations memoizes the range and linear steps by query: a check's
// query meets them up to three times (the checker's own range step, the
// chain's, and below Split), and they cost more than the solver on some
// kernels. They are pure functions of the query's terms, so one table
// serves every chain and goroutine without making answers depend on
// order.
var refutations = &refuteMemo{m: map[refuteKey]bool{}}

type refuteKey struct {
	q, goal id
	kind    byte
}

type refuteMemo struct {
	mu sync.Mutex
	m  map[refuteKey]bool
}

// maxRefutations bounds the table; past it the table starts over.
const maxRefutations = 1 << 16

func (r *refuteMemo) get(q Query, kind byte, f func(Query) bool) bool {
	k := refuteKey{q: setID(termIDs(q)), kind: kind}
	if q.Goal != nil {
		k.goal = termID(q.Goal) // the slice depends on which terms are the goal
	}
	r.mu.Lock()
	v, ok := r.m[k]
	r.mu.Unlock()
	if ok {
		return v
	}
	v = f(q)
	r.mu.Lock()
	if len(r.m) >= maxRefutations {
		r.m = map[refuteKey]bool{}
	}
	r.m[k] = v
	r.mu.Unlock()
	return v
}

// CasesRefute reports whether q is unsatisfiable by the steps that need
// no solver, in the chain's order: propagation of its equalities, the
// range step, then each case of its few-valued factors (Split) under the
// range and linear steps. A case those leave open ends the attempt: the
// answer is false, never a guess.
func CasesRefute(q Query) bool {
	if RangeRefutes(q) {
		return true
	}
	s := NewPropagate(&Split{next: NewLinear(noSolver{}), firstUnknown: true})
	r, _, _ := s.Check(context.Background(), q)
	return r == Unsat
}

// noSolver answers every query Unknown: the end of a chain that must not
// reach a solver.
type noSolver struct{}

func (noSolver) Check(context.Context, Query) (Result, Model, error) { return Unknown, nil, nil }
