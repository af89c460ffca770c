package symex

import (
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// maxValueUnknowns is the most unknown inputs of a violation a
// valueProbe tries values for, and maxValueMixes the most of them whose
// values it combines in every way; with more it tries each candidate
// for all of them at once.
const (
	maxValueUnknowns = 4
	maxValueMixes    = 2
)

// A valueProbe settles, without the solver, that no witness can make a
// violation hold for every value of the unknown inputs it involves (the
// rule a finding must meet): at one admissible value of each (its lowest
// or its highest, by range reasoning over the assumptions) the violation
// is false for every anchored input and choice the path admits. A tensor
// whose length nothing ties to the launch is long enough at its largest
// length; a loaded position that could be anything is in range at 0.
// The solver took seconds to find a violating model and seconds more to
// find that the unknowns could undo it.
//
// Admissible means that every assumption and path conjunct that mentions
// the unknowns still holds at the values, implied (by range reasoning) by
// the conjuncts that do not mention them; false means unsatisfiable by
// the steps that need no solver (solver.CasesRefute). Both are exact, so
// the answer is never a guess.
type valueProbe struct {
	viol    *sym.Term
	unknown []*sym.Term
	lo, hi  []uint64
	// with: the conjuncts mentioning an unknown (the values must keep
	// them); restG, restP: the assumptions and path conjuncts that do not.
	with, restG, restP []*sym.Term
}

// newValueProbe returns the probe of viol under pc, or nil when viol has
// no unknown input, too many, or one range reasoning cannot bound.
func (t *Trace) newValueProbe(pc []*sym.Term, viol *sym.Term, anch map[string]bool) *valueProbe {
	p := &valueProbe{viol: viol}
	for _, v := range viol.Vars() {
		if info := t.Vars[v.Name]; info != nil && !anch[v.Name] && info.Class != Choice && !v.IsBool() {
			p.unknown = append(p.unknown, v)
		}
	}
	if len(p.unknown) == 0 || len(p.unknown) > maxValueUnknowns {
		return nil
	}
	global := t.global()
	// The path's guards bound the unknowns too (a slot is not negative
	// past "if (slot < 0) return"); the values are checked admissible
	// against both anyway.
	scope := append(append([]*sym.Term(nil), global...), pc...)
	isUnknown := map[string]bool{}
	for _, v := range p.unknown {
		isUnknown[v.Name] = true
		lo, hi, ok := sym.Bounds(scope, v)
		if !ok {
			return nil
		}
		p.lo, p.hi = append(p.lo, lo), append(p.hi, hi)
	}
	mentions := func(c *sym.Term) bool {
		for _, v := range c.Vars() {
			if isUnknown[v.Name] {
				return true
			}
		}
		return false
	}
	for _, c := range sym.AppendConjuncts(nil, sym.BAnd(global...)) {
		if mentions(c) {
			p.with = append(p.with, c)
		} else {
			p.restG = append(p.restG, c)
		}
	}
	for _, c := range sym.AppendConjuncts(nil, sym.BAnd(pc...)) {
		if mentions(c) {
			p.with = append(p.with, c)
		} else {
			p.restP = append(p.restP, c)
		}
	}
	return p
}

// at substitutes vals for the unknowns: the violation, and the
// conditions left open (neither true nor false once substituted) that
// the rest implies; ok is false when the values are not admissible.
func (p *valueProbe) at(vals []uint64) (viol *sym.Term, open []*sym.Term, ok bool) {
	m := make(map[string]*sym.Term, len(p.unknown))
	for i, v := range p.unknown {
		m[v.Name] = sym.Const(v.Width, vals[i])
	}
	subbed := sym.SubstAll(append(append([]*sym.Term(nil), p.with...), p.viol), m)
	for _, c := range subbed[:len(p.with)] {
		switch {
		case c.IsFalse():
			return nil, nil, false
		case !c.IsTrue():
			open = append(open, c)
		}
	}
	for _, c := range open {
		if !solver.RangeRefutes(p.query(sym.BNot(c))) {
			return nil, nil, false
		}
	}
	return subbed[len(p.with)], open, true
}

// query asks for the rest's assumptions, its path and extra.
func (p *valueProbe) query(extra ...*sym.Term) solver.Query {
	return solver.Query{Constraints: p.restG, Goal: sym.BAnd(append(append([]*sym.Term(nil), p.restP...), extra...)...)}
}

// atValues is the violation at one admissible combination of values,
// and the conditions at them the rest implies.
type atValues struct {
	viol *sym.Term
	open []*sym.Term
}

// admissible returns the violation at each admissible combination of the
// unknowns' highest, lowest and next to lowest values (see any), in
// order.
func (p *valueProbe) admissible() []atValues {
	var out []atValues
	p.any(func(i int) []uint64 {
		switch {
		case p.lo[i] == p.hi[i]:
			return []uint64{p.lo[i]}
		case p.hi[i]-p.lo[i] == 1:
			return []uint64{p.hi[i], p.lo[i]}
		}
		// The next to lowest too: two threads' loaded slots that differ,
		// where the highest would overflow the address.
		return []uint64{p.hi[i], p.lo[i], p.lo[i] + 1}
	}, func(vals []uint64) bool {
		if v, open, ok := p.at(vals); ok {
			out = append(out, atValues{v, open})
		}
		return false
	})
	return out
}

// unrobust reports whether at some of ats the violation is unsatisfiable
// by the cheap steps (solver.CasesRefute): no witness then exists.
func (p *valueProbe) unrobust(ats []atValues) bool {
	for _, a := range ats {
		if a.viol.IsFalse() || solver.CasesRefute(p.query(append(a.open, a.viol)...)) {
			return true
		}
	}
	return false
}

// necessary returns what a robust violation must also satisfy: the
// violation at each of ats. Added to the solver's goal, it lets the cheap
// steps refute the cases where some value undoes the violation (a small
// row stride against a tensor of any length), which the solver left
// undecided, and sends it only those where none does.
func necessary(ats []atValues) []*sym.Term {
	var out []*sym.Term
	for _, a := range ats {
		out = append(out, a.viol)
	}
	return out
}

// any reports whether f holds for some combination of the unknowns'
// candidates (cands(i) for the i-th): every combination for up to
// maxValueMixes unknowns, else the j-th candidate of each at once.
func (p *valueProbe) any(cands func(i int) []uint64, f func(vals []uint64) bool) bool {
	lists := make([][]uint64, len(p.unknown))
	for i := range lists {
		if lists[i] = cands(i); len(lists[i]) == 0 {
			return false
		}
	}
	vals := make([]uint64, len(lists))
	if len(lists) <= maxValueMixes {
		var walk func(i int) bool
		walk = func(i int) bool {
			if i == len(lists) {
				return f(vals)
			}
			for _, c := range lists[i] {
				vals[i] = c
				if walk(i + 1) {
					return true
				}
			}
			return false
		}
		return walk(0)
	}
	for j := 0; j < 3; j++ {
		for i, l := range lists {
			vals[i] = l[min(j, len(l)-1)]
		}
		if f(vals) {
			return true
		}
	}
	return false
}
