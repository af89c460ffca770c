package sym

import (
	"math/big"
	"sort"
	"strings"
)

// Twin lemmas: the equalities a race query implies between a thread's
// values and its twin's (the second thread's copy, whose variables carry
// a trailing "'"), which linear integer arithmetic finds only by a long
// branch-and-bound.
//
// A race query asks whether two distinct threads reach one address:
//
//	4·(28·warp + c) and 4·(28·warp' + c') overlap, c, c' < 28,
//	warp = (256·blockIdx.x + threadIdx.x) / 32, ...
//
// and is unsatisfiable because the address is a mixed-radix number of the
// thread's coordinates: each digit's weight exceeds what all lighter
// digits together can add, so equal addresses mean equal digits. In
// integers (the form IntForm builds) that argument is:
//
//  1. Linear forms: every integer term is read as Σ cᵢ·aᵢ + k over atoms
//     (variables, quotients and remainders by constants, conditionals),
//     with (D·Q + R) / D = Q + R / D and (D·Q + R) mod D = R mod D, and
//     R / D, R mod D folded when R's range lies in one multiple of D.
//  2. Equalities: a conjunct a = b, or a pair a < b + w, b < a + w whose
//     difference can only be one value (the gcd of its weights leaves a
//     single multiple in the window).
//  3. Digits: in Σ cᵢ·(aᵢ − aᵢ') + rest = 0, the heaviest pair whose weight
//     exceeds the largest |value| the rest can take has aᵢ = aᵢ'; repeat.
//
// Each derived aᵢ = aᵢ' holds in every model of the form, so adding it
// changes no answer, and the solver then closes the query by congruence
// (warp ≠ warp' against warp = warp').
type twinLemmas struct {
	st    *ranges
	lins  map[*ITerm]*linForm
	atoms map[string]*ITerm // by atom key
	keys  map[*ITerm]string
	names map[string]bool // the variables of the atoms
	// cheap: weightSplit shows its bounds only from stated inequalities,
	// never by elimination (lemmas of a form that leaves its products
	// out, asked of every query).
	cheap bool
}

// linForm is Σ coef[k]·atom k + c.
type linForm struct {
	coef map[string]*big.Int
	c    *big.Int
}

func newTwinLemmas(st *ranges) *twinLemmas {
	return &twinLemmas{st: st, lins: map[*ITerm]*linForm{}, atoms: map[string]*ITerm{}, keys: map[*ITerm]string{}, names: map[string]bool{}}
}

func newLin() *linForm { return &linForm{coef: map[string]*big.Int{}, c: new(big.Int)} }

func (l *linForm) addScaled(m *linForm, s *big.Int) {
	for k, v := range m.coef {
		l.addTerm(k, new(big.Int).Mul(v, s))
	}
	l.c.Add(l.c, new(big.Int).Mul(m.c, s))
}

// addTerm adds x·atom k to l (x is l's to keep), dropping a coefficient
// that cancels.
func (l *linForm) addTerm(k string, x *big.Int) {
	if old, ok := l.coef[k]; ok {
		x.Add(x, old)
	}
	if x.Sign() == 0 {
		delete(l.coef, k)
	} else {
		l.coef[k] = x
	}
}

var bigMinusOne = big.NewInt(-1)

// maxLemmaConjuncts bounds the conjuncts twin lemmas look at.
const maxLemmaConjuncts = 256

