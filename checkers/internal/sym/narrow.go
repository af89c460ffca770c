package sym

import "math/big"

// truth returns 1 when the boolean term t holds in every model the bounds
// allow, -1 when in none, 0 when the ranges do not tell.
func (st *ranges) truth(t *Term) int8 {
	switch t.Op {
	case OpConst:
		if t.Val != 0 {
			return 1
		}
		return -1
	case OpVar:
		return st.bools[t.Name]
	case OpBNot:
		return -st.truth(t.Args[0])
	case OpBAnd, OpBOr:
		return st.connective(t)
	case OpIte:
		c, x, y := st.truth(t.Args[0]), st.truth(t.Args[1]), st.truth(t.Args[2])
		switch {
		case c > 0:
			return x
		case c < 0:
			return y
		case x == y:
			return x
		}
		return 0
	case OpAddOvf, OpSubOvf, OpMulOvf:
		return st.overflowTruth(t)
	}
	v := st.compareTruth(t.Op, st.eval(t.Args[0]), st.eval(t.Args[1]))
	if v == 0 {
		// The intervals first: a fact they contradict must still read
		// false where it is a conjunct.
		v = st.facts[t.Key()]
	}
	return v
}

// mark records that the term of key k narrowed, when st records it.
func (st *ranges) mark(k string) {
	if st.dirty != nil {
		st.dirty[k] = true
	}
}

// assumeFact records that comparison t holds (pos) or fails: a relation
// intervals cannot state (n > (256·bx + t) / 32) is still known where it
// recurs, as in a ¬(a ∧ b) beside a and b.
func (st *ranges) assumeFact(t *Term, pos bool) {
	v := int8(-1)
	if pos {
		v = 1
	}
	k := t.Key()
	switch st.facts[k] {
	case -v:
		st.empty = true
	case 0:
		st.facts[k], st.changed = v, true
		st.mark(k)
	}
}

func (st *ranges) connective(t *Term) int8 {
	absorb := int8(-1) // a false conjunct makes a conjunction false
	if t.Op == OpBOr {
		absorb = 1
	}
	all := true
	for _, a := range t.Args {
		v := st.truth(a)
		if v == absorb {
			return absorb
		}
		all = all && v == -absorb
	}
	if all {
		return -absorb
	}
	return 0
}

// compareTruth decides a comparison from its operands' intervals.
func (st *ranges) compareTruth(op Op, a, b pair) int8 {
	lt := func(x, y interval) int8 { // x < y
		switch {
		case x.hi.Cmp(y.lo) < 0:
			return 1
		case x.lo.Cmp(y.hi) >= 0:
			return -1
		}
		return 0
	}
	le := func(x, y interval) int8 { return -lt(y, x) }
	switch op {
	case OpEq:
		if a.u.meet(b.u).empty() || a.s.meet(b.s).empty() {
			return -1
		}
		if a.u.isPoint() && b.u.isPoint() {
			return 1
		}
		return 0
	case OpUlt:
		return lt(a.u, b.u)
	case OpUle:
		return le(a.u, b.u)
	case OpSlt:
		return lt(a.s, b.s)
	case OpSle:
		return le(a.s, b.s)
	}
	return 0
}

// overflowTruth decides an overflow predicate from the exact result's
// interval.
func (st *ranges) overflowTruth(t *Term) int8 {
	a, b := st.eval(t.Args[0]), st.eval(t.Args[1])
	x, y := a.u, b.u
	if t.Signed {
		x, y = a.s, b.s
	}
	var r interval
	switch t.Op {
	case OpAddOvf:
		r = x.add(y)
	case OpSubOvf:
		r = x.sub(y)
	default:
		r = x.mul(y)
	}
	f := full(t.Args[0].Width, t.Signed)
	switch {
	case r.within(f):
		return -1
	case r.meet(f).empty():
		return 1
	}
	return 0
}

