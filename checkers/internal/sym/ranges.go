package sym

import (
	"maps"
	"math/big"
	"slices"
	"sync"
)

// Refute reports whether the conjunction of the boolean terms cs is
// unsatisfiable by range reasoning alone: each bit-vector subterm gets an
// interval for its unsigned and one for its signed value, computed from
// its operands (interval arithmetic, exact where the operation cannot
// wrap) and narrowed by the conjuncts that compare it (x < y, x = e,
// x ≠ c, x + c ≤ y ...), to a fixpoint. A conjunct whose value is then
// false, or a term left with no value, refutes the conjunction; a
// disjunction still undecided is split into its cases (a few, two levels
// deep), each refuted on its own. The answer is one-sided: true is a
// proof that no model exists,
//
//	∀x. ¬(c1(x) ∧ … ∧ cn(x)),
//
// false says nothing. It costs microseconds to milliseconds, where
// bit-blasting a 64-bit product costs seconds.
func Refute(cs []*Term) bool { return refute(cs, 2) }

// RefuteIntervals is Refute with cases one level deep: the intervals
// narrowed to their fixpoint, few-valued conjuncts enumerated, and each
// case of one disjunction refuted by its intervals.
func RefuteIntervals(cs []*Term) bool {
	st := newRanges()
	defer st.release()
	return st.fixpoint(cs) || st.refuteMore(scope{goal: cs}, 1)
}

// maxRounds bounds the narrowing rounds of one refutation: bounds that
// creep (x < y ∧ y < x + 2) stop there, which is sound (bounds only
// narrow).
const maxRounds = 12

// maxSplit bounds the disjuncts a split may have.
const maxSplit = 6

func refute(cs []*Term, depth int) bool {
	st := newRanges()
	defer st.release()
	if st.fixpoint(cs) {
		return true
	}
	return st.refuteMore(scope{goal: cs}, depth)
}

// scope is the conjunction a refutation works on: goal, after the facts
// f when f is not nil.
type scope struct {
	f    *Facts
	goal []*Term
}

// all returns the scope's conjuncts.
func (sc scope) all() []*Term {
	if sc.f == nil {
		return sc.goal
	}
	return sc.f.with(sc.goal)
}

// settle brings st, which holds bounds of the scope, to its fixpoint
// again: every conjunct (fixpoint), or with facts the goal and the facts
// that the narrowing st.dirty records reaches (Facts.settle); true when
// refuted.
func (sc scope) settle(st *ranges) bool {
	if sc.f == nil {
		return st.fixpoint(sc.goal)
	}
	refuted, _ := st.settle(sc.f, sc.f.reached(st), sc.goal)
	return refuted
}

// refuteMore is refute once st holds the fixpoint of the scope.
func (st *ranges) refuteMore(sc scope, depth int) bool {
	// Few-valued conjuncts by enumeration (see enumerate), then the
	// bounds it narrowed.
	all := sc.all()
	st.changed = false
	st.memo.reset()
	sc.track(st)
	if st.enumerate(all) {
		return true
	}
	if st.changed && sc.settle(st) {
		return true
	}
	if depth == 0 {
		return false
	}
	st.memo.reset()
	or := st.openDisjunction(all)
	if or == nil {
		return false
	}
	for _, d := range or.Args {
		sub := scope{f: sc.f, goal: append(slices.Clip(sc.goal), d)}
		if !st.refuteCase(sub, d, depth-1) {
			return false
		}
	}
	return true
}

// refuteCase is refute of the scope sc, the one st holds the bounds of
// with the case d added, started from those bounds: they hold under the
// case too, and a fixpoint started there takes fewer rounds than one
// from nothing.
func (st *ranges) refuteCase(sc scope, d *Term, depth int) bool {
	sub := st.clone()
	defer sub.release()
	sc.track(sub)
	sub.memo.reset()
	sub.assume(d, true)
	if sub.empty || sc.settle(sub) {
		return true
	}
	return sub.refuteMore(sc, depth)
}

// track starts recording the terms st narrows, for settle to read which
// facts they reach (nothing to record without facts).
func (sc scope) track(st *ranges) {
	if sc.f == nil {
		return
	}
	if st.dirty == nil {
		st.dirty = map[string]bool{}
	} else {
		clear(st.dirty)
	}
	st.dirtyAll = false
}

