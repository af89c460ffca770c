package sym

import (
	"math"
	"math/big"
	"slices"
	"sort"
)

// RefuteLinear reports whether the linear part of the conjunction cs is
// infeasible over the integers, by Fourier-Motzkin elimination with the
// Omega test's integer tightening: the check "i·s + j < n·s" with i < n and
// j < s that intervals cannot see (it needs i ≤ n − 1, a relation) and that
// costs a solver call of 5-30 ms is refuted here in microseconds.
//
// The conjuncts are read through IntForm (exact over integers where range
// reasoning shows nothing wraps; others are left out) as linear forms over
// atoms (see twinLemmas): quotients and remainders by constants are tied to
// their dividend (D·q ≤ x ≤ D·q + D − 1, r = x − D·q), every atom is bounded
// by its range, and disjunctions (a ∨ b, a ≠ b) are split, a few cases
// deep. Leaving a conjunct out, reading over rationals and tightening
// constants only weaken the system, so true is a proof of unsatisfiability;
// false says nothing.
func RefuteLinear(cs []*Term) bool {
	st := newRanges()
	defer st.release()
	if st.fixpoint(cs) {
		return true // the intervals alone refute it
	}
	return st.refuteLinear(cs, always)
}

// always is a products argument that allows the product lemmas.
func always() bool { return true }

// RefuteQuery reports whether range reasoning (Refute) or linear
// arithmetic (RefuteLinear) refutes the conjunction all, computing the
// bounds of all once for both. slice, when not nil, is a part of all
// (the goal's neighbourhood) whose linear form is read instead of all's:
// its refutation under all's bounds is all's, and it is smaller (on the
// bundled examples the whole form refuted 9 of the 198 queries whose
// slice it did not, at a cost of 1.8 s). Without products the product
// lemmas (the second, costly pass of RefuteLinear) are not tried: the
// caller has a cheaper way with products, such as cases.
func RefuteQuery(all, slice []*Term, products bool) bool {
	refuted, _ := DecideQuery(all, slice, func() bool { return products }, false)
	return refuted
}

// DecideQuery is RefuteQuery that, when guess is set and the intervals do
// not refute all, first tries Guess's model under the same bounds: a
// model found is returned (refuted false), and the linear step, which
// could only fail on a satisfiable query, is not run. products is asked
// only when the product lemmas would be tried (it may be costly: the
// solver chain asks whether Split would case on the query).
func DecideQuery(all, slice []*Term, products func() bool, guess bool) (refuted bool, model map[string]uint64) {
	st := newRanges()
	defer st.release()
	if st.fixpoint(all) {
		return true, nil
	}
	return st.decideRest(scope{goal: all}, slice, products, guess)
}

// decideRest is DecideQuery once st holds the fixpoint of the scope.
func (st *ranges) decideRest(sc scope, slice []*Term, products func() bool, guess bool) (refuted bool, model map[string]uint64) {
	all := sc.all()
	if guess {
		if m, ok := st.guess(all); ok {
			return false, m
		}
	}
	// The linear step reads st's bounds; refuteMore may narrow them
	// (enumeration), which leaves bounds that hold under all.
	if st.refuteMore(sc, 2) {
		return true, nil
	}
	if slice == nil {
		slice = all
	}
	return st.refuteLinear(slice, products), nil
}

// refuteLinear is RefuteLinear of cs under bounds st holds for cs or
// for a conjunction cs is part of; where products() is false, its first
// pass only.
func (st *ranges) refuteLinear(cs []*Term, products func() bool) bool {
	st.nonlinLeft = false
	if form, _, ok := st.intForm(cs, false); ok && refuteForm(st, form) {
		return true
	}
	if !st.nonlinLeft || !products() {
		return false // nothing nonlinear was left out
	}
	// Again with the products of sizes (bx·d against n·d), related by
	// the product lemmas (see productLemmas). Tried second: their atoms
	// and rows cost elimination work that a linear query does not need.
	form, _, ok := st.intForm(cs, true)
	return ok && refuteForm(st, form)
}

