package sym

// Subst replaces variables of t by terms of the same width (by name).
func Subst(t *Term, m map[string]*Term) *Term { return SubstAll([]*Term{t}, m)[0] }

// SubstAll is Subst of each of ts, sharing the subterms they share.
func SubstAll(ts []*Term, m map[string]*Term) []*Term {
	out := make([]*Term, len(ts))
	var memo map[*Term]*Term
	for i, t := range ts {
		if len(m) == 0 || !mentions(t.Vars(), m) {
			out[i] = t
			continue
		}
		if memo == nil {
			memo = map[*Term]*Term{}
		}
		out[i] = subst(t, m, memo)
	}
	return out
}

// subst rebuilds the subterms of t that mention a variable of m, once
// each: terms are DAGs (a row offset feeds every access of a row), and
// a subterm with nothing to replace is kept as it is.
func subst(t *Term, m map[string]*Term, memo map[*Term]*Term) *Term {
	switch t.Op {
	case OpConst:
		return t
	case OpVar:
		if r, ok := m[t.Name]; ok {
			return r
		}
		return t
	}
	if r, ok := memo[t]; ok {
		return r
	}
	if vs := t.vars.Load(); vs != nil && !mentions(*vs, m) {
		memo[t] = t
		return t
	}
	r := mapArgs(t, func(a *Term) *Term { return subst(a, m, memo) })
	memo[t] = r
	return r
}

// mapArgs is t with f applied to its arguments, rebuilt through the
// constructors where one changed; t itself where none did.
func mapArgs(t *Term, f func(*Term) *Term) *Term {
	var args []*Term
	for i, a := range t.Args {
		b := f(a)
		if b != a && args == nil {
			args = make([]*Term, len(t.Args))
			copy(args, t.Args[:i])
		}
		if args != nil {
			args[i] = b
		}
	}
	if args == nil {
		return t
	}
	return rebuild(t, args)
}

// mentions reports whether one of vs is replaced by m.
func mentions(vs []*Term, m map[string]*Term) bool {
	for _, v := range vs {
		if _, ok := m[v.Name]; ok {
			return true
		}
	}
	return false
}

// rebuild applies t's operator to new arguments through the constructors
// (so constants fold).
func rebuild(t *Term, a []*Term) *Term {
	switch t.Op {
	case OpAdd, OpSub, OpMul, OpUDiv, OpSDiv, OpURem, OpSRem, OpShl, OpLShr, OpAShr, OpAnd, OpOr, OpXor:
		return binary(t.Op, a[0], a[1])
	case OpNot, OpNeg:
		return unary(t.Op, a[0])
	case OpZExt, OpSExt, OpTrunc:
		return resize(t.Op, a[0], t.Width)
	case OpIte:
		return Ite(a[0], a[1], a[2])
	case OpEq, OpUlt, OpUle, OpSlt, OpSle:
		return compare(t.Op, a[0], a[1])
	case OpBAnd:
		return BAnd(a...)
	case OpBOr:
		return BOr(a...)
	case OpBNot:
		return BNot(a[0])
	case OpAddOvf, OpSubOvf, OpMulOvf:
		return Overflows(t.Op, a[0], a[1], t.Signed)
	}
	panic("sym: rebuild " + t.Op.String())
}

// Replace replaces each subterm of t equal to from (by Key) with to, a
// term of the same width.
func Replace(t, from, to *Term) *Term {
	memo := map[*Term]*Term{}
	key := from.Key()
	var walk func(t *Term) *Term
	walk = func(t *Term) *Term {
		if t.Key() == key {
			return to
		}
		if len(t.Args) == 0 {
			return t
		}
		if r, ok := memo[t]; ok {
			return r
		}
		r := mapArgs(t, walk)
		memo[t] = r
		return r
	}
	return walk(t)
}
