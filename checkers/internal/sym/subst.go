package sym

// Subst replaces variables of t by terms of the same width (by name).
func Subst(t *Term, m map[string]*Term) *Term {
	if len(m) == 0 {
		return t
	}
	hit := false
	for _, v := range t.Vars() {
		if _, ok := m[v.Name]; ok {
			hit = true
			break
		}
	}
	if !hit {
		return t
	}
	return subst(t, m)
}

func subst(t *Term, m map[string]*Term) *Term {
	switch t.Op {
	case OpConst:
		return t
	case OpVar:
		if r, ok := m[t.Name]; ok {
			return r
		}
		return t
	}
	args := make([]*Term, len(t.Args))
	for i, a := range t.Args {
		args[i] = subst(a, m)
	}
	return rebuild(t, args)
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