// assume narrows the bounds by the fact that t has truth value pos.
func (st *ranges) assume(t *Term, pos bool) {
	switch t.Op {
	case OpVar:
		v := int8(-1)
		if pos {
			v = 1
		}
		if old := st.bools[t.Name]; old == -v {
			st.empty = true
		} else if old == 0 {
			st.bools[t.Name], st.changed = v, true
			st.mark(t.Key())
		}
	case OpBNot:
		st.assume(t.Args[0], !pos)
	case OpBAnd, OpBOr:
		st.assumeConnective(t, pos)
	case OpEq, OpUlt, OpUle, OpSlt, OpSle:
		st.assumeFact(t, pos)
		st.assumeCompare(t, pos)
	case OpAddOvf, OpSubOvf, OpMulOvf:
		if k := ovfKey(arithOf[t.Op], t.Args[0], t.Args[1], t.Signed); !pos && !st.noWrap[k] {
			st.noWrap[k], st.changed = true, true
			st.dirtyAll = true
		}
	}
}

// assumeConnective assumes every case of a conjunction that holds (a
// disjunction that fails), or the one case left open of a disjunction
// that holds once the others are false.
func (st *ranges) assumeConnective(t *Term, pos bool) {
	if (t.Op == OpBAnd) == pos {
		for _, a := range t.Args {
			st.assume(a, pos)
		}
		return
	}
	var open *Term
	for _, a := range t.Args {
		v := st.truth(a)
		if pos && v > 0 || !pos && v < 0 {
			return // already satisfied
		}
		if v == 0 {
			if open != nil {
				return // two cases open: nothing follows
			}
			open = a
		}
	}
	if open == nil {
		st.empty = true // every case contradicts the fact
		return
	}
	st.assume(open, pos)
}

// assumeCompare narrows both sides of a comparison known to be pos.
func (st *ranges) assumeCompare(t *Term, pos bool) {
	x, y := t.Args[0], t.Args[1]
	op := t.Op
	if !pos {
		switch op {
		case OpEq:
			st.assumeNe(x, y)
			return
		case OpUlt: // ¬(x < y) ≡ y ≤ x
			op, x, y = OpUle, y, x
		case OpUle:
			op, x, y = OpUlt, y, x
		case OpSlt:
			op, x, y = OpSle, y, x
		case OpSle:
			op, x, y = OpSlt, y, x
		}
	}
	a, b := st.eval(x), st.eval(y)
	one := bigOne
	switch op {
	case OpEq:
		st.narrow(x, pair{b.u, b.s})
		st.narrow(y, pair{a.u, a.s})
	case OpUlt, OpUle:
		d := bigZero
		if op == OpUlt {
			d = one
		}
		fu := full(x.Width, false)
		st.narrow(x, pair{ival(fu.lo, new(big.Int).Sub(b.u.hi, d)), full(x.Width, true)})
		st.narrow(y, pair{ival(new(big.Int).Add(a.u.lo, d), fu.hi), full(x.Width, true)})
	case OpSlt, OpSle:
		d := bigZero
		if op == OpSlt {
			d = one
		}
		fs := full(x.Width, true)
		st.narrow(x, pair{full(x.Width, false), ival(fs.lo, new(big.Int).Sub(b.s.hi, d))})
		st.narrow(y, pair{full(x.Width, false), ival(new(big.Int).Add(a.s.lo, d), fs.hi)})
	}
}

// assumeNe narrows a side whose bound is the other side's only value.
func (st *ranges) assumeNe(x, y *Term) {
	for i := 0; i < 2; i++ {
		a, b := st.eval(x), st.eval(y)
		if b.u.isPoint() {
			c := b.u.lo
			u := a.u
			switch {
			case u.lo.Cmp(c) == 0:
				st.narrow(x, pair{ival(new(big.Int).Add(c, bigOne), u.hi), a.s})
			case u.hi.Cmp(c) == 0:
				st.narrow(x, pair{ival(u.lo, new(big.Int).Sub(c, bigOne)), a.s})
			}
		}
		x, y = y, x
	}
}