// lemmas returns the twin equalities form implies (see twinLemmas);
// cheap: without elimination (see twinLemmas.cheap).
func (e *intEncoder) lemmas(form []*ITerm, cheap bool) []*ITerm {
	twins := false
	for _, f := range form {
		if hasTwinVar(f, map[*ITerm]bool{}) {
			twins = true
			break
		}
	}
	if !twins {
		return nil
	}
	tl := newTwinLemmas(e.st)
	tl.cheap = cheap
	var conj []*ITerm
	for _, f := range form {
		conj = appendIConjuncts(conj, f)
	}
	if len(conj) > maxLemmaConjuncts {
		return nil
	}
	// Equalities stated, and those two inequalities pin down.
	var eqs []*linForm
	var ineqs []*linForm // each ≤ 0
	for _, c := range conj {
		switch c.Op {
		case IEq:
			if c.Args[0].IsBool() {
				continue
			}
			d := tl.diff(c.Args[0], c.Args[1])
			eqs = append(eqs, d)
		case ILt, ILe:
			d := tl.diff(c.Args[0], c.Args[1])
			if c.Op == ILt {
				d.c.Add(d.c, bigOne)
			}
			ineqs = append(ineqs, d)
		}
	}
	for i, p := range ineqs {
		for _, q := range ineqs[i+1:] {
			if d := pinned(p, q); d != nil {
				eqs = append(eqs, d)
			}
		}
	}
	var out []*ITerm
	// Equations whose heaviest digit has a size for its weight (row·n +
	// col with col < n): the digit's equation and the rest's.
	for _, d := range eqs[:len(eqs):len(eqs)] {
		for _, w := range tl.weightSplit(d, conj, ineqs) {
			eqs = append(eqs, w)
			out = append(out, iop(IEq, tl.term(w), iconst(new(big.Int))))
		}
	}
	seen := map[string]bool{}
	derive := func(d *linForm) bool {
		grew := false
		for _, k := range tl.digits(d) {
			if seen[k] {
				continue
			}
			seen[k] = true
			grew = true
			a := tl.atoms[k]
			if tw := tl.twinOf(k); tw != nil {
				out = append(out, iop(IEq, a, tw))
			}
		}
		return grew
	}
	for _, d := range eqs {
		derive(d)
	}
	// A thread's equation and its twin's (i = tid + 1024·iter and
	// i' = tid' + 1024·iter'), once i = i' is known, give the equation of
	// their right-hand sides, whose digits may be equal in turn.
	stated := map[string]bool{}
	for _, d := range eqs {
		stated[linKey(d)] = true
	}
	for round := 0; round < 3 && len(seen) > 0; round++ {
		grew := false
		for _, d := range eqs {
			tw := tl.twinLin(d)
			if tw == nil || !stated[linKey(tw)] {
				continue
			}
			diff := newLin()
			diff.addScaled(d, bigOne)
			diff.addScaled(tw, bigMinusOne)
			for k := range seen { // a' = a: a's weight and a''s add up
				tk := tl.twinKeyOf(k)
				if c, ok := diff.coef[tk]; ok {
					x := new(big.Int).Add(c, coefOr0(diff.coef[k]))
					delete(diff.coef, tk)
					if x.Sign() == 0 {
						delete(diff.coef, k)
					} else {
						diff.coef[k] = x
					}
				}
			}
			if len(diff.coef) > 0 && derive(diff) {
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	return out
}

// maxWeightSplits bounds the equations weightSplit tries.
const maxWeightSplits = 8

// weightSplit reads the equation d = 0 as W·D + R = 0, W a size both
// threads share (no twin: the tokens of a [dim, tokens] output, a
// grid-stride loop's stride) that multiplies atoms of d, D and R free of
// W. D ≠ 0 makes |W·D| at least g·W (g the gcd of D's weights), so where
// the form bounds |R| below g·W (col, col' < n), D = 0 and R = 0: it
// returns the two equations (nil when it cannot show the bound). The
// digits the constant weights miss (bx·n against bx'·n, whose twin
// monomial would be bx'·n') then follow from D and R.
func (tl *twinLemmas) weightSplit(d *linForm, form []*ITerm, ineqs []*linForm) []*linForm {
	cands := map[string]*ITerm{}
	for k := range d.coef {
		a := tl.atoms[k]
		if a.Op != IMul || len(a.Args) != 2 {
			continue
		}
		for _, f := range a.Args {
			if fk := tl.atom(f); tl.shared(fk) {
				cands[fk] = f
			}
		}
	}
	keys := make([]string, 0, len(cands))
	for k := range cands {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, wk := range keys {
		if i == maxWeightSplits {
			break
		}
		w := cands[wk]
		wlo, _ := tl.linRange(tl.lin(w))
		if wlo == nil || wlo.Sign() <= 0 {
			continue
		}
		D, R := newLin(), newLin()
		R.c.Set(d.c)
		ok := true
		for k, c := range d.coef {
			a := tl.atoms[k]
			if a.Op == IMul && len(a.Args) == 2 {
				k0, k1 := tl.key(a.Args[0]), tl.key(a.Args[1])
				if k0 == wk && k1 != wk {
					D.addTerm(tl.atom(a.Args[1]), new(big.Int).Set(c))
					continue
				}
				if k1 == wk && k0 != wk {
					D.addTerm(tl.atom(a.Args[0]), new(big.Int).Set(c))
					continue
				}
			}
			if strings.Contains(k, wk) {
				ok = false // W inside another atom
				break
			}
			R.addTerm(k, new(big.Int).Set(c))
		}
		if !ok || len(D.coef) == 0 {
			continue
		}
		g := new(big.Int)
		for _, c := range D.coef {
			g.GCD(nil, nil, g, new(big.Int).Abs(c))
		}
		negR := newLin()
		negR.addScaled(R, bigMinusOne)
		if tl.rowBounded(R, wk, g, ineqs) || tl.rowBounded(negR, wk, g, ineqs) {
			return []*linForm{D, R}
		}
		if tl.cheap {
			continue
		}
		// |R| < g·W: R − g·W ≥ 0 and −R − g·W ≥ 0 are both refuted.
		bounded := true
		for _, sign := range []*big.Int{bigOne, bigMinusOne} {
			e := newLin()
			e.addScaled(R, sign)
			e.addTerm(wk, new(big.Int).Neg(g))
			if !refuteForm(tl.st, append(append([]*ITerm(nil), form...), iop(ILe, iconst(new(big.Int)), tl.term(e)))) {
				bounded = false
				break
			}
		}
		if bounded {
			return []*linForm{D, R}
		}
	}
	return nil
}

// rowBounded shows |R| < g·W without elimination where R is a thread's
// column and its twin's, R = s·(Q − Q'), with 0 ≤ Q and a stated
// Q − W + k ≤ 0 (k ≥ 1: col < n) for Q and for Q', and s ≤ g.
func (tl *twinLemmas) rowBounded(R *linForm, wk string, g *big.Int, ineqs []*linForm) bool {
	if R.c.Sign() != 0 || len(R.coef) == 0 {
		return false
	}
	P, N := newLin(), newLin()
	for k, c := range R.coef {
		if hasTwinVar(tl.atoms[k], map[*ITerm]bool{}) {
			N.coef[k] = c
		} else {
			P.coef[k] = c
		}
	}
	tw := tl.twinLin(P)
	if tw == nil || len(tw.coef) != len(N.coef) {
		return false
	}
	for k, c := range tw.coef {
		if n, ok := N.coef[k]; !ok || new(big.Int).Add(n, c).Sign() != 0 {
			return false
		}
	}
	sc := new(big.Int)
	for _, c := range P.coef {
		sc.GCD(nil, nil, sc, new(big.Int).Abs(c))
	}
	if sc.Cmp(g) > 0 {
		return false
	}
	below := func(Q *linForm) bool { // 0 ≤ Q and Q − W + k ≤ 0 stated, k ≥ 1
		if lo, _ := tl.linRange(Q); lo == nil || lo.Sign() < 0 {
			return false
		}
		for _, q := range ineqs {
			w, ok := q.coef[wk]
			if !ok || w.Sign() >= 0 || len(q.coef) != len(Q.coef)+1 {
				continue
			}
			m := new(big.Int).Neg(w) // q = m·(Q − W) + c
			match := true
			for k, c := range Q.coef {
				if qc, ok := q.coef[k]; !ok || qc.Cmp(new(big.Int).Mul(m, c)) != 0 {
					match = false
					break
				}
			}
			// m·(Q − W) + c ≤ 0 with c ≥ m: Q ≤ W − 1.
			if match && q.c.Cmp(m) >= 0 {
				return true
			}
		}
		return false
	}
	Q := newLin()
	for k, c := range P.coef {
		Q.coef[k] = new(big.Int).Quo(c, sc)
	}
	return below(Q) && below(tl.twinLin(Q))
}

func coefOr0(c *big.Int) *big.Int {
	if c == nil {
		return new(big.Int)
	}
	return c
}

// twinLin returns d with every atom replaced by its twin, or nil when an
// atom has none in the form (or d has no variable).
func (tl *twinLemmas) twinLin(d *linForm) *linForm {
	if len(d.coef) == 0 {
		return nil
	}
	out := newLin()
	out.c.Set(d.c)
	for k, c := range d.coef {
		tk := tl.twinKeyOf(k)
		if tk == "" {
			if !tl.shared(k) {
				return nil
			}
			tk = k // the same value in both threads
		}
		out.coef[tk] = new(big.Int).Set(c)
	}
	return out
}

// linKey prints a linear form canonically (up to sign).
func linKey(d *linForm) string {
	keys := make([]string, 0, len(d.coef))
	for k := range d.coef {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	neg := len(keys) > 0 && d.coef[keys[0]].Sign() < 0
	var b strings.Builder
	for _, k := range keys {
		c := d.coef[k]
		if neg {
			c = new(big.Int).Neg(c)
		}
		b.WriteString(c.String() + "*" + k + " ")
	}
	c := d.c
	if neg {
		c = new(big.Int).Neg(c)
	}
	b.WriteString(c.String())
	return b.String()
}

// pinned returns P − v (= 0) when p: P + cp ≤ 0 and q: −P + cq ≤ 0 leave
// P, a multiple of the gcd of its weights, a single value v.
func pinned(p, q *linForm) *linForm {
	if len(p.coef) == 0 || len(p.coef) != len(q.coef) {
		return nil
	}
	g := new(big.Int)
	for k, v := range p.coef {
		w, ok := q.coef[k]
		if !ok || new(big.Int).Add(v, w).Sign() != 0 {
			return nil
		}
		g.GCD(nil, nil, g, new(big.Int).Abs(v))
	}
	// cq ≤ P ≤ −cp.
	lo, hi := new(big.Int).Set(q.c), new(big.Int).Neg(p.c)
	// The multiples of g in [lo, hi].
	first := ceilDiv(lo, g)
	last := floorDiv(hi, g)
	if first.Cmp(last) != 0 {
		return nil
	}
	d := newLin()
	d.addScaled(p, bigOne)
	d.c = new(big.Int).Neg(first.Mul(first, g))
	return d
}

// floorDiv and ceilDiv divide by a positive b (big.Int's Div is
// Euclidean, which is the floor there).
func floorDiv(a, b *big.Int) *big.Int { return new(big.Int).Div(a, b) }

func ceilDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).DivMod(a, b, new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, bigOne)
	}
	return q
}

// digits returns the keys of the unprimed atoms whose twin equality the
// equation d = 0 implies, heaviest first.
func (tl *twinLemmas) digits(d *linForm) []string {
	type term struct {
		key  string      // the unprimed atom of a pair, or the atom
		w    *big.Int    // |weight|
		span *big.Int    // a pair: the largest |a − a'|; an atom: unused
		iv   [2]*big.Int // an atom alone: the range of its weighted value
		pair bool
	}
	var terms []*term
	used := map[string]bool{}
	keys := make([]string, 0, len(d.coef))
	for k := range d.coef {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if used[k] {
			continue
		}
		used[k] = true
		c := d.coef[k]
		lo, hi := tl.atomRange(k)
		if lo == nil {
			return nil
		}
		if tk := tl.twinKeyOf(k); tk != "" {
			if tc, ok := d.coef[tk]; ok && !used[tk] && new(big.Int).Add(c, tc).Sign() == 0 {
				used[tk] = true
				tlo, thi := tl.atomRange(tk)
				if tlo == nil {
					return nil
				}
				// a − a' ∈ [lo − thi, hi − tlo]
				span := maxBig(new(big.Int).Abs(new(big.Int).Sub(lo, thi)), new(big.Int).Abs(new(big.Int).Sub(hi, tlo)))
				uk := k
				if strings.HasSuffix(atomNames(tl.atoms[k]), "'") {
					uk = tk
				}
				terms = append(terms, &term{key: uk, w: new(big.Int).Abs(c), span: span, pair: true})
				continue
			}
		}
		a := new(big.Int).Mul(c, lo)
		b := new(big.Int).Mul(c, hi)
		terms = append(terms, &term{key: k, w: new(big.Int).Abs(c), iv: [2]*big.Int{minBig(a, b), maxBig(a, b)}})
	}
	sort.SliceStable(terms, func(i, j int) bool { return terms[i].w.Cmp(terms[j].w) > 0 })
	// Atoms without a twin add their range to every pair's rest.
	slo, shi := new(big.Int).Set(d.c), new(big.Int).Set(d.c)
	var pairs []*term
	for _, t := range terms {
		if t.pair {
			pairs = append(pairs, t)
		} else {
			slo.Add(slo, t.iv[0])
			shi.Add(shi, t.iv[1])
		}
	}
	var out []string
	for i, t := range pairs {
		// The rest: lighter pairs, the lone atoms and the constant (the
		// heavier pairs' differences are 0 by now).
		lo, hi := new(big.Int).Set(slo), new(big.Int).Set(shi)
		for _, r := range pairs[i+1:] {
			m := new(big.Int).Mul(r.w, r.span)
			lo.Sub(lo, m)
			hi.Add(hi, m)
		}
		// w·δ = −rest: δ ≠ 0 is impossible when w exceeds |rest|.
		if t.w.Cmp(new(big.Int).Abs(lo)) <= 0 || t.w.Cmp(new(big.Int).Abs(hi)) <= 0 {
			return out
		}
		out = append(out, t.key)
	}
	return out
}

// diff returns lin(a) − lin(b).
func (tl *twinLemmas) diff(a, b *ITerm) *linForm {
	d := newLin()
	d.addScaled(tl.lin(a), bigOne)
	d.addScaled(tl.lin(b), bigMinusOne)
	return d
}

// lin reads an integer term as a linear form over atoms.
func (tl *twinLemmas) lin(t *ITerm) *linForm {
	if l, ok := tl.lins[t]; ok {
		return l
	}
	l := newLin()
	switch t.Op {
	case IConst:
		l.c.Set(t.Val)
	case IAdd:
		l.addScaled(tl.lin(t.Args[0]), bigOne)
		l.addScaled(tl.lin(t.Args[1]), bigOne)
	case ISub:
		l.addScaled(tl.lin(t.Args[0]), bigOne)
		l.addScaled(tl.lin(t.Args[1]), bigMinusOne)
	case INeg:
		l.addScaled(tl.lin(t.Args[0]), bigMinusOne)
	case IMul:
		x, y := tl.lin(t.Args[0]), tl.lin(t.Args[1])
		switch {
		case len(x.coef) == 0:
			l.addScaled(y, x.c)
		case len(y.coef) == 0:
			l.addScaled(x, y.c)
		default:
			if !tl.expand(x, y, l) {
				l.coef[tl.atom(t)] = big.NewInt(1)
			}
		}
	case IDiv, IMod:
		tl.divMod(t, l)
	default:
		l.coef[tl.atom(t)] = big.NewInt(1)
	}
	tl.lins[t] = l
	return l
}

// maxMonomials bounds the monomials a product of two forms expands to.
const maxMonomials = 8

// expand adds the product of the forms x and y, both with atoms, to l as
// a sum of monomials of degree two (each an atom u·v, its factors in key
// order) and of the forms scaled by the other's constant:
// (2·bx + 1)·d = 2·(bx·d) + d. It reports false, adding nothing, when a
// factor is itself a product or the monomials would be too many: the
// product then stays one atom. Monomials shared by the access and the
// length (bx·d, n·d) are what the product lemmas of infeasible relate.
func (tl *twinLemmas) expand(x, y *linForm, l *linForm) bool {
	if len(x.coef)*len(y.coef) > maxMonomials {
		return false
	}
	for _, f := range []*linForm{x, y} {
		for k := range f.coef {
			if tl.atoms[k].Op == IMul {
				return false
			}
		}
	}
	for ku, cu := range x.coef {
		for kv, cv := range y.coef {
			l.addTerm(tl.monomial(ku, kv), new(big.Int).Mul(cu, cv))
		}
	}
	l.addScaled(y, x.c)
	l.addScaled(x, y.c)
	l.c.Sub(l.c, new(big.Int).Mul(x.c, y.c))
	return true
}

// monomial returns the key of the atom u·v (u, v atom keys).
func (tl *twinLemmas) monomial(u, v string) string {
	if v < u {
		u, v = v, u
	}
	return tl.atom(iop(IMul, tl.atoms[u], tl.atoms[v]))
}

// divMod reads x / D or x mod D with x = D·Q + R (see twinLemmas).
func (tl *twinLemmas) divMod(t *ITerm, l *linForm) {
	x := tl.lin(t.Args[0])
	dt := tl.lin(t.Args[1])
	if len(dt.coef) != 0 || dt.c.Sign() <= 0 {
		l.coef[tl.atom(t)] = big.NewInt(1)
		return
	}
	D := dt.c
	q, r := newLin(), newLin()
	for k, v := range x.coef {
		qq, rr := new(big.Int).DivMod(v, D, new(big.Int))
		if qq.Sign() != 0 {
			q.coef[k] = qq
		}
		if rr.Sign() != 0 {
			r.coef[k] = rr
		}
	}
	qc, rc := new(big.Int).DivMod(x.c, D, new(big.Int))
	q.c, r.c = qc, rc
	lo, hi := tl.linRange(r)
	if lo != nil && lo.Sign() >= 0 {
		ql, qh := floorDiv(lo, D), floorDiv(hi, D)
		if ql.Cmp(qh) == 0 { // R / D is the constant ql
			if t.Op == IDiv {
				l.addScaled(q, bigOne)
				l.c.Add(l.c, ql)
			} else {
				l.addScaled(r, bigOne)
				l.c.Sub(l.c, new(big.Int).Mul(ql, D))
			}
			return
		}
	}
	// R / D and R mod D stay atoms (R ≥ 0 where x ≥ 0 and Q's part is a
	// multiple of D only when R's range allows: keep the original term
	// otherwise, which is always right).
	if len(q.coef) == 0 || lo == nil || lo.Sign() < 0 {
		l.coef[tl.atom(t)] = big.NewInt(1)
		return
	}
	rt := tl.term(r)
	if t.Op == IDiv {
		l.addScaled(q, bigOne)
		l.coef[tl.atom(iop(IDiv, rt, t.Args[1]))] = big.NewInt(1)
	} else {
		l.coef[tl.atom(iop(IMod, rt, t.Args[1]))] = big.NewInt(1)
	}
}

// term builds an integer term of a linear form, atoms in key order.
func (tl *twinLemmas) term(l *linForm) *ITerm {
	keys := make([]string, 0, len(l.coef))
	for k := range l.coef {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	// Canonical where it matters: a form that is one atom is that atom,
	// so that the digit x / 32 of x = 256·bx + x reads as the same atom as
	// a stated x / 32; unit coefficients and a zero constant are left out.
	var t *ITerm
	for _, k := range keys {
		m := tl.atoms[k]
		if c := l.coef[k]; c.Cmp(bigOne) != 0 {
			m = iop(IMul, iconst(new(big.Int).Set(c)), m)
		}
		if t == nil {
			t = m
		} else {
			t = iop(IAdd, t, m)
		}
	}
	switch {
	case t == nil:
		return iconst(new(big.Int).Set(l.c))
	case l.c.Sign() != 0:
		t = iop(IAdd, t, iconst(new(big.Int).Set(l.c)))
	}
	return t
}

// linRange returns the range of a linear form, or nil when an atom has
// none.
func (tl *twinLemmas) linRange(l *linForm) (*big.Int, *big.Int) {
	lo, hi := new(big.Int).Set(l.c), new(big.Int).Set(l.c)
	for k, c := range l.coef {
		alo, ahi := tl.atomRange(k)
		if alo == nil {
			return nil, nil
		}
		a, b := new(big.Int).Mul(c, alo), new(big.Int).Mul(c, ahi)
		lo.Add(lo, minBig(a, b))
		hi.Add(hi, maxBig(a, b))
	}
	return lo, hi
}

// atomRange returns the range of an atom's value, or nil.
func (tl *twinLemmas) atomRange(k string) (*big.Int, *big.Int) {
	a := tl.atoms[k]
	switch a.Op {
	case IVar:
		if a.Width == 0 {
			return nil, nil
		}
		u := tl.st.eval(Var(a.Name, a.Width)).u
		return u.lo, u.hi
	case IDiv, IMod:
		x := tl.lin(a.Args[0])
		lo, hi := tl.linRange(x)
		dt := tl.lin(a.Args[1])
		if lo == nil || lo.Sign() < 0 || len(dt.coef) != 0 || dt.c.Sign() <= 0 {
			return nil, nil
		}
		if a.Op == IDiv {
			return floorDiv(lo, dt.c), floorDiv(hi, dt.c)
		}
		return big.NewInt(0), minBig(hi, new(big.Int).Sub(dt.c, bigOne))
	case IMul:
		xl, xh := tl.linRange(tl.lin(a.Args[0]))
		yl, yh := tl.linRange(tl.lin(a.Args[1]))
		if xl == nil || yl == nil {
			return nil, nil
		}
		ps := []*big.Int{new(big.Int).Mul(xl, yl), new(big.Int).Mul(xl, yh), new(big.Int).Mul(xh, yl), new(big.Int).Mul(xh, yh)}
		lo, hi := ps[0], ps[0]
		for _, p := range ps[1:] {
			lo, hi = minBig(lo, p), maxBig(hi, p)
		}
		return lo, hi
	case IIte:
		xl, xh := tl.linRange(tl.lin(a.Args[1]))
		yl, yh := tl.linRange(tl.lin(a.Args[2]))
		if xl == nil || yl == nil {
			return nil, nil
		}
		return minBig(xl, yl), maxBig(xh, yh)
	}
	return nil, nil
}

// atom returns t's key, recording t as an atom.
func (tl *twinLemmas) atom(t *ITerm) string {
	k := tl.key(t)
	if _, ok := tl.atoms[k]; !ok {
		tl.atoms[k] = t
		tl.addNames(t)
	}
	return k
}

func (tl *twinLemmas) addNames(t *ITerm) {
	if t.Op == IVar {
		tl.names[t.Name] = true
	}
	for _, a := range t.Args {
		tl.addNames(a)
	}
}

// twinKeyOf is twinKey for an atom of the form, where a variable with no
// twin in the form (a size both threads share: the stride of a
// grid-stride loop, the tokens of a [dim, tokens] output) stays itself:
// the twin of iter·n is iter'·n. "" when the atom has no twin there.
func (tl *twinLemmas) twinKeyOf(k string) string {
	if tk := twinKey(k); tk != "" && tl.atoms[tk] != nil {
		return tk
	}
	a := tl.atoms[k]
	if a == nil {
		return ""
	}
	tw, changed := tl.twinTerm(a)
	if !changed {
		return ""
	}
	if tk := tl.key(tw); tl.atoms[tk] != nil {
		return tk
	}
	return ""
}

// shared reports whether an atom mentions no variable that has a twin in
// the form: both threads read the same value.
func (tl *twinLemmas) shared(k string) bool {
	a := tl.atoms[k]
	if a == nil {
		return false
	}
	_, changed := tl.twinTerm(a)
	return !changed && !hasTwinVar(a, map[*ITerm]bool{})
}

// twinTerm returns t with each variable that has a counterpart in the
// form (v and v') replaced by it, and whether any was.
func (tl *twinLemmas) twinTerm(t *ITerm) (*ITerm, bool) {
	if t.Op == IVar {
		other := t.Name + "'"
		if strings.HasSuffix(t.Name, "'") {
			other = strings.TrimSuffix(t.Name, "'")
		}
		if tl.names[other] {
			c := *t
			c.Name = other
			return &c, true
		}
		return t, false
	}
	if len(t.Args) == 0 {
		return t, false
	}
	args := make([]*ITerm, len(t.Args))
	changed := false
	for i, a := range t.Args {
		var ch bool
		args[i], ch = tl.twinTerm(a)
		changed = changed || ch
	}
	if !changed {
		return t, false
	}
	c := *t
	c.Args = args
	return &c, true
}

// key prints t structurally.
func (tl *twinLemmas) key(t *ITerm) string {
	if k, ok := tl.keys[t]; ok {
		return k
	}
	var b strings.Builder
	switch t.Op {
	case IConst:
		if t.Val != nil {
			b.WriteString(t.Val.String())
		} else if t.Bool {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case IVar:
		b.WriteString("|" + t.Name + "|")
	default:
		b.WriteString("(" + string(rune('A'+int(t.Op))))
		for _, a := range t.Args {
			b.WriteString(" " + tl.key(a))
		}
		b.WriteString(")")
	}
	k := b.String()
	tl.keys[t] = k
	return k
}

// twinKey returns the key of k's twin: every variable primed, or every
// prime removed; "" when k mixes both or has no variable.
func twinKey(k string) string {
	parts := strings.Split(k, "|")
	// Variables are at the odd indices.
	primed, plain := 0, 0
	for i := 1; i < len(parts); i += 2 {
		if strings.HasSuffix(parts[i], "'") {
			primed++
		} else {
			plain++
		}
	}
	if (primed == 0) == (plain == 0) {
		return ""
	}
	for i := 1; i < len(parts); i += 2 {
		if primed > 0 {
			parts[i] = strings.TrimSuffix(parts[i], "'")
		} else {
			parts[i] += "'"
		}
	}
	return strings.Join(parts, "|")
}

// twinOf returns the atom of k's twin when the form mentions it.
func (tl *twinLemmas) twinOf(k string) *ITerm {
	tk := tl.twinKeyOf(k)
	if tk == "" {
		return nil
	}
	return tl.atoms[tk]
}

// atomNames returns the name of a variable atom, or the atom's key
// otherwise (for the prime test).
func atomNames(t *ITerm) string {
	if t.Op == IVar {
		return t.Name
	}
	names := ""
	var visit func(t *ITerm)
	visit = func(t *ITerm) {
		if t.Op == IVar {
			names = t.Name
			return
		}
		for _, a := range t.Args {
			visit(a)
		}
	}
	visit(t)
	return names
}

func hasTwinVar(t *ITerm, seen map[*ITerm]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Op == IVar {
		return strings.HasSuffix(t.Name, "'")
	}
	for _, a := range t.Args {
		if hasTwinVar(a, seen) {
			return true
		}
	}
	return false
}