// clone returns a copy of st's bounds and facts, with a memo of its own.
func (st *ranges) clone() *ranges {
	return &ranges{
		noWrap: maps.Clone(st.noWrap),
		bounds: maps.Clone(st.bounds),
		bools:  maps.Clone(st.bools),
		facts:  maps.Clone(st.facts),
		memo:   memoPool.Get().(*termMemo),
		empty:  st.empty,
	}
}

// fixpoint assumes every conjunct of cs until no bound narrows (at most
// maxRounds rounds); true when they are refuted on the way.
func (st *ranges) fixpoint(cs []*Term) bool {
	for round := 0; round < maxRounds; round++ {
		st.changed = false
		st.memo.reset()
		for _, c := range cs {
			if st.truth(c) < 0 || st.empty {
				return true
			}
			st.assume(c, true)
			if st.empty {
				return true
			}
		}
		if !st.changed {
			break
		}
	}
	return false
}

// openDisjunction returns a conjunct (or a conjunct of a conjunct) that
// is a disjunction of at most maxSplit cases, none decided, preferring
// the last (the goal comes last).
func (st *ranges) openDisjunction(cs []*Term) *Term {
	var found *Term
	var visit func(t *Term)
	visit = func(t *Term) {
		switch {
		case t.Op == OpBAnd:
			for _, a := range t.Args {
				visit(a)
			}
		case t.Op == OpBOr && len(t.Args) <= maxSplit && st.truth(t) == 0:
			found = t
		}
	}
	for _, c := range cs {
		visit(c)
	}
	return found
}

// under narrows p, the intervals of x, by what cond (holds: cond, else
// ¬cond) says of x when it compares x with another term: under x < y,
// x ≤ max(y) − 1; under y < x, x ≥ min(y) + 1 (likewise ≤, signed or
// not). Anything else leaves p as it is. The result may be empty: the
// branch cannot be taken.
func (st *ranges) under(cond *Term, holds bool, x *Term, p pair) pair {
	for cond.Op == OpBNot {
		cond, holds = cond.Args[0], !holds
	}
	var strict, signed bool
	switch cond.Op {
	case OpSlt:
		strict, signed = true, true
	case OpSle:
		signed = true
	case OpUlt:
		strict = true
	case OpUle:
	default:
		return p
	}
	l, r := cond.Args[0], cond.Args[1]
	if !holds { // ¬(l < r) is r ≤ l; ¬(l ≤ r) is r < l
		l, r, strict = r, l, !strict
	}
	d := bigZero
	if strict {
		d = bigOne
	}
	pick := func(q pair) interval {
		if signed {
			return q.s
		}
		return q.u
	}
	var bound interval
	switch x.Key() {
	case l.Key(): // x < r: x ≤ max(r) − d
		hi := new(big.Int).Sub(pick(st.eval(r)).hi, d)
		bound = ival(full(x.Width, signed).lo, hi)
	case r.Key(): // l < x: x ≥ min(l) + d
		lo := new(big.Int).Add(pick(st.eval(l)).lo, d)
		bound = ival(lo, full(x.Width, signed).hi)
	default:
		return p
	}
	if signed {
		p.s = p.s.meet(bound)
	} else {
		p.u = p.u.meet(bound)
	}
	return cross(p, x.Width)
}

// pair is a term's unsigned and signed intervals.
type pair struct{ u, s interval }

// ranges is the state of one refutation: the bounds the conjuncts
// imply, by term key, and the truth of boolean variables.
type ranges struct {
	// noWrap holds the operations a conjunct says do not overflow
	// (¬addovf(x, y) ...), by ovfKey: IntForm reads them exactly.
	noWrap  map[string]bool
	bounds  map[string]pair
	bools   map[string]int8
	facts   map[string]int8 // comparisons assumed, by key: 1 true, -1 false
	memo    *termMemo       // this round's intervals; stale entries are wider, so sound
	changed bool            // some bound narrowed this round
	// dirty records the terms (by key) narrowed since it was last
	// cleared, when not nil; dirtyAll that a no-wrap fact changed how
	// every sum and product reads (see Facts.reached).
	dirty    map[string]bool
	dirtyAll bool
	// nonlinLeft says intForm left out a conjunct for its products of
	// non-constants (RefuteLinear then tries again with them).
	nonlinLeft bool
	empty      bool // some term has no value: the conjunction is unsatisfiable
}

func newRanges() *ranges {
	return &ranges{bounds: map[string]pair{}, bools: map[string]int8{}, facts: map[string]int8{}, memo: memoPool.Get().(*termMemo), noWrap: map[string]bool{}}
}

