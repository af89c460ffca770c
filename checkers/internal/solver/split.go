package solver

import (
	"context"
	"slices"
	"sort"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Split answers a query by cases when a variable that multiplies another
// variable takes one of a few values (a model-fixed size: hidden_size is
// one of the profiles' nine): "i < rows ∧ j < h → i·h + j < rows·h" is
// hopeless for bit-blasting with h symbolic and easy with h a constant
// (20 s against 0.1 s per value). For each value c in order, the query
// with v = c substituted is asked of the next solver:
//
//	Sat for some c: Sat, with that model and v = c (the first c in
//	  ascending order, so the answer is deterministic);
//	Unsat for every c: Unsat;
//	otherwise Unknown.
//
// Cases multiply when a case still has such a variable. Cases that
// substitution, propagation or the linear step settle cost nothing; past
// maxLeaves cases the query is passed on whole, and past maxCases cases
// that need the next solver it is Unknown.
type Split struct {
	next Solver
	// firstUnknown ends the search at the first case the next solver
	// leaves undecided: for a chain that can only refute (CasesRefute),
	// the query cannot be refuted once one case is not.
	firstUnknown bool
}

// maxCases bounds the cases of one query passed to the next solver, and
// maxLeaves the cases looked at (substituted, propagated, and refuted by
// the linear step when they can be).
const (
	maxCases  = 128
	maxLeaves = 4096
)

// maxSplitOn is the number of cases past which a case that would be
// split further is first tried whole by the range step.
const maxSplitOn = 64

// maxValues bounds the values of a variable worth splitting on: the
// dimension set of the bundled profiles (every width of their weights)
// has about 70.
const maxValues = 96

// NewSplit returns next behind case splitting.
func NewSplit(next Solver) *Split { return &Split{next: next} }

// Check answers q by cases, or passes it on.
func (s *Split) Check(ctx context.Context, q Query) (Result, Model, error) {
	b := &splitBudget{leaves: maxLeaves, solver: maxCases, unknown: maxUnknownLeaves}
	if s.firstUnknown || firstUnknownOf(ctx) {
		b.unknown = 1
	}
	if w := WorkOf(ctx); w > 0 {
		// The query was granted w units (Budget, above): its cases share
		// them rather than each taking w, which let one check of a paged
		// cache (128 cases of 64-bit divisions by a block size) spend a
		// minute where its budget was half a second.
		b.leafCtx = WithWork(ctx, max(w/leafWorkShare, 1))
	}
	return s.check(ctx, q, b, true)
}

// leafWorkShare is the fraction of a query's work units one case that
// reaches the next solver is granted, and maxUnknownLeaves the cases it
// may leave undecided before the query is: at most about twice the
// query's own units go to its cases.
const (
	leafWorkShare    = 4
	maxUnknownLeaves = 8
)

func (s *Split) check(ctx context.Context, q Query, b *splitBudget, top bool) (Result, Model, error) {
	q, fixed, unsat := narrow(q)
	if unsat {
		return Unsat, nil, nil
	}
	r, m, err := s.checkNarrowed(ctx, q, b, top)
	if r == Sat {
		for name, x := range fixed {
			m[name] = x
		}
	}
	return r, m, err
}

// maxNarrowRounds bounds the rounds of narrow: a value fixed in one round
// can leave another variable's guards over that variable alone.
const maxNarrowRounds = 4

// narrow filters each few-valued variable's values by its own guards (the
// conjuncts that mention it alone) and substitutes the variables left
// with one value: a profile's value set against a guard such as
// in_channels / scales.size(0) = 128 leaves one number of groups, which
// the solver would have bit-blasted as a 64-bit division by a variable.
// No value left makes the query Unsat. The result is equisatisfiable: a
// model of it extended by the fixed values is a model of q.
func narrow(q Query) (Query, Model, bool) {
	var fixed Model
	for round := 0; round < maxNarrowRounds; round++ {
		domains, vars := finiteDomains(q)
		var names []string
		for n, vals := range domains {
			if len(vals) <= maxValues {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		sub := map[string]*sym.Term{}
		for _, n := range names {
			v := vars[n]
			own := ownConjuncts(q, v)
			var left []uint64
			for _, c := range domains[n] {
				if admits(own, v, c) && !slices.Contains(left, c) {
					left = append(left, c)
				}
			}
			switch len(left) {
			case 0:
				return q, nil, true
			case 1:
				if fixed == nil {
					fixed = Model{}
				}
				fixed[n] = left[0]
				sub[n] = sym.Const(v.Width, left[0])
			}
		}
		if len(sub) == 0 {
			break
		}
		q = substitute(q, sub)
		if trivialFalse(q.Terms()) {
			return q, nil, true
		}
	}
	return q, fixed, false
}

func (s *Split) checkNarrowed(ctx context.Context, q Query, b *splitBudget, top bool) (Result, Model, error) {
	if top {
		// Propagation and independence above may have left a query the
		// range step could not read as a whole (an equality substituted
		// makes a product of sizes one monomial of the access and the
		// length): tried once more before it multiplies into cases.
		if r, m := RangeDecides(q); r != Unknown {
			return r, m, nil
		}
	}
	v, vals, combos := splitVarCombos(q, b.solver)
	if v != nil && !top && combos > maxSplitOn && rangeRefutes(q, func() bool { return true }) {
		// A case that still has many cases to split into (a profile
		// chosen by the selector, its sizes not yet): its constants often
		// let the range step refute it whole, where splitting on went
		// through thousands of cases of its sizes (a norm kernel's three
		// inner dimensions of 65 widths each).
		return Unsat, nil, nil
	}
	if v == nil {
		if top {
			return s.next.Check(ctx, q)
		}
		return s.leaf(ctx, q, b, false)
	}
	// The cases that substitution and propagation do not settle at once
	// are the ones that cost: only they count. Most cases of a profile's
	// values contradict the query's other constraints once the value is
	// in (the wrong model's hidden size against a TORCH_CHECK, a selector
	// outside the profile, a width that does not divide another).
	type open struct {
		c   uint64
		sub Query
	}
	var cases []open
	own := ownConjuncts(q, v)
	for _, c := range vals {
		if !admits(own, v, c) {
			continue
		}
		sub := substitute(q, map[string]*sym.Term{v.Name: sym.Const(v.Width, c)})
		if !trivialUnsat(sub) {
			cases = append(cases, open{c, sub})
		}
	}
	if len(cases) > b.leaves {
		if top {
			return s.next.Check(ctx, q)
		}
		return s.leaf(ctx, q, b, true)
	}
	b.leaves -= len(cases)
	unknown := false
	for _, k := range cases {
		if ctx.Err() != nil || b.solver < 0 {
			return Unknown, nil, nil
		}
		r, m, err := s.check(ctx, k.sub, b, false)
		if err != nil {
			return Unknown, nil, err
		}
		if b.unknown <= 0 {
			return Unknown, nil, nil // the cases' share of the work is spent
		}
		switch r {
		case Sat:
			out := Model{v.Name: k.c}
			for name, x := range m {
				out[name] = x
			}
			return Sat, out, nil
		case Unknown:
			unknown = true
		}
	}
	if unknown || b.solver < 0 {
		return Unknown, nil, nil
	}
	return Unsat, nil, nil
}

// splitBudget is what one query's cases may still spend: leaves is the
// cases to look at, solver the cases to pass to the next solver (those
// the linear step below cannot refute either).
type splitBudget struct {
	leaves, solver int
	unknown        int             // cases the next solver may still leave undecided
	leafCtx        context.Context // a case's work grant; nil: the query's own
}

// leaf decides one case: refuted by the linear step when it can (most
// cases, once every few-valued factor is a constant, are linear), else
// by the next solver, charged to the budget. splits says whether q still
// has a variable to split on (check found it, or found none).
func (s *Split) leaf(ctx context.Context, q Query, b *splitBudget, splits bool) (Result, Model, error) {
	// A case's constants let range reasoning decide what the symbolic
	// sizes hid: a lane's bit of a full mask enumerated once the block
	// size is a number, a bound that was a product of two sizes.
	if r, m := rangeDecide(q, func() bool { return splits }); r != Unknown {
		return r, m, nil
	}
	if b.solver--; b.solver < 0 || b.unknown <= 0 {
		return Unknown, nil, nil
	}
	lctx := ctx
	if b.leafCtx != nil {
		lctx = b.leafCtx
	}
	r, m, err := s.next.Check(lctx, q)
	if r == Unknown {
		b.unknown--
	}
	return r, m, err
}

// ownConjuncts returns the top-level conjuncts of q that mention v and
// nothing else (its guards: d % 8 == 0, d <= 8192, the profile's values).
func ownConjuncts(q Query, v *sym.Term) []*sym.Term {
	var own []*sym.Term
	for _, t := range q.Terms() {
		for _, c := range sym.AppendConjuncts(nil, t) {
			if vs := c.Vars(); len(vs) == 1 && vs[0].Name == v.Name {
				own = append(own, c)
			}
		}
	}
	return own
}

// admits reports whether v = c satisfies every one of own: a value its
// own guards rule out is no case, and costs no substitution of the whole
// query.
func admits(own []*sym.Term, v *sym.Term, c uint64) bool {
	env := func(name string) (uint64, bool) { return c, name == v.Name }
	for _, t := range own {
		if x, err := sym.Eval(t, env); err == nil && x != 1 {
			return false
		}
	}
	return true
}

// trivialUnsat reports whether a case is settled without a solver: a
// conjunct simplified to false, or one propagation folds to false. (Each
// case that is left meets the range and linear steps in leaf.)
func trivialUnsat(q Query) bool {
	if trivialFalse(q.Terms()) {
		return true
	}
	_, _, unsat := propagateEqualities(q)
	return unsat
}

func substitute(q Query, m map[string]*sym.Term) Query {
	ts := q.Constraints
	if q.Goal != nil {
		ts = append(ts[:len(ts):len(ts)], q.Goal)
	}
	ts = sym.SubstAll(ts, m)
	out := Query{}
	if q.Goal != nil {
		out.Goal = ts[len(ts)-1]
		ts = ts[:len(ts)-1]
	}
	for _, c := range ts {
		if !c.IsTrue() {
			out.Constraints = append(out.Constraints, c)
		}
	}
	return out
}

// splitVar finds a variable worth splitting on: one that top-level
// conjuncts restrict to a few constants (v = c1 ∨ … ∨ v = ck; several
// such conjuncts intersect) and that some product multiplies by a
// non-constant. The one with the fewest values wins, then the first by
// name. When the products' few-valued factors together have more
// combinations than budget, a selector that ties them is split on
// first instead (see selectorVar).
func splitVar(q Query, budget int) (*sym.Term, []uint64) {
	v, vals, _ := splitVarCombos(q, budget)
	return v, vals
}

// splitVarCombos is splitVar, and the cases the products' few-valued
// factors make together (capped at 2^30).
func splitVarCombos(q Query, budget int) (*sym.Term, []uint64, int) {
	domains, vars := finiteDomains(q)
	for n, vals := range domains {
		if len(vals) > maxValues {
			delete(domains, n)
		}
	}
	if len(domains) == 0 {
		return nil, nil, 0
	}
	nonlinear := map[string]int{}
	seen := map[*sym.Term]bool{}
	for _, t := range q.Terms() {
		markNonlinear(t, domains, nonlinear, seen)
	}
	var names []string
	combos := 1
	for n := range nonlinear {
		names = append(names, n)
		combos = min(combos*len(domains[n]), 1<<30)
	}
	if len(names) == 0 {
		return nil, nil, 0
	}
	// The factor of the most products first (its values make the most
	// of the query linear), then the one with the fewest values.
	sort.Slice(names, func(i, j int) bool {
		a, b := names[i], names[j]
		if nonlinear[a] != nonlinear[b] {
			return nonlinear[a] > nonlinear[b]
		}
		if len(domains[a]) != len(domains[b]) {
			return len(domains[a]) < len(domains[b])
		}
		return a < b
	})
	if len(names) > 1 && combos > budget {
		if g, vals := selectorVar(q, nonlinear); g != nil && selectorCases(q, g, vals, nonlinear) < combos {
			return g, vals, combos
		}
	}
	vals := append([]uint64(nil), domains[names[0]]...)
	sort.Slice(vals, func(i, j int) bool { return vals[i] < vals[j] })
	return vars[names[0]], vals, combos
}

// finiteDomains returns the values the top-level conjuncts of q restrict
// each variable to (see finiteDomain; several conjuncts of one variable
// intersect), and the variables by name.
func finiteDomains(q Query) (map[string][]uint64, map[string]*sym.Term) {
	domains := map[string][]uint64{}
	vars := map[string]*sym.Term{}
	for _, t := range q.Terms() {
		for _, c := range sym.AppendConjuncts(nil, t) {
			v, vals := finiteDomain(c)
			if v == nil {
				continue
			}
			if old, ok := domains[v.Name]; ok {
				domains[v.Name] = intersect(old, vals)
			} else {
				domains[v.Name], vars[v.Name] = vals, v
			}
		}
	}
	return domains, vars
}

// intersect returns the values of a that b has too.
func intersect(a, b []uint64) []uint64 {
	in := map[uint64]bool{}
	for _, x := range b {
		in[x] = true
	}
	var out []uint64
	for _, x := range a {
		if in[x] {
			out = append(out, x)
		}
	}
	return out
}

// selectorVar finds a variable g that selects among the alternatives of
// a top-level disjunction restricting a split candidate, ∨ᵢ (g = i ∧ v ∈
// Vᵢ) — a launch's model selector, which ties each fixed size to the
// values of one profile — and the values g can take, from the query's
// constant bounds on it (lo ≤ g, g < hi or g ≤ hi). Splitting on g first
// turns the product of every fixed size's whole domain into a sum over
// profiles of the products of their own values.
func selectorVar(q Query, candidates map[string]int) (*sym.Term, []uint64) {
	guards := map[string]*sym.Term{}
	for _, t := range q.Terms() {
		for _, c := range sym.AppendConjuncts(nil, t) {
			if c.Op != sym.OpBOr || !mentionsName(c, candidates) {
				continue
			}
			for _, alt := range c.Args {
				if alt.Op != sym.OpBAnd {
					continue
				}
				for _, a := range alt.Args {
					if a.Op != sym.OpEq {
						continue
					}
					x, y := a.Args[0], a.Args[1]
					if x.Op == sym.OpConst {
						x, y = y, x
					}
					if _, ok := y.Const(); ok && x.Op == sym.OpVar && candidates[x.Name] == 0 {
						guards[x.Name] = x
					}
				}
			}
		}
	}
	var names []string
	for n := range guards {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		g := guards[n]
		lo, hi, ok := constBounds(q, g)
		if !ok || hi < lo || hi-lo >= maxValues {
			continue
		}
		var vals []uint64
		for x := lo; x <= hi; x++ {
			vals = append(vals, uint64(x)&sym.Mask(g.Width))
		}
		return g, vals
	}
	return nil, nil
}

// selectorCases estimates the cases of splitting on selector g first:
// the sum over its values of the product of the candidates' domains
// under that value (a value the query contradicts counts 0).
func selectorCases(q Query, g *sym.Term, vals []uint64, candidates map[string]int) int {
	total := 0
	for _, c := range vals {
		sub := substitute(q, map[string]*sym.Term{g.Name: sym.Const(g.Width, c)})
		if trivialFalse(sub.Terms()) {
			continue
		}
		doms, _ := finiteDomains(sub)
		n := 1
		for name := range candidates {
			if d, ok := doms[name]; ok {
				n = min(n*len(d), 1<<30)
			} else {
				n = 1 << 30 // unrestricted under this value
			}
		}
		total = min(total+n, 1<<30)
	}
	return total
}

func mentionsName(t *sym.Term, names map[string]int) bool {
	for _, v := range t.Vars() {
		if names[v.Name] > 0 {
			return true
		}
	}
	return false
}

// constBounds reads signed constant bounds lo ≤ g ≤ hi of variable g from
// the query's top-level conjuncts (c ≤ g, c < g, g ≤ c, g < c).
func constBounds(q Query, g *sym.Term) (lo, hi int64, ok bool) {
	var haveLo, haveHi bool
	for _, t := range q.Terms() {
		for _, c := range sym.AppendConjuncts(nil, t) {
			if c.Op != sym.OpSle && c.Op != sym.OpSlt {
				continue
			}
			x, y := c.Args[0], c.Args[1]
			strict := int64(0)
			if c.Op == sym.OpSlt {
				strict = 1
			}
			if k, isConst := y.Const(); isConst && x.Op == sym.OpVar && x.Name == g.Name {
				b := sym.SignExtend(k, g.Width) - strict
				if !haveHi || b < hi {
					hi, haveHi = b, true
				}
			}
			if k, isConst := x.Const(); isConst && y.Op == sym.OpVar && y.Name == g.Name {
				b := sym.SignExtend(k, g.Width) + strict
				if !haveLo || b > lo {
					lo, haveLo = b, true
				}
			}
		}
	}
	return lo, hi, haveLo && haveHi
}

// finiteDomain recognises v = c1 ∨ … ∨ v = ck (or v = c) over one
// variable, possibly widened (sext/zext of v compared with constants, as
// a 32-bit size is in 64-bit launch arithmetic).
func finiteDomain(t *sym.Term) (*sym.Term, []uint64) {
	alts := []*sym.Term{t}
	if t.Op == sym.OpBOr {
		alts = t.Args
	}
	var v *sym.Term
	var vals []uint64
	for _, a := range alts {
		if a.Op != sym.OpEq {
			return nil, nil
		}
		x, y := a.Args[0], a.Args[1]
		if x.Op == sym.OpConst {
			x, y = y, x
		}
		c, ok := y.Const()
		if !ok {
			return nil, nil
		}
		// sext(x) = c or zext(x) = c: x = c's low bits when the extension
		// gives c back, else the alternative is impossible.
		possible := true
		if (x.Op == sym.OpSExt || x.Op == sym.OpZExt) && x.Args[0].Op == sym.OpVar {
			inner := x.Args[0]
			low := c & sym.Mask(inner.Width)
			back := low
			if x.Op == sym.OpSExt {
				back = uint64(sym.SignExtend(low, inner.Width)) & sym.Mask(x.Width)
			}
			possible = back == c
			x, c = inner, low
		}
		if x.Op != sym.OpVar || (v != nil && v.Name != x.Name) {
			return nil, nil
		}
		v = x
		if possible {
			vals = append(vals, c)
		}
	}
	return v, vals
}

// markNonlinear counts, for each domain variable, the distinct products
// (and quotients) with no constant factor that it occurs in.
func markNonlinear(t *sym.Term, domains map[string][]uint64, out map[string]int, seen map[*sym.Term]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	if t.Op == sym.OpMul || t.Op == sym.OpMulOvf || t.Op == sym.OpSDiv || t.Op == sym.OpUDiv || t.Op == sym.OpSRem || t.Op == sym.OpURem {
		x, y := t.Args[0], t.Args[1]
		_, xc := x.Const()
		_, yc := y.Const()
		// A product costs unless a factor is a constant; a quotient or a
		// remainder unless its divisor is (a constant over a variable is a
		// whole divider circuit).
		quot := t.Op != sym.OpMul && t.Op != sym.OpMulOvf
		if (!xc && !yc) || (quot && !yc) {
			for _, v := range t.Vars() {
				if _, ok := domains[v.Name]; ok {
					out[v.Name]++
				}
			}
		}
	}
	for _, a := range t.Args {
		markNonlinear(a, domains, out, seen)
	}
}