// refuteForm refutes the integer form of a conjunction under st's bounds.
func refuteForm(st *ranges, form []*ITerm) bool {
	lp := &linProblem{tl: newTwinLemmas(st), work: maxFMWork, leaves: maxLinearLeaves}
	var base []*ITerm
	for _, f := range form {
		base = appendIConjuncts(base, f)
	}
	return lp.refute(base, maxLinearSplits)
}

// Limits of one linear refutation: cases split, and the constraints
// elimination may derive in all.
const (
	maxLinearSplits = 6
	maxLinearLeaves = 64
	maxFMWork       = 20000
	maxFMRows       = 400
	maxFMAtoms      = 48
)

type linProblem struct {
	tl     *twinLemmas
	work   int
	leaves int             // cases left to try
	split  map[*ITerm]bool // disjunctions split on the current case's way
	// twinSrc names each twin-factor split (see twinFactorSplit).
	twinSrc map[string]*ITerm
	// otherOrder says the latest elimination passed over an exact one
	// (see eliminate's exactFirst).
	otherOrder bool
}

// row is Σ coef·atom + c ≤ 0.
type row = linForm

func appendIConjuncts(out []*ITerm, f *ITerm) []*ITerm {
	if f.Op == IAnd {
		for _, a := range f.Args {
			out = appendIConjuncts(out, a)
		}
		return out
	}
	return append(out, f)
}

// refute decides the conjuncts, splitting the first open disjunction
// not split yet.
func (lp *linProblem) refute(conj []*ITerm, splits int) bool {
	lp.split = map[*ITerm]bool{}
	lp.twinSrc = map[string]*ITerm{}
	return lp.refuteCases(conj, splits)
}

func (lp *linProblem) refuteCases(conj []*ITerm, splits int) bool {
	lp.leaves--
	var rows []*row
	var or []*ITerm
	var src *ITerm
	// The last open disjunction is split first: the goal's conjuncts
	// come last, and the launch's guards before them (n < 2^47 ∨ n <
	// 2^32, the profiles' alternatives) burn the splits without touching
	// what makes the goal infeasible. A disjunction that one of its
	// alternatives makes true everywhere in the atoms' box says nothing
	// and is not split at all.
	for _, c := range conj {
		rs, alts, from := lp.rowsOf(c)
		rows = append(rows, rs...)
		if alts != nil && !lp.redundant(alts) {
			or, src = alts, from
		}
	}
	if lp.infeasible(rows) {
		return true
	}
	if or == nil {
		or, src = lp.twinFactorSplit(rows)
	}
	if or == nil || splits == 0 || lp.work <= 0 || lp.leaves <= 0 {
		return false
	}
	lp.split[src] = true
	defer delete(lp.split, src)
	for _, alt := range or {
		sub := append(append([]*ITerm(nil), conj...), alt)
		if !lp.refuteCases(sub, splits-1) {
			return false
		}
	}
	return true
}

// firstKey returns the least atom key of l ("" for none).
func firstKey(l *linForm) string {
	first := ""
	for k := range l.coef {
		if first == "" || k < first {
			first = k
		}
	}
	return first
}