var (
	bigZero = big.NewInt(0)
	bigOne  = big.NewInt(1)
)

func pow2(w int) *big.Int { return new(big.Int).Lsh(bigOne, uint(w)) }

// powers2 holds 2^0 … 2^129, made once: the range step asks for them at
// every term it evaluates (cross), and making them there was a tenth of
// its time.
var powers2 = func() (p [130]*big.Int) {
	for w := range p {
		p[w] = pow2(w)
	}
	return
}()

// pow2Shared returns 2^w, shared: the caller must not change it.
func pow2Shared(w int) *big.Int {
	if w >= 0 && w < len(powers2) {
		return powers2[w]
	}
	return pow2(w)
}

func ival(lo, hi *big.Int) interval { return interval{lo, hi} }

func (a interval) empty() bool { return a.lo.Cmp(a.hi) > 0 }

func (a interval) meet(b interval) interval { return interval{maxBig(a.lo, b.lo), minBig(a.hi, b.hi)} }

func (a interval) join(b interval) interval { return interval{minBig(a.lo, b.lo), maxBig(a.hi, b.hi)} }

func (a interval) shift(d *big.Int) interval {
	return interval{new(big.Int).Add(a.lo, d), new(big.Int).Add(a.hi, d)}
}

func (a interval) isPoint() bool { return a.lo.Cmp(a.hi) == 0 }

func (a interval) nonNeg() bool { return a.lo.Sign() >= 0 }

// fit returns r if every value of r fits the range f, else f.
func fit(r, f interval) interval {
	if r.within(f) {
		return r
	}
	return f
}

// wrapFit is the intervals of an addition, subtraction or product t
// from its exact ones ru and rs: each as it is when it fits the type
// (fu, fs), else the type's whole range, except in a view where a
// conjunct says t does not wrap (¬mulovf(x, y)): there the exact value is
// t's value, so its interval is the exact one clipped to the type (empty,
// a contradiction, when the exact value cannot fit).
func (st *ranges) wrapFit(t *Term, ru, rs, fu, fs interval) pair {
	p := pair{fit(ru, fu), fit(rs, fs)}
	if len(st.noWrap) == 0 {
		return p
	}
	if st.exact(t, false) {
		p.u = ru.meet(fu)
	}
	if st.exact(t, true) {
		p.s = rs.meet(fs)
	}
	return p
}

// exact reports whether a conjunct says the operation t does not wrap in
// the signed or unsigned reading (either operand order of a commutative
// one).
func (st *ranges) exact(t *Term, signed bool) bool {
	x, y := t.Args[0], t.Args[1]
	if st.noWrap[ovfKey(t.Op, x, y, signed)] {
		return true
	}
	return t.Op != OpSub && st.noWrap[ovfKey(t.Op, y, x, signed)]
}

// eval returns t's intervals (t a bit-vector term).
func (st *ranges) eval(t *Term) pair {
	slot := st.memo.index(t)
	if p, ok := st.memo.get(slot); ok {
		return p
	}
	w := t.Width
	p := pair{full(w, false), full(w, true)}
	switch t.Op {
	case OpConst:
		p = constPair(t)
	case OpIte:
		switch st.truth(t.Args[0]) {
		case 1:
			p = st.eval(t.Args[1])
		case -1:
			p = st.eval(t.Args[2])
		default:
			// Each branch under its condition: ite(x < c, x, c), a
			// min, is at most c, not x's whole range.
			a := st.under(t.Args[0], true, t.Args[1], st.eval(t.Args[1]))
			b := st.under(t.Args[0], false, t.Args[2], st.eval(t.Args[2]))
			switch {
			case a.u.empty() || a.s.empty():
				p = b
			case b.u.empty() || b.s.empty():
				p = a
			default:
				p = pair{a.u.join(b.u), a.s.join(b.s)}
			}
		}
	case OpVar:
	default:
		p = st.arith(t, p)
	}
	if b, ok := st.bounds[t.Key()]; ok {
		p = pair{p.u.meet(b.u), p.s.meet(b.s)}
	}
	p = cross(p, w)
	if p.u.empty() || p.s.empty() {
		st.empty = true
		p = pair{full(w, false), full(w, true)}
	}
	st.memo.set(slot, p)
	return p
}

// termMemo is the range step's memo of this round's intervals. A term's
// slot is found once per refutation (by pointer; a map of pairs cleared
// each round cost a third of the step); a slot holds the pair and the
// round it was computed in, so a new round (reset) drops every entry at
// once.
type termMemo struct {
	slot  map[*Term]int32
	vals  []pair
	stamp []uint32
	round uint32
}

