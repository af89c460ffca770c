package symex

import (
	"slices"

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
	p := &valueProbe{viol: viol, unknown: t.unknownInputs(viol.Vars(), anch)}
	if len(p.unknown) == 0 || len(p.unknown) > maxValueUnknowns {
		return nil
	}
	global := t.global()
	// The path's guards bound the unknowns too (a slot is not negative
	// past "if (slot < 0) return"); the values are checked admissible
	// against both anyway.
	var ok bool
	if p.lo, p.hi, ok = sym.BoundsAll(append(append([]*sym.Term(nil), global...), pc...), p.unknown); !ok {
		return nil
	}
	isUnknown := map[string]bool{}
	for _, v := range p.unknown {
		isUnknown[v.Name] = true
	}
	part := func(cs []*sym.Term, rest *[]*sym.Term) {
		for _, c := range sym.AppendConjuncts(nil, sym.BAnd(cs...)) {
			if slices.ContainsFunc(c.Vars(), func(v *sym.Term) bool { return isUnknown[v.Name] }) {
				p.with = append(p.with, c)
			} else {
				*rest = append(*rest, c)
			}
		}
	}
	part(global, &p.restG)
	part(pc, &p.restP)
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
// unknowns' highest, lowest and next to lowest values (see combine), in
// order.
func (p *valueProbe) admissible() []atValues {
	lists := make([][]uint64, len(p.unknown))
	for i := range lists {
		switch lo, hi := p.lo[i], p.hi[i]; {
		case lo == hi:
			lists[i] = []uint64{lo}
		case hi-lo == 1:
			lists[i] = []uint64{hi, lo}
		default:
			// The next to lowest too: two threads' loaded slots that
			// differ, where the highest would overflow the address.
			lists[i] = []uint64{hi, lo, lo + 1}
		}
	}
	var out []atValues
	combine(lists, func(vals []uint64) {
		if v, open, ok := p.at(vals); ok {
			out = append(out, atValues{v, open})
		}
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

// combine calls f on combinations of the lists' values (f must not keep
// vals): every combination for up to maxValueMixes lists, else the j-th
// value of each at once (the last of a shorter list).
func combine(lists [][]uint64, f func(vals []uint64)) {
	vals := make([]uint64, len(lists))
	if len(lists) <= maxValueMixes {
		var walk func(i int)
		walk = func(i int) {
			if i == len(lists) {
				f(vals)
				return
			}
			for _, c := range lists[i] {
				vals[i] = c
				walk(i + 1)
			}
		}
		walk(0)
		return
	}
	n := 0
	for _, l := range lists {
		n = max(n, len(l))
	}
	for j := range n {
		for i, l := range lists {
			vals[i] = l[min(j, len(l)-1)]
		}
		f(vals)
	}
}