// narrow records that t's value lies in p, and passes the bound on to
// t's operands where the operation is exact (no wrap) and invertible.
func (st *ranges) narrow(t *Term, p pair) {
	if t.Op == OpConst {
		cur := st.eval(t)
		if cur.u.meet(p.u).empty() || cur.s.meet(p.s).empty() {
			st.empty = true
		}
		return
	}
	cur := st.eval(t)
	nu, ns := cur.u.meet(p.u), cur.s.meet(p.s)
	if nu.empty() || ns.empty() {
		st.empty = true
		return
	}
	np := cross(pair{nu, ns}, t.Width)
	if np.u.lo.Cmp(cur.u.lo) == 0 && np.u.hi.Cmp(cur.u.hi) == 0 && np.s.lo.Cmp(cur.s.lo) == 0 && np.s.hi.Cmp(cur.s.hi) == 0 {
		return // nothing new
	}
	st.bounds[t.Key()] = np
	st.memo.set(st.memo.index(t), np)
	st.changed = true
	st.mark(t.Key())
	st.narrowArgs(t, np)
}

// narrowArgs inverts t's operation on the new bound np.
func (st *ranges) narrowArgs(t *Term, np pair) {
	w := t.Width
	fu, fs := full(w, false), full(w, true)
	switch t.Op {
	case OpZExt:
		aw := t.Args[0].Width
		st.narrow(t.Args[0], pair{np.u.meet(full(aw, false)), full(aw, true)})
	case OpSExt:
		aw := t.Args[0].Width
		st.narrow(t.Args[0], pair{full(aw, false), np.s.meet(full(aw, true))})
	case OpTrunc:
		a := st.eval(t.Args[0])
		if a.u.within(fu) {
			st.narrow(t.Args[0], pair{np.u, full(t.Args[0].Width, true)})
		}
	case OpAdd, OpSub:
		st.narrowSum(t, np, fu, fs)
	case OpMul:
		st.narrowProduct(t, np, fu)
	}
}

// narrowSum inverts x + y (or x - y) in each view where it is exact.
func (st *ranges) narrowSum(t *Term, np pair, fu, fs interval) {
	x, y := t.Args[0], t.Args[1]
	a, b := st.eval(x), st.eval(y)
	w := t.Width
	if t.Op == OpAdd {
		if a.u.add(b.u).within(fu) { // x = t - y, y = t - x
			st.narrow(x, pair{np.u.sub(b.u), full(w, true)})
			st.narrow(y, pair{np.u.sub(a.u), full(w, true)})
		}
		if a.s.add(b.s).within(fs) {
			st.narrow(x, pair{full(w, false), np.s.sub(b.s)})
			st.narrow(y, pair{full(w, false), np.s.sub(a.s)})
		}
		return
	}
	if a.u.sub(b.u).within(fu) { // x = t + y, y = x - t
		st.narrow(x, pair{np.u.add(b.u), full(w, true)})
		st.narrow(y, pair{a.u.sub(np.u), full(w, true)})
	}
	if a.s.sub(b.s).within(fs) {
		st.narrow(x, pair{full(w, false), np.s.add(b.s)})
		st.narrow(y, pair{full(w, false), a.s.sub(np.s)})
	}
}

// narrowProduct inverts x * y for unsigned operands when exact: with
// y ∈ [ylo, yhi], ylo > 0, x ≤ hi / ylo and x ≥ ⌈lo / yhi⌉.
func (st *ranges) narrowProduct(t *Term, np pair, fu interval) {
	x, y := t.Args[0], t.Args[1]
	a, b := st.eval(x), st.eval(y)
	if !a.u.mul(b.u).within(fu) {
		return
	}
	w := t.Width
	inv := func(other interval) (interval, bool) {
		if other.lo.Sign() <= 0 {
			return interval{}, false
		}
		hi := new(big.Int).Quo(np.u.hi, other.lo)
		lo := new(big.Int).Add(np.u.lo, new(big.Int).Sub(other.hi, bigOne))
		lo.Quo(lo, other.hi)
		return ival(lo, hi), true
	}
	if r, ok := inv(b.u); ok {
		st.narrow(x, pair{r, full(w, true)})
	}
	if r, ok := inv(a.u); ok {
		st.narrow(y, pair{r, full(w, true)})
	}
}