// memoPool keeps memos for reuse: made afresh for each refutation, the
// slot map's growth cost as much as the lookups it saves.
var memoPool = sync.Pool{New: func() any { return &termMemo{slot: map[*Term]int32{}, round: 1} }}

// release gives st's memo back to the pool; st must not be used after.
func (st *ranges) release() {
	m := st.memo
	st.memo = nil
	clear(m.slot)
	m.vals, m.stamp, m.round = m.vals[:0], m.stamp[:0], 1
	memoPool.Put(m)
}

// reset starts a new round: no entry holds.
func (m *termMemo) reset() { m.round++ }

// index returns t's slot, making one.
func (m *termMemo) index(t *Term) int32 {
	i, ok := m.slot[t]
	if !ok {
		i = int32(len(m.vals))
		m.slot[t] = i
		m.vals = append(m.vals, pair{})
		m.stamp = append(m.stamp, 0)
	}
	return i
}

// get returns the pair of slot i when it was set this round.
func (m *termMemo) get(i int32) (pair, bool) {
	if m.stamp[i] != m.round {
		return pair{}, false
	}
	return m.vals[i], true
}

// set records the pair of slot i for this round.
func (m *termMemo) set(i int32, p pair) {
	m.vals[i], m.stamp[i] = p, m.round
}

// constPair returns the intervals of constant t, made once per term.
func constPair(t *Term) pair {
	if p := t.point.Load(); p != nil {
		return *p
	}
	p := pair{point(new(big.Int).SetUint64(t.Val)), point(big.NewInt(SignExtend(t.Val, t.Width)))}
	t.point.Store(&p)
	return p
}

// cross narrows each view by the other: a value below 2^(w-1) reads the
// same signed and unsigned.
func cross(p pair, w int) pair {
	half := pow2Shared(w - 1)
	m := pow2Shared(w)
	switch {
	case p.u.hi.Cmp(half) < 0:
		p.s = p.s.meet(p.u)
	case p.u.lo.Cmp(half) >= 0:
		p.s = p.s.meet(p.u.shift(new(big.Int).Neg(m)))
	}
	switch {
	case p.s.nonNeg():
		p.u = p.u.meet(p.s)
	case p.s.hi.Sign() < 0:
		p.u = p.u.meet(p.s.shift(m))
	}
	return p
}

// arith computes the intervals of an arithmetic or bitwise term; p holds
// the full ranges of its width.
func (st *ranges) arith(t *Term, p pair) pair {
	w := t.Width
	fu, fs := p.u, p.s
	if len(t.Args) == 1 {
		return st.unaryRange(t, p)
	}
	a, b := st.eval(t.Args[0]), st.eval(t.Args[1])
	switch t.Op {
	case OpAdd:
		return st.wrapFit(t, a.u.add(b.u), a.s.add(b.s), fu, fs)
	case OpSub:
		return st.wrapFit(t, a.u.sub(b.u), a.s.sub(b.s), fu, fs)
	case OpMul:
		return st.wrapFit(t, a.u.mul(b.u), a.s.mul(b.s), fu, fs)
	case OpUDiv:
		if b.u.lo.Sign() > 0 {
			p.u = ival(new(big.Int).Quo(a.u.lo, b.u.hi), new(big.Int).Quo(a.u.hi, b.u.lo))
		}
	case OpSDiv:
		if a.s.nonNeg() && b.s.lo.Sign() > 0 {
			p.s = ival(new(big.Int).Quo(a.s.lo, b.s.hi), new(big.Int).Quo(a.s.hi, b.s.lo))
		}
	case OpURem:
		hi := a.u.hi
		if b.u.lo.Sign() > 0 {
			hi = minBig(hi, new(big.Int).Sub(b.u.hi, bigOne))
		}
		p.u = ival(bigZero, hi)
	case OpSRem:
		if a.s.nonNeg() && b.s.lo.Sign() > 0 {
			p.s = ival(bigZero, minBig(a.s.hi, new(big.Int).Sub(b.s.hi, bigOne)))
		}
	case OpAnd:
		p.u = ival(bigZero, minBig(a.u.hi, b.u.hi))
	case OpOr, OpXor:
		hi := new(big.Int).Sub(pow2Shared(maxBig(a.u.hi, b.u.hi).BitLen()), bigOne)
		lo := bigZero
		if t.Op == OpOr {
			lo = maxBig(a.u.lo, b.u.lo)
		}
		p.u = ival(lo, minBig(hi, fu.hi))
	case OpShl, OpLShr, OpAShr:
		return st.shiftRange(t, a, b, p)
	}
	_ = w
	return p
}

