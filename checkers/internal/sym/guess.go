package sym

import (
	"math/big"
	"sort"
)

// Guess looks for a model of the conjunction cs without search: every
// variable at the smallest value its intervals allow (a size at 1, a
// thread id and a loop count at 0), then every variable that an equality
// defines (x = e, or an extension of x = e, e not mentioning x) at e's
// value under the others, a few rounds deep, and the whole checked by
// evaluation. It answers the queries that are satisfiable at their
// lower corner — a path's feasibility, most probes of a minimisation —
// for the cost of one fixpoint, where a solver pays a context and a
// bit-blast. ok false says nothing about cs.
//
// The model is a function of cs alone (no iteration order of a map
// reaches it), so answers stay independent of -j and of the order of
// earlier queries.
func Guess(cs []*Term) (model map[string]uint64, ok bool) {
	st := newRanges()
	defer st.release()
	if st.fixpoint(cs) {
		return nil, false
	}
	return st.guess(cs)
}

// guess is Guess under bounds st holds for cs.
func (st *ranges) guess(cs []*Term) (model map[string]uint64, ok bool) {
	st.memo.reset()
	vars := map[string]*Term{}
	for _, c := range cs {
		for _, v := range c.Vars() {
			vars[v.Name] = v
		}
	}
	names := make([]string, 0, len(vars))
	for n := range vars {
		names = append(names, n)
	}
	sort.Strings(names)
	model = make(map[string]uint64, len(names))
	for _, n := range names {
		v := vars[n]
		if v.Width == 0 {
			switch st.bools[n] {
			case 1:
				model[n] = 1
			default:
				model[n] = 0
			}
			continue
		}
		x, found := st.lowest(v)
		if !found {
			return nil, false
		}
		model[n] = x
	}
	env := func(name string) (uint64, bool) {
		x, ok := model[name]
		return x, ok
	}
	var defs []definition
	for _, c := range cs {
		defs = appendDefinitions(defs, c)
	}
	for round := 0; round < guessRounds; round++ {
		if holdsAll(cs, env) {
			return model, true
		}
		changed := false
		for _, d := range defs {
			y, err := Eval(d.e, env)
			if err != nil {
				continue
			}
			x, fits := d.invert(y)
			if fits && model[d.v.Name] != x {
				model[d.v.Name] = x
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	if holdsAll(cs, env) {
		return model, true
	}
	return nil, false
}

// guessRounds bounds the rounds of definitions Guess follows (a chain of
// definitions, each reading the one before: an offset from an index from
// a loop count).
const guessRounds = 4

// lowest returns the smallest unsigned value of v that both of its
// intervals admit: the unsigned lower bound when it is in the signed
// interval too, else the signed lower bound read as unsigned.
func (st *ranges) lowest(v *Term) (uint64, bool) {
	p := st.eval(v)
	if p.u.empty() || p.s.empty() {
		return 0, false
	}
	in := func(x uint64) bool {
		s := big.NewInt(SignExtend(x, v.Width))
		u := new(big.Int).SetUint64(x)
		return p.u.lo.Cmp(u) <= 0 && u.Cmp(p.u.hi) <= 0 && p.s.lo.Cmp(s) <= 0 && s.Cmp(p.s.hi) <= 0
	}
	if p.u.lo.IsUint64() {
		if x := p.u.lo.Uint64(); in(x) {
			return x, true
		}
	}
	if p.s.lo.IsInt64() {
		if x := uint64(p.s.lo.Int64()) & Mask(v.Width); in(x) {
			return x, true
		}
	}
	return 0, false
}

// definition is x = e read from a conjunct: v's value is invert(e's).
type definition struct {
	v   *Term
	e   *Term
	ext Op // OpSExt or OpZExt when the equality is ext(v) = e, else 0
}

// invert returns v's value for e's value y, and whether one exists (an
// extension's value must come back from v's low bits).
func (d definition) invert(y uint64) (uint64, bool) {
	low := y & Mask(d.v.Width)
	switch d.ext {
	case OpSExt:
		return low, uint64(SignExtend(low, d.v.Width))&Mask(d.e.Width) == y
	case OpZExt:
		return low, low == y
	}
	return low, true
}

// appendDefinitions appends the definitions among the top-level
// conjuncts of c.
func appendDefinitions(defs []definition, c *Term) []definition {
	for _, t := range AppendConjuncts(nil, c) {
		if t.Op != OpEq {
			continue
		}
		for i := 0; i < 2; i++ {
			x, e := t.Args[i], t.Args[1-i]
			var ext Op
			if (x.Op == OpSExt || x.Op == OpZExt) && x.Args[0].Op == OpVar {
				ext, x = x.Op, x.Args[0]
			}
			if x.Op != OpVar || x.Width == 0 || mentionsVar(e, x.Name) {
				continue
			}
			defs = append(defs, definition{v: x, e: e, ext: ext})
			break
		}
	}
	return defs
}

func mentionsVar(t *Term, name string) bool {
	for _, v := range t.Vars() {
		if v.Name == name {
			return true
		}
	}
	return false
}

// holdsAll reports whether every one of cs evaluates to true under env.
func holdsAll(cs []*Term, env func(string) (uint64, bool)) bool {
	for _, c := range cs {
		if x, err := Eval(c, env); err != nil || x != 1 {
			return false
		}
	}
	return true
}
