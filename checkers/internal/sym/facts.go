package sym

import (
	"maps"
	"slices"
)

// Facts is the range step's fixpoint of a conjunction, derived once and
// read by every query that adds a goal to it: the assumptions of one
// kernel under one launch, asked about each of its accesses and each
// pair of them. A query starts from the bounds the facts hold and
// assumes again only its goal and the facts that mention a term the goal
// narrowed (see settle), instead of every fact in every round: on a
// sampling kernel's race and warp checks, three hundred facts and a goal
// of a few dozen conjuncts, the facts were half of each query's time.
//
// A Facts is immutable once made: safe for concurrent use.
type Facts struct {
	cs      []*Term
	st      *ranges // the bounds at the fixpoint, never changed (queries clone it)
	refuted bool    // the facts alone have no model
	// uses lists, by a subterm's key, the facts with that subterm: those
	// to assume again when its bound narrows.
	uses map[string][]int32
	// open are the facts still to assume when the rounds ran out before
	// the fixpoint (nil when it was reached).
	open []int32
}

// NewFacts derives the bounds the conjunction cs implies.
func NewFacts(cs []*Term) *Facts {
	f := &Facts{cs: cs, uses: map[string][]int32{}}
	for i, c := range cs {
		seen := map[*Term]bool{}
		keys := map[string]bool{}
		var walk func(t *Term)
		walk = func(t *Term) {
			if seen[t] {
				return
			}
			seen[t] = true
			keys[t.Key()] = true
			for _, a := range t.Args {
				walk(a)
			}
		}
		walk(c)
		for k := range keys {
			f.uses[k] = append(f.uses[k], int32(i))
		}
	}
	st := newRanges()
	f.refuted, f.open = st.settle(f, f.every(), nil)
	st.release()
	st.dirty = nil
	f.st = st
	return f
}

// Conjuncts returns the facts' conjunction (shared: not to be changed).
func (f *Facts) Conjuncts() []*Term { return f.cs }

// start returns a state holding the facts' bounds, for one query.
func (f *Facts) start() *ranges { return f.st.clone() }

// settle is fixpoint of f's facts and extra on st, a state that holds
// bounds of f's facts: each round assumes every conjunct of extra and,
// of the facts, those in active (first) or those with a subterm the
// previous round narrowed, until a round narrows nothing (at most
// maxRounds rounds). Facts no narrowed term reaches are left alone: the
// bounds st holds already say what they say. It returns whether the
// conjunction is refuted on the way, and, when the rounds ran out, the
// facts still to assume.
func (st *ranges) settle(f *Facts, active []int32, extra []*Term) (bool, []int32) {
	st.dirty = map[string]bool{}
	defer func() { st.dirty, st.dirtyAll = nil, false }()
	for round := 0; round < maxRounds; round++ {
		st.changed = false
		st.memo.reset()
		clear(st.dirty)
		st.dirtyAll = false
		for _, c := range extra {
			if st.truth(c) < 0 || st.empty {
				return true, nil
			}
			st.assume(c, true)
			if st.empty {
				return true, nil
			}
		}
		for _, i := range active {
			c := f.cs[i]
			if st.truth(c) < 0 || st.empty {
				return true, nil
			}
			st.assume(c, true)
			if st.empty {
				return true, nil
			}
		}
		if !st.changed {
			return false, nil
		}
		active = f.reached(st)
	}
	return false, active
}

// reached returns, in order, the facts with a subterm st narrowed in
// this round (all of them when a no-wrap fact changed the reading of
// arithmetic).
func (f *Facts) reached(st *ranges) []int32 {
	if st.dirtyAll {
		return f.every()
	}
	set := map[int32]bool{}
	for k := range st.dirty {
		for _, i := range f.uses[k] {
			set[i] = true
		}
	}
	out := slices.Collect(maps.Keys(set))
	slices.Sort(out)
	return out
}

// every returns the indices of all the facts.
func (f *Facts) every() []int32 {
	all := make([]int32, len(f.cs))
	for i := range all {
		all[i] = int32(i)
	}
	return all
}

// fixpointWith is fixpoint of f's facts and goal on st, a fresh state
// of f (start): true when refuted.
func (f *Facts) fixpointWith(st *ranges, goal []*Term) bool {
	if f.refuted {
		return true
	}
	refuted, _ := st.settle(f, f.open, goal)
	return refuted
}

// RefuteIntervals is RefuteIntervals of the facts and goal together.
func (f *Facts) RefuteIntervals(goal []*Term) bool {
	st := f.start()
	defer st.release()
	return f.fixpointWith(st, goal) || st.refuteMore(scope{f: f, goal: goal}, 1)
}

// DecideQuery is DecideQuery of the facts and goal together; slice, when
// not nil, is a part of them (see DecideQuery).
func (f *Facts) DecideQuery(goal, slice []*Term, products func() bool, guess bool) (refuted bool, model map[string]uint64) {
	st := f.start()
	defer st.release()
	if f.fixpointWith(st, goal) {
		return true, nil
	}
	return st.decideRest(scope{f: f, goal: goal}, slice, products, guess)
}

// with returns the facts followed by goal.
func (f *Facts) with(goal []*Term) []*Term {
	return append(slices.Clip(f.cs), goal...)
}