// unaryRange computes the intervals of not, neg and the width changes.
func (st *ranges) unaryRange(t *Term, p pair) pair {
	w := t.Width
	a := st.eval(t.Args[0])
	aw := t.Args[0].Width
	switch t.Op {
	case OpNot: // ~x = 2^w - 1 - x
		m := new(big.Int).Sub(pow2Shared(w), bigOne)
		p.u = ival(new(big.Int).Sub(m, a.u.hi), new(big.Int).Sub(m, a.u.lo))
	case OpNeg:
		zero := point(bigZero)
		p.s = fit(zero.sub(a.s), p.s)
	case OpZExt:
		p.u, p.s = a.u, a.u
	case OpSExt:
		p.s = a.s
	case OpTrunc:
		p.u = fit(a.u, p.u)
		p.s = fit(a.s, p.s)
	}
	_ = aw
	return p
}

// shiftRange computes the intervals of a shift by a constant amount.
func (st *ranges) shiftRange(t *Term, a, b pair, p pair) pair {
	if !b.u.isPoint() || b.u.lo.Cmp(big.NewInt(int64(t.Width))) >= 0 {
		if t.Op == OpLShr {
			p.u = ival(bigZero, a.u.hi)
		}
		return p
	}
	k := uint(b.u.lo.Uint64())
	switch t.Op {
	case OpShl:
		f := point(new(big.Int).Lsh(bigOne, k))
		return pair{fit(a.u.mul(f), p.u), fit(a.s.mul(f), p.s)}
	case OpLShr:
		p.u = ival(new(big.Int).Rsh(a.u.lo, k), new(big.Int).Rsh(a.u.hi, k))
	case OpAShr:
		p.s = ival(new(big.Int).Rsh(a.s.lo, k), new(big.Int).Rsh(a.s.hi, k))
	}
	return p
}

// ovfKey names an operation for noWrap: the arithmetic operator, the
// operands and the reading.
func ovfKey(op Op, x, y *Term, signed bool) string {
	s := "u"
	if signed {
		s = "s"
	}
	return op.String() + s + x.Key() + "," + y.Key()
}

// arithOf maps an overflow predicate to its operation.
var arithOf = map[Op]Op{OpAddOvf: OpAdd, OpSubOvf: OpSub, OpMulOvf: OpMul}

// Bounds returns the unsigned interval range reasoning gives variable v
// under the conjunction cs; ok is false when cs is refuted or the bounds
// leave 64 bits.
func Bounds(cs []*Term, v *Term) (lo, hi uint64, ok bool) {
	los, his, ok := BoundsAll(cs, []*Term{v})
	if !ok {
		return 0, 0, false
	}
	return los[0], his[0], true
}

// SignedBounds returns the signed interval range reasoning gives v under
// cs; ok is false when cs is refuted.
func SignedBounds(cs []*Term, v *Term) (lo, hi int64, ok bool) {
	ps, ok := pairsUnder(cs, []*Term{v})
	if !ok || !ps[0].s.lo.IsInt64() || !ps[0].s.hi.IsInt64() {
		return 0, 0, false
	}
	return ps[0].s.lo.Int64(), ps[0].s.hi.Int64(), true
}

// BoundsAll is Bounds of each of vs under one fixpoint of cs; ok is false
// when cs is refuted or the bounds of one of vs leave 64 bits.
func BoundsAll(cs []*Term, vs []*Term) (lo, hi []uint64, ok bool) {
	ps, ok := pairsUnder(cs, vs)
	if !ok {
		return nil, nil, false
	}
	for _, p := range ps {
		if !p.u.lo.IsUint64() || !p.u.hi.IsUint64() {
			return nil, nil, false
		}
		lo, hi = append(lo, p.u.lo.Uint64()), append(hi, p.u.hi.Uint64())
	}
	return lo, hi, true
}

// pairsUnder returns the intervals of each of vs under one fixpoint of
// cs; ok is false when cs is refuted.
func pairsUnder(cs, vs []*Term) ([]pair, bool) {
	st := newRanges()
	defer st.release()
	if st.fixpoint(cs) {
		return nil, false
	}
	st.memo.reset()
	ps := make([]pair, len(vs))
	for i, v := range vs {
		ps[i] = st.eval(v)
	}
	return ps, true
}