// twinFactorSplit returns, when no disjunction is left, the cases
// x < x', x = x', x' < x of a factor x of a monomial whose twin x' (the
// other thread's) is a factor of another, not split on yet on this
// case's way. Each case is a relation the product lemmas multiply: two
// threads' rows r·N + c and r'·N + c' with c, c' < N are one address
// only when r = r', which needs (r − r' ± 1)·N, not rows r and r' alone.
func (lp *linProblem) twinFactorSplit(rows []*row) ([]*ITerm, *ITerm) {
	tl := lp.tl
	var keys []string
	for _, r := range rows {
		for k := range r.coef {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		a := tl.atoms[k]
		if a.Op != IMul {
			continue
		}
		for _, f := range a.Args {
			fk := tl.key(f)
			tw := tl.twinOf(fk)
			if tw == nil {
				continue
			}
			if tk := tl.key(tw); tk < fk { // one split per pair, either way round
				f, tw, fk = tw, f, tk
			}
			src, ok := lp.twinSrc[fk]
			if !ok {
				src = iop(IEq, f, tw)
				lp.twinSrc[fk] = src
			}
			if lp.split[src] {
				continue
			}
			return []*ITerm{iop(ILt, f, tw), src, iop(ILt, tw, f)}, src
		}
	}
	return nil, nil
}

// redundant reports whether some alternative holds at every point of
// its atoms' box (its rows all do): the disjunction is then true.
func (lp *linProblem) redundant(alts []*ITerm) bool {
	for _, a := range alts {
		rs, sub, _ := lp.rowsOf(a)
		if sub != nil || len(rs) == 0 {
			continue
		}
		all := true
		for _, r := range rs {
			if !lp.boxImplies(r) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// rowsOf returns the rows a conjunct states, or the alternatives of a
// disjunction to split on and the term they come from.
func (lp *linProblem) rowsOf(c *ITerm) ([]*row, []*ITerm, *ITerm) {
	neg := false
	for c.Op == INot {
		neg, c = !neg, c.Args[0]
	}
	switch c.Op {
	case IConst:
		if c.Val == nil && c.Bool == neg {
			r := newLin()
			r.c.SetInt64(1) // 1 ≤ 0
			return []*row{r}, nil, nil
		}
		return nil, nil, nil
	case ILt, ILe, IEq:
		if c.Args[0].IsBool() {
			return nil, nil, nil
		}
		d := lp.tl.diff(c.Args[0], c.Args[1]) // a − b
		switch {
		case c.Op == IEq && !neg:
			return []*row{d, negRow(d)}, nil, nil
		case c.Op == IEq:
			if lp.split[c] {
				return nil, nil, nil
			}
			return nil, []*ITerm{iop(ILt, c.Args[0], c.Args[1]), iop(ILt, c.Args[1], c.Args[0])}, c
		case c.Op == ILt && !neg: // a − b + 1 ≤ 0
			d.c.Add(d.c, bigOne)
			return []*row{d}, nil, nil
		case c.Op == ILe && !neg:
			return []*row{d}, nil, nil
		case c.Op == ILt: // a ≥ b: b − a ≤ 0
			return []*row{negRow(d)}, nil, nil
		default: // ¬(a ≤ b): b − a + 1 ≤ 0
			r := negRow(d)
			r.c.Add(r.c, bigOne)
			return []*row{r}, nil, nil
		}
	case IOr, IAnd:
		if (c.Op == IOr) == neg { // a conjunction: ¬(a ∨ b) or a ∧ b
			var rows []*row
			var alts []*ITerm
			var src *ITerm
			for _, a := range c.Args {
				if neg {
					a = iop(INot, a)
				}
				rs, al, from := lp.rowsOf(a)
				rows = append(rows, rs...)
				if alts == nil {
					alts, src = al, from
				}
			}
			return rows, alts, src
		}
		if lp.split[c] || len(c.Args) > 4 {
			return nil, nil, nil
		}
		alts := c.Args
		if neg { // ¬(a ∧ b) = ¬a ∨ ¬b
			alts = make([]*ITerm, len(c.Args))
			for i, a := range c.Args {
				alts[i] = iop(INot, a)
			}
		}
		return nil, alts, c
	}
	return nil, nil, nil
}

func negRow(d *row) *row {
	r := newLin()
	r.addScaled(d, bigMinusOne)
	return r
}

// infeasible runs Fourier-Motzkin on rows and the atoms' bounds and
// definitions.
func (lp *linProblem) infeasible(rows []*row) bool {
	// A row that every point of the atoms' box satisfies says nothing;
	// dropped, it cannot push elimination out of int64 (the wrap guard
	// MIN ≤ x·2048 + y ≤ MAX of a sum of small ids did).
	kept := rows[:0:0]
	for _, r := range rows {
		if !lp.boxImplies(r) {
			kept = append(kept, r)
		}
	}
	rows = kept
	// Bounds and definitions of every atom the rows mention, and of the
	// atoms those mention.
	done := map[string]bool{}
	var todo []string
	for _, r := range rows {
		for k := range r.coef {
			todo = append(todo, k)
		}
	}
	for len(todo) > 0 {
		k := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if done[k] {
			continue
		}
		done[k] = true
		if lo, hi := lp.tl.atomRange(k); lo != nil {
			a := newLin() // lo − a ≤ 0
			a.coef[k] = big.NewInt(-1)
			a.c.Set(lo)
			b := newLin() // a − hi ≤ 0
			b.coef[k] = big.NewInt(1)
			b.c.Neg(hi)
			rows = append(rows, a, b)
		}
		at := lp.tl.atoms[k]
		if at.Op == IIte {
			rows = append(rows, lp.minMax(k, at)...)
			for _, b := range at.Args[1:] {
				for kk := range lp.tl.lin(b).coef {
					todo = append(todo, kk)
				}
			}
			continue
		}
		if at.Op != IDiv && at.Op != IMod {
			continue
		}
		dt := lp.tl.lin(at.Args[1])
		if len(dt.coef) != 0 || dt.c.Sign() <= 0 {
			continue
		}
		D := dt.c
		x := lp.tl.lin(at.Args[0])
		q := newLin() // the quotient
		if at.Op == IDiv {
			q.coef[k] = big.NewInt(1)
		} else {
			// r = x − D·q with q = x / D, the quotient atom of the same
			// dividend (shared with a stated x / D): lane = tid % 32 and
			// warp = tid / 32 then pin tid down together. The quotient's
			// own bounds and definition follow from its atom.
			qk := lp.tl.atom(iop(IDiv, at.Args[0], at.Args[1]))
			a := newLin() // r − x + D·q ≤ 0
			a.coef[k] = big.NewInt(1)
			a.addScaled(x, bigMinusOne)
			a.addScaled(&linForm{coef: map[string]*big.Int{qk: big.NewInt(1)}, c: new(big.Int)}, D)
			b := newLin()
			b.addScaled(a, bigMinusOne)
			rows = append(rows, a, b)
			todo = append(todo, qk)
			for kk := range x.coef {
				todo = append(todo, kk)
			}
			continue
		}
		// D·q − x ≤ 0 and x − D·q − (D − 1) ≤ 0.
		a := newLin()
		a.addScaled(q, D)
		a.addScaled(x, bigMinusOne)
		b := newLin()
		b.addScaled(x, bigOne)
		b.addScaled(q, new(big.Int).Neg(D))
		b.c.Sub(b.c, new(big.Int).Sub(D, bigOne))
		rows = append(rows, a, b)
		for kk := range x.coef {
			todo = append(todo, kk)
		}
	}
	rows = append(rows, lp.productLemmas(rows)...)
	lp.otherOrder = false
	// Elimination in the cheapest order first, then, when that ends
	// without a refutation, with the exact eliminations first: neither
	// order refutes everything the other does (a product's halves need
	// the first, a row-major access of two threads the second). The
	// second runs only when its order would differ.
	if lp.eliminate(rows, false) {
		return true
	}
	if !lp.otherOrder {
		return false
	}
	// The second order may spend what is left but is not charged for
	// it: the sibling cases of a split get the work they had with the
	// first order alone, so trying it never loses a refutation.
	left := lp.work
	refuted := lp.eliminate(rows, true)
	lp.work = left
	return refuted
}

// minMax returns the rows of a min or max atom k = ite(p < q, x, y)
// (also ≤): with x = p and y = q it is min(p, q), at most both; with
// x = q and y = p it is max(p, q), at least both. min(vec_count, 8) as a
// loop bound then keeps the index below vec_count. Other conditionals
// give nothing but their range.
func (lp *linProblem) minMax(k string, at *ITerm) []*row {
	c := at.Args[0]
	if c.Op != ILt && c.Op != ILe {
		return nil
	}
	tl := lp.tl
	p, q, x, y := tl.key(c.Args[0]), tl.key(c.Args[1]), tl.key(at.Args[1]), tl.key(at.Args[2])
	var sign int64
	switch {
	case p == x && q == y:
		sign = 1 // min: k − x ≤ 0, k − y ≤ 0
	case p == y && q == x:
		sign = -1 // max: x − k ≤ 0, y − k ≤ 0
	default:
		return nil
	}
	var out []*row
	for _, b := range at.Args[1:] {
		r := newLin()
		r.coef[k] = big.NewInt(sign)
		r.addScaled(tl.lin(b), big.NewInt(-sign))
		out = append(out, r)
	}
	return out
}

// Limits of the product lemmas: the rows multiplied (relations of at
// most maxLemmaRowAtoms atoms) and the lemmas derived.
const (
	maxLemmaRowAtoms = 3
	maxProductLemmas = 64
)

// productLemmas returns rows the monomials u·v of rows imply with the
// linear rows: a row r ≤ 0 times a factor f ≥ 0 of some monomial is
// r·f ≤ 0, its atoms' products with f the new monomials. The row
// bx − n + 1 ≤ 0 (a block below the grid of n) times the row width d
// reads bx·d ≤ n·d − d, which is what puts an access bx·d + j (j < d)
// below a length n·d; the rows 2·d ≤ s times n relate n·d to s·n. A
// lemma is kept when at most one of its monomials is new, so that it
// links what the rows say rather than multiplying every row out. Each
// lemma is a consequence of the rows over the integers (a product of a
// non-positive and a non-negative value is non-positive), so adding them
// keeps a refutation sound.
func (lp *linProblem) productLemmas(rows []*row) []*row {
	tl := lp.tl
	mono := map[string]bool{}
	factors := map[string]bool{}
	for _, r := range rows {
		for k := range r.coef {
			a := tl.atoms[k]
			if a.Op != IMul || mono[k] {
				continue
			}
			mono[k] = true
			for _, f := range a.Args {
				fk := tl.key(f)
				if _, ok := tl.atoms[fk]; !ok {
					continue
				}
				if lo, _ := tl.atomRange(fk); lo != nil && lo.Sign() >= 0 {
					factors[fk] = true
				}
			}
		}
	}
	if len(factors) == 0 {
		return nil
	}
	fs := make([]string, 0, len(factors))
	for f := range factors {
		fs = append(fs, f)
	}
	sort.Strings(fs)
	// Relations (bx − n + 1 ≤ 0, 2·d − s ≤ 0) may add one monomial; a
	// bound (tid ≤ 255) only relates monomials the rows have already
	// (tid·vc ≤ 255·vc): a new monomial per bound and factor costs
	// elimination more than it says beyond the monomials' own ranges.
	var out []*row
	seen := map[string]bool{}
	// Each monomial u·v between the bounds of u times v ≥ 0:
	// lo·v ≤ u·v ≤ hi·v (tid·vc ≤ 255·vc). u itself need not occur in
	// the rows, so its bounds are taken from its range here.
	mk := make([]string, 0, len(mono))
	for k := range mono {
		mk = append(mk, k)
	}
	sort.Strings(mk)
	for _, k := range mk {
		a := tl.atoms[k]
		for i := range 2 {
			u, v := tl.key(a.Args[i]), tl.key(a.Args[1-i])
			if !factors[v] {
				continue
			}
			if _, ok := tl.atoms[u]; !ok {
				continue
			}
			lo, hi := tl.atomRange(u)
			if lo == nil || u == v { // a square: its range says as much
				continue
			}
			up := newLin() // u·v − hi·v ≤ 0
			up.coef[k] = big.NewInt(1)
			up.coef[v] = new(big.Int).Neg(hi)
			down := newLin() // lo·v − u·v ≤ 0
			down.coef[k] = big.NewInt(-1)
			down.coef[v] = new(big.Int).Set(lo)
			for _, l := range []*row{up, down} {
				if l.coef[v].Sign() == 0 {
					delete(l.coef, v)
				}
				out = append(out, l)
			}
		}
	}
	for _, r := range rows {
		if len(r.coef) == 0 || len(r.coef) > maxLemmaRowAtoms {
			continue
		}
		linear := true
		for k := range r.coef {
			if tl.atoms[k].Op == IMul {
				linear = false
				break
			}
		}
		if !linear {
			continue
		}
		for _, f := range fs {
			l := newLin()
			fresh := 0
			for k, c := range r.coef {
				m := tl.monomial(k, f)
				if !mono[m] {
					fresh++
				}
				l.coef[m] = new(big.Int).Set(c)
			}
			if fresh > 1 || (fresh > 0 && len(r.coef) == 1) {
				continue
			}
			if r.c.Sign() != 0 {
				l.coef[f] = new(big.Int).Add(new(big.Int).Set(r.c), coefOr0(l.coef[f]))
				if l.coef[f].Sign() == 0 {
					delete(l.coef, f)
				}
			}
			// linKey reads d and −d alike (it names an equation); a row
			// and its negation are two lemmas here (bx·H ≤ by·H and
			// by·H ≤ bx·H of bx = by).
			k := linKey(l)
			if first := l.coef[firstKey(l)]; first != nil && first.Sign() < 0 {
				k = "-" + k
			}
			if !seen[k] {
				seen[k] = true
				out = append(out, l)
				if len(out) >= maxProductLemmas {
					return out
				}
			}
		}
	}
	return out
}

// boxImplies reports whether row r (Σ a·x + c ≤ 0) holds at every point
// of its atoms' ranges: c + Σ max(a·lo, a·hi) ≤ 0.
func (lp *linProblem) boxImplies(r *row) bool {
	if len(r.coef) == 0 {
		return false
	}
	sup := new(big.Int).Set(r.c)
	t := new(big.Int)
	for k, a := range r.coef {
		lo, hi := lp.tl.atomRange(k)
		if lo == nil {
			return false
		}
		if a.Sign() > 0 {
			t.Mul(a, hi)
		} else {
			t.Mul(a, lo)
		}
		sup.Add(sup, t)
	}
	return sup.Sign() <= 0
}

// eliminate decides rows by Fourier-Motzkin, over int64 (a coefficient
// or a product leaving int64 gives up: false, which is sound).
func (lp *linProblem) eliminate(rows []*row, exactFirst bool) bool {
	// Atoms in order of first appearance, a row's own in key order:
	// ties of the elimination order go to the lowest index, which map
	// order made vary from run to run. (All atoms in key order instead
	// left three race checks of testdata undecided: the order of the
	// rows, goal last, is the better tie-break.)
	idx := map[string]int{}
	var names, keys []string
	for _, r := range rows {
		keys = keys[:0]
		for k := range r.coef {
			if _, ok := idx[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			idx[k] = len(names)
			names = append(names, k)
		}
	}
	n := len(names)
	if n > maxFMAtoms {
		return false
	}
	dense := make([][]int64, 0, len(rows))
	for _, r := range rows {
		d := make([]int64, n+1) // coefficients, then the constant
		for k, v := range r.coef {
			if !v.IsInt64() {
				return false
			}
			d[idx[k]] = v.Int64()
		}
		if !r.c.IsInt64() {
			return false
		}
		d[n] = r.c.Int64()
		dense = append(dense, d)
	}
	alive := make([]bool, n)
	var byCoef coefIndex // made once, cleared each step
	for {
		var keep [][]int64
		pos := make([]int, n)
		neg := make([]int, n)
		// unitPos[i] (unitNeg[i]): every positive (negative) coefficient
		// of atom i is 1 (−1); see the choice of the atom below.
		unitPos := make([]bool, n)
		unitNeg := make([]bool, n)
		for i := range unitPos {
			unitPos[i], unitNeg[i] = true, true
		}
		// Rows with the same coefficients (after tightening) keep the
		// strongest constant only: elimination derives the same row from
		// many pairs, and without this the rows of a twin-thread check
		// grow past maxFMRows in three steps.
		byCoef.reset(n)
		keep = make([][]int64, 0, len(dense))
		for _, d := range dense {
			tightenDense(d)
			h := coefHash(d[:n])
			if j, ok := byCoef.find(keep, d, h, 1); ok {
				if d[n] > keep[j][n] {
					keep[j] = d
				}
				continue
			}
			zero := true
			for i := 0; i < n; i++ {
				if d[i] > 0 {
					pos[i]++
					zero = false
					unitPos[i] = unitPos[i] && d[i] == 1
				} else if d[i] < 0 {
					neg[i]++
					zero = false
					unitNeg[i] = unitNeg[i] && d[i] == -1
				}
			}
			if zero {
				if d[n] > 0 {
					return true
				}
				continue
			}
			byCoef.add(h)
			keep = append(keep, d)
		}
		dense = keep
		if len(dense) == 0 || len(dense) > maxFMRows {
			return false
		}
		// An equation (a row and its negation) with a unit coefficient
		// is solved for that atom and substituted, exactly over the
		// integers, before any inequality is combined: i = tx + 256·it
		// and bx·H = by·H so replaced leave the rows of a twin access
		// in the atoms whose tightening decides it, where combining
		// inequalities first had averaged that away.
		if u, j, k, ok := unitEquation(dense, &byCoef, n, alive); ok {
			d := dense[j] // d = 0 with d[u] = ±1, its own inverse
			next := dense[:0:0]
			for i, r := range dense {
				if i == j || i == k {
					continue
				}
				if r[u] != 0 {
					// r − r[u]·d[u]·d clears u.
					f, ok := mul64(r[u], d[u])
					if !ok {
						return false
					}
					nr := make([]int64, n+1)
					for c := 0; c <= n; c++ {
						x, ok1 := mul64(f, d[c])
						y, ok2 := add64(r[c], -x)
						if !ok1 || !ok2 || x == math.MinInt64 {
							return false
						}
						nr[c] = y
					}
					r = nr
				}
				next = append(next, r)
			}
			alive[u] = true
			dense = next
			lp.work -= len(dense)
			if lp.work < 0 {
				return false
			}
			continue
		}
		// The cheapest atom to eliminate; with exactFirst, among those
		// whose elimination is exact over the integers when there are
		// any: an atom whose coefficients on one side are all ±1 loses
		// no integer point (the Omega test's exact shadow). Eliminating
		// a block index of coefficient 192 before the thread index of
		// coefficient 1 that it is tied to averaged away what made the
		// access disjoint.
		best, cost, bestExact := -1, 0, false
		anyExact := false
		for i := 0; i < n; i++ {
			if alive[i] || pos[i]+neg[i] == 0 {
				continue
			}
			exact := unitPos[i] || unitNeg[i]
			anyExact = anyExact || exact
			exact = exact && exactFirst
			c := pos[i]*neg[i] - pos[i] - neg[i]
			if best < 0 || (exact && !bestExact) || (exact == bestExact && c < cost) {
				best, cost, bestExact = i, c, exact
			}
		}
		if best < 0 {
			return false
		}
		if !exactFirst && anyExact && !(unitPos[best] || unitNeg[best]) {
			lp.otherOrder = true // the exact-first order would differ here
		}
		alive[best] = true // eliminated
		var P, N, rest [][]int64
		for _, d := range dense {
			switch {
			case d[best] > 0:
				P = append(P, d)
			case d[best] < 0:
				N = append(N, d)
			default:
				rest = append(rest, d)
			}
		}
		lp.work -= len(P) * len(N)
		if lp.work < 0 {
			return false
		}
		// The new rows share one allocation.
		slab := make([]int64, len(P)*len(N)*(n+1))
		rest = slices.Grow(rest, len(P)*len(N))
		for _, p := range P {
			for _, q := range N {
				// |q_k|·p + p_k·q eliminates k.
				a, b := -q[best], p[best]
				r := slab[: n+1 : n+1]
				slab = slab[n+1:]
				for i := 0; i <= n; i++ {
					x, ok1 := mul64(a, p[i])
					y, ok2 := mul64(b, q[i])
					z, ok3 := add64(x, y)
					if !ok1 || !ok2 || !ok3 {
						return false
					}
					r[i] = z
				}
				r[best] = 0
				rest = append(rest, r)
			}
		}
		dense = rest
	}
}

// fmLimit keeps every number of the elimination far from int64's ends.
const fmLimit = 1 << 62

// unitEquation finds, among the tightened rows (indexed by coefficient
// key in byCoef), a row d ≤ 0 whose negation −d ≤ 0 is a row too (so
// d = 0) with a coefficient ±1 on an atom not yet eliminated. It returns
// the atom and the indices of d and of its negation.
func unitEquation(rows [][]int64, byCoef *coefIndex, n int, gone []bool) (u, j, k int, ok bool) {
	for j, d := range rows {
		k, ok := byCoef.find(rows, d, -byCoef.hash[j], -1)
		if !ok || k == j || rows[k][n] != -d[n] {
			continue
		}
		for u := 0; u < n; u++ {
			if !gone[u] && (d[u] == 1 || d[u] == -1) {
				return u, j, k, true
			}
		}
	}
	return 0, 0, 0, false
}

// coefIndex finds the rows of an elimination step by their coefficients
// (all but the constant): by a hash of them, then compared. (A string of
// their bytes as the key was a third of the linear step's time.)
type coefIndex struct {
	n     int
	first map[uint64]int // hash → the first row with it
	next  []int          // the next row with row i's hash, or -1
	hash  []uint64       // each row's hash
}

// reset empties the index for rows of n coefficients.
func (ix *coefIndex) reset(n int) {
	ix.n = n
	if ix.first == nil {
		ix.first = map[uint64]int{}
	}
	clear(ix.first)
	ix.next, ix.hash = ix.next[:0], ix.hash[:0]
}

// add indexes the next row, of hash h.
func (ix *coefIndex) add(h uint64) {
	i := len(ix.hash)
	ix.hash = append(ix.hash, h)
	ix.next = append(ix.next, -1)
	j, ok := ix.first[h]
	if !ok {
		ix.first[h] = i
		return
	}
	for ix.next[j] >= 0 {
		j = ix.next[j]
	}
	ix.next[j] = i
}

// coefHash hashes the coefficients c as Σ c[i]·K[i] mod 2^64 (K fixed
// odd constants): the products are independent, and the negated row's
// hash is the negated hash.
func coefHash(c []int64) uint64 {
	var h uint64
	for i, v := range c {
		h += uint64(v) * coefKeys[i%len(coefKeys)]
	}
	return h
}

// coefKeys are coefHash's weights (splitmix64's sequence, made odd).
var coefKeys = func() (k [64]uint64) {
	x := uint64(0x9e3779b97f4a7c15)
	for i := range k {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		k[i] = (z ^ (z >> 31)) | 1
	}
	return
}()

// find returns the index in rows of the row whose coefficients are d's
// times sign, h being their hash.
func (ix *coefIndex) find(rows [][]int64, d []int64, h uint64, sign int64) (int, bool) {
	j, ok := ix.first[h]
	for ok && j >= 0 {
		r := rows[j]
		same := true
		for i := 0; i < ix.n; i++ {
			if r[i] != d[i]*sign {
				same = false
				break
			}
		}
		if same {
			return j, true
		}
		j = ix.next[j]
	}
	return 0, false
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || c > fmLimit || c < -fmLimit {
		return 0, false
	}
	return c, true
}

func add64(a, b int64) (int64, bool) {
	c := a + b
	if c > fmLimit || c < -fmLimit || (a > 0 && b > 0 && c < 0) || (a < 0 && b < 0 && c > 0) {
		return 0, false
	}
	return c, true
}

// tightenDense divides a row by the gcd of its weights, rounding the
// constant up: Σ g·aᵢ·xᵢ + c ≤ 0 over integers is Σ aᵢ·xᵢ + ⌈c/g⌉ ≤ 0.
func tightenDense(d []int64) {
	n := len(d) - 1
	var g int64
	for i := 0; i < n; i++ {
		if d[i] != 0 {
			if g = gcd64(g, abs64(d[i])); g == 1 {
				return // nothing to divide by
			}
		}
	}
	if g <= 1 {
		return
	}
	for i := 0; i < n; i++ {
		d[i] /= g
	}
	// ⌈c/g⌉
	c := d[n]
	q := c / g
	if c%g != 0 && c > 0 {
		q++
	}
	d[n] = q
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
