package solver

import (
	"context"
	"maps"
	"slices"
	"sync/atomic"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Probe looks for a model by evaluation before the next solver is asked:
// a short local search over values the query itself names (each
// variable's constant bounds, and what the other side of a comparison it
// stands in evaluates to). The queries it is for are the violations at
// production sizes: "seq · max_blocks overflows int" under a block table
// whose entries fit 2^38 and a paged cache whose sizes are products of
// others is satisfied by the largest sizes, a sequence index one below
// the sequence count and a block count at its bound, where Z3 bit-blasts
// three 64-bit multipliers and ends at its work limit (measured on vLLM's
// paged attention: every one of 972 such queries Unknown at 10^6 units,
// about 100 ms each).
//
// A model the search ends with makes every constraint and the goal true
// under sym.Eval (the semantics of the query), so its Sat is exact; when
// it finds none, the query goes to the next solver unchanged. Unsat and
// Unknown never come from Probe. The search is deterministic (variables
// in name order, values in a fixed order) and bounded by
// maxProbeEvals conjunct evaluations.
type Probe struct {
	next Solver
	hits atomic.Int64
}

// NewProbe returns next behind the model search.
func NewProbe(next Solver) *Probe { return &Probe{next: next} }

// Check returns a model found by evaluation, or asks next.
func (p *Probe) Check(ctx context.Context, q Query) (Result, Model, error) {
	if m := probeModel(q); m != nil {
		p.hits.Add(1)
		return Sat, m, nil
	}
	return p.next.Check(ctx, q)
}

// Hits returns how many queries the search answered.
func (p *Probe) Hits() int64 { return p.hits.Load() }

// ReasonUnknown passes on the next solver's reason.
func (p *Probe) ReasonUnknown() string { return reason(p.next) }

// Bounds of the search: queries past maxProbeVars variables or
// maxProbeConjuncts conjuncts are not searched, and one search evaluates
// at most maxProbeEvals conjuncts (a few milliseconds).
const (
	maxProbeVars      = 48
	maxProbeConjuncts = 512
	maxProbeEvals     = 6000
)

// probeModel returns a model of q found by local search, or nil.
func probeModel(q Query) Model {
	vars, err := q.Vars()
	if err != nil || len(vars) == 0 || len(vars) > maxProbeVars {
		return nil
	}
	var conj []*sym.Term
	for _, t := range q.Terms() {
		conj = sym.AppendConjuncts(conj, t)
		if len(conj) > maxProbeConjuncts {
			return nil
		}
	}
	for _, c := range conj {
		if c.IsFalse() {
			return nil
		}
	}
	p := newProber(vars, conj)
	for _, high := range []bool{true, false} {
		if m := p.search(high); m != nil {
			return m
		}
	}
	return nil
}

// prober is one query's search state.
type prober struct {
	vars  []*probeVar
	byVar map[string]*probeVar
	conj  []*sym.Term
	sat   []bool // conj[i] under the current assignment
	cur   Model
	evals int
	// memo holds values under the assignment of generation memoGen; gen
	// counts the changes of cur (set), so evaluations under one
	// assignment share their subterms' values.
	memo         map[*sym.Term]uint64
	gen, memoGen int
}

// set assigns x to the variable named name in the current assignment.
func (p *prober) set(name string, x uint64) {
	if old, ok := p.cur[name]; !ok || old != x {
		p.cur[name] = x
		p.gen++
	}
}

type probeVar struct {
	v     *sym.Term
	conj  []int    // the conjuncts that mention v
	own   []int    // those that mention v alone
	cands []uint64 // its constant bounds and their neighbours, ascending
}

func newProber(vars []*sym.Term, conj []*sym.Term) *prober {
	p := &prober{byVar: map[string]*probeVar{}, conj: conj, sat: make([]bool, len(conj)), memo: map[*sym.Term]uint64{}}
	for _, v := range vars {
		pv := &probeVar{v: v}
		p.vars = append(p.vars, pv)
		p.byVar[v.Name] = pv
	}
	for i, c := range conj {
		vs := c.Vars()
		for _, v := range vs {
			if pv := p.byVar[v.Name]; pv != nil {
				pv.conj = append(pv.conj, i)
				if len(vs) == 1 {
					pv.own = append(pv.own, i)
				}
			}
		}
		if len(vs) != 1 {
			continue
		}
		// v's bounds: the constants it (or it widened or narrowed) is
		// compared with, as values of v (their low bits; candidates only,
		// checked by evaluation).
		pv := p.byVar[vs[0].Name]
		for _, side := range comparedSides(c, vs[0]) {
			if k, ok := side.Const(); ok {
				for _, d := range []uint64{k - 1, k, k + 1} {
					pv.cands = append(pv.cands, d&sym.Mask(pv.v.Width))
				}
			}
		}
	}
	for _, pv := range p.vars {
		if pv.v.IsBool() {
			pv.cands = []uint64{0, 1}
			continue
		}
		pv.cands = append(pv.cands, 0, 1)
		slices.Sort(pv.cands)
		pv.cands = slices.Compact(pv.cands)
	}
	return p
}

// isVarOf reports whether t is v, or v zero- or sign-extended or truncated.
func isVarOf(t, v *sym.Term) bool {
	for t.Op == sym.OpZExt || t.Op == sym.OpSExt || t.Op == sym.OpTrunc {
		t = t.Args[0]
	}
	return t.Op == sym.OpVar && t.Name == v.Name
}

// eval evaluates t under m.
func (p *prober) eval(t *sym.Term, m Model) (uint64, error) {
	if p.memoGen != p.gen {
		clear(p.memo) // values of an earlier assignment
		p.memoGen = p.gen
	}
	e := evaluator{env: m, memo: p.memo}
	return e.eval(t)
}

// holds evaluates conjunct i under m.
func (p *prober) holds(i int, m Model) bool {
	p.evals++
	v, err := p.eval(p.conj[i], m)
	return err == nil && v == 1
}

// start is each variable's largest (high) or smallest value among its
// candidates that its own conjuncts admit.
func (p *prober) start(high bool) {
	p.cur = Model{}
	p.gen++
	for _, pv := range p.vars {
		pick, found := uint64(0), false
		try := func(x uint64) bool {
			p.set(pv.v.Name, x)
			for _, i := range pv.own {
				if !p.holds(i, p.cur) {
					return false
				}
			}
			return true
		}
		n := len(pv.cands)
		for j := 0; j < n; j++ {
			x := pv.cands[j]
			if high {
				x = pv.cands[n-1-j]
			}
			if try(x) {
				pick, found = x, true
				break
			}
		}
		if !found {
			pick = pv.cands[0]
		}
		p.set(pv.v.Name, pick)
	}
}

// search runs the local search from the high or low start: at each step
// the single change of one variable that makes the most false conjuncts
// true (and none true false on balance) is made, until none is false (a
// model) or no change helps.
func (p *prober) search(high bool) Model {
	p.start(high)
	falseN := 0
	for i := range p.conj {
		p.sat[i] = p.holds(i, p.cur)
		if !p.sat[i] {
			falseN++
		}
	}
	for step := 0; step <= 2*len(p.vars)+4; step++ {
		if falseN == 0 {
			return maps.Clone(p.cur)
		}
		if p.evals > maxProbeEvals {
			return nil
		}
		best, bestVal, bestGain := (*probeVar)(nil), uint64(0), 0
		for _, pv := range p.vars {
			if !p.inFalse(pv) {
				continue
			}
			old := p.cur[pv.v.Name]
			for _, x := range p.candidates(pv) {
				if x == old || p.evals > maxProbeEvals {
					continue
				}
				p.set(pv.v.Name, x)
				gain := 0
				for _, i := range pv.conj {
					now := p.holds(i, p.cur)
					if now && !p.sat[i] {
						gain++
					} else if !now && p.sat[i] {
						gain--
					}
				}
				if gain > bestGain {
					best, bestVal, bestGain = pv, x, gain
				}
			}
			p.set(pv.v.Name, old)
		}
		if best == nil {
			return nil
		}
		p.set(best.v.Name, bestVal)
		for _, i := range best.conj {
			p.sat[i] = p.holds(i, p.cur)
		}
		falseN = 0
		for i := range p.conj {
			if !p.sat[i] {
				falseN++
			}
		}
	}
	return nil
}

// inFalse reports whether a false conjunct mentions pv.
func (p *prober) inFalse(pv *probeVar) bool {
	for _, i := range pv.conj {
		if !p.sat[i] {
			return true
		}
	}
	return false
}

// candidates are pv's bound candidates and, for each comparison that has
// pv (or pv widened or narrowed) alone on one side, the other side's
// value under the current assignment and its neighbours: "y < n" offers
// y = n - 1 (true already, it is what lets a product of y overflow while
// it stays so), "rows · cols <= numel" offers numel = rows · cols.
func (p *prober) candidates(pv *probeVar) []uint64 {
	out := append([]uint64(nil), pv.cands...)
	if pv.v.IsBool() {
		return out
	}
	mask := sym.Mask(pv.v.Width)
	for _, i := range pv.conj {
		for _, side := range comparedSides(p.conj[i], pv.v) {
			k, err := p.eval(side, p.cur)
			if err != nil {
				continue
			}
			for _, d := range []uint64{k - 1, k, k + 1} {
				out = append(out, d&mask)
			}
		}
	}
	return out
}

// comparedSides returns, for the comparisons in c that have v (or v
// widened or narrowed) alone on one side, the other side.
func comparedSides(c *sym.Term, v *sym.Term) []*sym.Term {
	for c.Op == sym.OpBNot {
		c = c.Args[0]
	}
	switch c.Op {
	case sym.OpUlt, sym.OpUle, sym.OpSlt, sym.OpSle, sym.OpEq:
	case sym.OpBOr, sym.OpBAnd:
		var out []*sym.Term
		for _, a := range c.Args {
			out = append(out, comparedSides(a, v)...)
		}
		return out
	default:
		return nil
	}
	x, y := c.Args[0], c.Args[1]
	switch {
	case isVarOf(x, v) && !isVarOf(y, v):
		return []*sym.Term{y}
	case isVarOf(y, v) && !isVarOf(x, v):
		return []*sym.Term{x}
	}
	return nil
}
