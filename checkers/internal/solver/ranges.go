package solver

import (
	"context"
	"hash/maphash"
	"maps"
	"slices"
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
	decides func(Query) (Result, Model) // instead of refutes when set
	hits    atomic.Int64
}

// NewRanges returns next behind the range step.
func NewRanges(next Solver) *Refuter { return &Refuter{next: next, decides: RangeDecides} }

// NewLinear returns next behind the linear step.
func NewLinear(next Solver) *Refuter { return &Refuter{next: next, refutes: linearRefutes} }

// Check answers Unsat when the step refutes q, else asks next. The
// range step also answers Sat with a model its bounds point at (see
// rangeDecide).
func (r *Refuter) Check(ctx context.Context, q Query) (Result, Model, error) {
	if r.decides != nil {
		// A model covers the whole query, not only the goal's slice (as
		// the solver's below): a witness then shows every size the
		// query has, each at a value that holds.
		res, m := r.decides(q)
		if res != Unknown {
			r.hits.Add(1)
			return res, m, nil
		}
		return r.next.Check(ctx, q)
	}
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

// IntervalsRefute reports whether the intervals (sym.RefuteIntervals:
// their fixpoint, enumeration, cases one level deep) prove q
// unsatisfiable: RangeRefutes without its deeper cases and the linear
// step, for a check whose only possible outcome is a proof.
func IntervalsRefute(q Query) bool {
	return refutations.get(q, 'i', func(q Query) bool {
		if f := factsOf(q.Constraints); f != nil {
			return f.RefuteIntervals(goalOf(q))
		}
		return sym.RefuteIntervals(q.Terms())
	})
}

// RangeDecides is RangeRefutes that also answers Sat: where the
// intervals do not refute q, a model at their lower corner that q holds
// under (sym.Guess) is returned before the linear step is tried. Unknown
// when neither.
func RangeDecides(q Query) (Result, Model) {
	return rangeDecide(q, func() bool { v, _ := splitVar(q, maxCases); return v != nil })
}

// rangeRefutes is RangeRefutes for a caller that knows whether Split
// would case on q (splits, asked only when the answer is not memoized):
// Split has found its variable already.
func rangeRefutes(q Query, splits func() bool) bool {
	return rangeDecision(q, splits).refuted
}

// rangeDecide is RangeDecides for a caller that knows whether Split
// would case on q (see rangeRefutes).
func rangeDecide(q Query, splits func() bool) (Result, Model) {
	d := rangeDecision(q, splits)
	switch {
	case d.refuted:
		return Unsat, nil
	case d.model != nil:
		return Sat, d.model.unpack(q)
	}
	return Unknown, nil
}

// rangeDecision is the range step's memoized decision of q; a caller
// that only refutes reads it without copying the model out.
func rangeDecision(q Query, splits func() bool) decision {
	return refutations.decide(q, 'r', func(q Query) decision {
		// A query with a few-valued factor of a product is split into
		// cases below (Split), each linear where the query is not: the
		// product lemmas are left to the cases (on the bundled examples
		// that pass refuted 31 of the 233 queries it was tried on and
		// was 2.3 of the 6 s of analysis). A case has no such factor
		// left and gets them.
		refuted, m := decideQuery(q, goalSlice(q), func() bool { return !splits() }, true)
		d := decision{refuted: refuted}
		if m != nil {
			d.model = pack(m, q)
		}
		return d
	})
}

// goalOf returns q's goal as a conjunction of one term (none without).
func goalOf(q Query) []*sym.Term {
	if q.Goal == nil {
		return nil
	}
	return []*sym.Term{q.Goal}
}

// factsOf returns the range step's fixpoint of cs (sym.Facts), derived
// once for the queries that share them: a kernel's assumptions under one
// launch, asked with each check's goal. Nil the first time cs is seen:
// deriving facts costs more than one plain fixpoint, and most
// constraint sets below the first query (a case of Split, a query with a
// model's values substituted) are never seen again.
func factsOf(cs []*sym.Term) *sym.Facts {
	if len(cs) == 0 {
		return nil
	}
	var h maphash.Hash
	h.SetSeed(factsTable.seed)
	for _, c := range cs {
		h.WriteString(c.Key())
	}
	k := h.Sum64()
	factsTable.mu.Lock()
	f, ok := factsTable.m[k]
	once := factsTable.seen[k]
	if !once {
		if len(factsTable.seen) >= maxSeen {
			clear(factsTable.seen)
		}
		factsTable.seen[k] = true
	}
	factsTable.mu.Unlock()
	switch {
	case ok && sameKeys(f.Conjuncts(), cs):
		return f
	case !once:
		return nil
	}
	f = sym.NewFacts(slices.Clone(cs))
	factsTable.mu.Lock()
	if len(factsTable.m) >= maxFacts {
		clear(factsTable.m)
	}
	factsTable.m[k] = f
	factsTable.mu.Unlock()
	return f
}

// factsTable keeps the facts of recent constraint sets, by a hash of
// their keys, and the hashes of the sets seen once; maxFacts and maxSeen
// bound them (facts hold a bound per subterm).
var factsTable = struct {
	mu   sync.Mutex
	seed maphash.Seed
	m    map[uint64]*sym.Facts
	seen map[uint64]bool
}{seed: maphash.MakeSeed(), m: map[uint64]*sym.Facts{}, seen: map[uint64]bool{}}

const (
	maxFacts = 64
	maxSeen  = 1 << 14
)

// decideQuery is sym.DecideQuery of q, from its constraints' facts when
// they are kept.
func decideQuery(q Query, slice []*sym.Term, products func() bool, guess bool) (bool, map[string]uint64) {
	if f := factsOf(q.Constraints); f != nil {
		return f.DecideQuery(goalOf(q), slice, products, guess)
	}
	return sym.DecideQuery(q.Terms(), slice, products, guess)
}

// sameKeys reports whether a and b are the same terms in the same order.
func sameKeys(a, b []*sym.Term) bool {
	return slices.EqualFunc(a, b, func(x, y *sym.Term) bool { return x == y || x.Key() == y.Key() })
}

// packed is a model kept in a table: the values of the query's variables
// in name order (no pointers for the collector to scan, a third of a
// map's size), or the model itself when it leaves one out.
type packed struct {
	vals []uint64
	m    Model
}

func pack(m Model, q Query) *packed {
	vars, err := q.Vars()
	if err != nil || len(vars) != len(m) {
		return &packed{m: maps.Clone(m)}
	}
	vals := make([]uint64, len(vars))
	for i, v := range vars {
		x, ok := m[v.Name]
		if !ok {
			return &packed{m: maps.Clone(m)}
		}
		vals[i] = x
	}
	return &packed{vals: vals}
}

// unpack returns a fresh copy of the model of q that p keeps.
func (p *packed) unpack(q Query) Model {
	if p.m != nil {
		return maps.Clone(p.m)
	}
	vars, _ := q.Vars()
	m := make(Model, len(vars))
	for i, v := range vars {
		m[v.Name] = p.vals[i]
	}
	return m
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
var refutations = &refuteMemo{m: map[refuteKey]decision{}}

type refuteKey struct {
	q, goal id
	kind    byte
}

type refuteMemo struct {
	mu sync.Mutex
	m  map[refuteKey]decision
}

// decision is a memoized answer of the range or linear step: refuted,
// or a model q holds under (the range step's guess), or neither.
type decision struct {
	refuted bool
	model   *packed
}

// maxRefutations bounds the table; past it the table starts over.
const maxRefutations = 1 << 16

func (r *refuteMemo) get(q Query, kind byte, f func(Query) bool) bool {
	return r.decide(q, kind, func(q Query) decision { return decision{refuted: f(q)} }).refuted
}

// decide is get for a step that may also find a model. The model is
// shared: callers copy it before handing it on.
func (r *refuteMemo) decide(q Query, kind byte, f func(Query) decision) decision {
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
		r.m = map[refuteKey]decision{}
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
