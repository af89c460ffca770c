package sym

import "math/big"

// IOp is the operator of an integer-arithmetic term (ITerm).
type IOp uint8

// Integer operators. IVar is a variable's unsigned value, an integer in
// [0, 2^Width); IDiv and IMod are taken only with a non-negative dividend
// and a positive divisor (SMT-LIB's div and mod agree with C's there).
const (
	IConst IOp = iota // Val (integers); BoolVal for booleans
	IVar              // Name, Width (0: a boolean variable)
	IAdd
	ISub
	IMul
	IDiv
	IMod
	INeg
	IIte // Args[0] (bool) ? Args[1] : Args[2]
	ILt
	ILe
	IEq
	IAnd
	IOr
	INot
)

// ITerm is a term over mathematical integers and booleans.
type ITerm struct {
	Op      IOp
	Val     *big.Int // IConst of an integer
	Bool    bool     // IConst of a boolean (Val nil)
	Name    string   // IVar
	Width   int      // IVar: bit-vector width (0: boolean)
	Args    []*ITerm
	Nonlin  bool // a product of two non-constants occurs in this term
	boolean bool
}

// IsBool reports whether t is boolean.
func (t *ITerm) IsBool() bool { return t.boolean }

// IntForm returns the conjunction cs over mathematical integers, for
// the conjuncts (top-level, after flattening conjunctions) whose
// operations range reasoning (see Refute) shows cannot wrap around in
// any model of cs, and that are linear: there each bit-vector term's
// value (read as signed or unsigned, converted exactly where a
// comparison reads it the other way) is the integer the form computes.
// The other conjuncts (a product of two sizes, a bitwise operation other
// than masks and shifts by constants, a division by a possible zero) are
// left out, which only relaxes the conjunction, so
//
//	form unsatisfiable over integers ⇒ cs unsatisfiable over bit-vectors,
//
// and an integer model is a bit-vector model only once checked with Eval
// (all reports whether nothing was left out). Linear index arithmetic
// with explicit range conditions is what simplex decides at once and
// bit-blasting 64-bit products cannot. ok is false when no conjunct has
// a linear integer form.
func IntForm(cs []*Term) (form []*ITerm, all, ok bool) {
	st := newRanges()
	defer st.release()
	if st.fixpoint(cs) {
		return nil, false, false
	}
	return st.intForm(cs, false)
}

// intForm is IntForm under bounds st already found for cs; with nonlin
// it keeps the conjuncts with products of two non-constants too (exact
// over the integers all the same), for RefuteLinear's product lemmas.
func (st *ranges) intForm(cs []*Term, nonlin bool) (form []*ITerm, all, ok bool) {
	st.memo.reset()
	e := &intEncoder{st: st, memo: map[ikey]*ITerm{}}
	all = true
	var left []*ITerm // the conjuncts with products, left out
	var visit func(c *Term)
	visit = func(c *Term) {
		if c.Op == OpBAnd {
			for _, a := range c.Args {
				visit(a)
			}
			return
		}
		if f := e.boolean(c); f != nil && (nonlin || !f.Nonlin) {
			form = append(form, f)
			return
		} else if f != nil {
			st.nonlinLeft = true
			left = append(left, f)
		}
		all = false
	}
	for _, c := range cs {
		visit(c)
	}
	if len(left) == 0 {
		return append(form, e.lemmas(form, false)...), all, len(form) > 0
	}
	// The twin lemmas read the products too (warp · cols against
	// warp' · cols with cols a size: equal warps and columns), without
	// elimination; what they derive without a product joins the form, so
	// a race query over a model width is refuted whole rather than in
	// each of its widths' cases.
	for _, l := range e.lemmas(append(append([]*ITerm(nil), form...), left...), true) {
		if !l.Nonlin {
			form = append(form, l)
		}
	}
	return form, all, len(form) > 0
}

type ikey struct {
	t      *Term
	signed bool
}

type intEncoder struct {
	st   *ranges
	memo map[ikey]*ITerm
}

func iconst(v *big.Int) *ITerm { return &ITerm{Op: IConst, Val: v} }

func iop(op IOp, args ...*ITerm) *ITerm {
	t := &ITerm{Op: op, Args: args}
	for _, a := range args {
		t.Nonlin = t.Nonlin || a.Nonlin
	}
	switch op {
	case ILt, ILe, IEq, IAnd, IOr, INot:
		t.boolean = true
	case IIte:
		t.boolean = args[1].boolean
	case IMul:
		t.Nonlin = t.Nonlin || (args[0].Op != IConst && args[1].Op != IConst)
	case IDiv, IMod:
		t.Nonlin = t.Nonlin || args[1].Op != IConst
	}
	return t
}

// boolean encodes a boolean term.
func (e *intEncoder) boolean(t *Term) *ITerm {
	switch t.Op {
	case OpConst:
		return &ITerm{Op: IConst, Bool: t.Val != 0, boolean: true}
	case OpVar:
		return &ITerm{Op: IVar, Name: t.Name, boolean: true}
	case OpBNot:
		return e.lift(INot, t.Args[:1])
	case OpBAnd:
		return e.lift(IAnd, t.Args)
	case OpBOr:
		return e.lift(IOr, t.Args)
	case OpIte:
		c, x, y := e.boolean(t.Args[0]), e.boolean(t.Args[1]), e.boolean(t.Args[2])
		if c == nil || x == nil || y == nil {
			return nil
		}
		return iop(IIte, c, x, y)
	case OpAddOvf, OpSubOvf, OpMulOvf:
		return e.overflow(t)
	}
	signed := t.Op == OpSlt || t.Op == OpSle
	if t.Op == OpEq {
		signed = !e.nonNeg(t.Args[0]) || !e.nonNeg(t.Args[1])
	}
	x, y := e.value(t.Args[0], signed), e.value(t.Args[1], signed)
	if x == nil || y == nil {
		return nil
	}
	switch t.Op {
	case OpEq:
		return iop(IEq, x, y)
	case OpUlt, OpSlt:
		return iop(ILt, x, y)
	}
	return iop(ILe, x, y)
}

func (e *intEncoder) lift(op IOp, ts []*Term) *ITerm {
	args := make([]*ITerm, len(ts))
	for i, a := range ts {
		if args[i] = e.boolean(a); args[i] == nil {
			return nil
		}
	}
	return iop(op, args...)
}

// overflow encodes an overflow predicate: the exact result leaves the
// operands' range.
func (e *intEncoder) overflow(t *Term) *ITerm {
	x, y := e.value(t.Args[0], t.Signed), e.value(t.Args[1], t.Signed)
	if x == nil || y == nil {
		return nil
	}
	op := map[Op]IOp{OpAddOvf: IAdd, OpSubOvf: ISub, OpMulOvf: IMul}[t.Op]
	r := iop(op, x, y)
	f := full(t.Args[0].Width, t.Signed)
	return iop(IOr, iop(ILt, r, iconst(f.lo)), iop(ILt, iconst(f.hi), r))
}

func (e *intEncoder) nonNeg(t *Term) bool {
	return e.st.eval(t).u.hi.Cmp(pow2Shared(t.Width-1)) < 0
}

// value encodes bit-vector term t's signed or unsigned value.
func (e *intEncoder) value(t *Term, signed bool) *ITerm {
	k := ikey{t, signed}
	if v, ok := e.memo[k]; ok {
		return v
	}
	if e.nonNeg(t) && signed {
		if v, ok := e.memo[ikey{t, false}]; ok {
			return v
		}
	}
	v := e.encode(t, signed)
	e.memo[k] = v
	return v
}

// convert turns x, t's value in view from, into its value in view to.
func (e *intEncoder) convert(t *Term, x *ITerm, from, to bool) *ITerm {
	if x == nil || from == to || e.nonNeg(t) {
		return x
	}
	w := t.Width
	m, half := iconst(pow2(w)), iconst(pow2(w-1))
	if to { // unsigned → signed
		return iop(IIte, iop(ILe, half, x), iop(ISub, x, m), x)
	}
	return iop(IIte, iop(ILt, x, iconst(big.NewInt(0))), iop(IAdd, x, m), x)
}

// encode builds t's value in the view asked for (see value).
func (e *intEncoder) encode(t *Term, signed bool) *ITerm {
	w := t.Width
	switch t.Op {
	case OpConst:
		if signed {
			return iconst(big.NewInt(SignExtend(t.Val, w)))
		}
		return iconst(new(big.Int).SetUint64(t.Val))
	case OpVar:
		return e.convert(t, &ITerm{Op: IVar, Name: t.Name, Width: w}, false, signed)
	case OpAdd, OpSub, OpMul:
		return e.ring(t, signed)
	case OpShl:
		if k, ok := e.shiftAmount(t); ok {
			return e.ring(&Term{Op: OpMul, Width: w, Args: []*Term{t.Args[0], Const(w, 1<<k)}}, signed)
		}
	case OpZExt:
		return e.value(t.Args[0], false)
	case OpSExt:
		return e.convert(t, e.value(t.Args[0], true), true, signed)
	case OpIte:
		c, x, y := e.boolean(t.Args[0]), e.value(t.Args[1], signed), e.value(t.Args[2], signed)
		if c == nil || x == nil || y == nil {
			return nil
		}
		return iop(IIte, c, x, y)
	}
	return e.convert(t, e.unsignedOnly(t), false, signed)
}

// ring encodes +, - and * in a view where the operation cannot wrap.
func (e *intEncoder) ring(t *Term, signed bool) *ITerm {
	a, b := e.st.eval(t.Args[0]), e.st.eval(t.Args[1])
	op := map[Op]IOp{OpAdd: IAdd, OpSub: ISub, OpMul: IMul}[t.Op]
	for _, view := range []bool{signed, !signed} {
		x, y := a.u, b.u
		if view {
			x, y = a.s, b.s
		}
		var r interval
		switch t.Op {
		case OpAdd:
			r = x.add(y)
		case OpSub:
			r = x.sub(y)
		default:
			r = x.mul(y)
		}
		if !r.within(full(t.Width, view)) && !e.st.noWrap[ovfKey(t.Op, t.Args[0], t.Args[1], view)] {
			continue
		}
		p, q := e.value(t.Args[0], view), e.value(t.Args[1], view)
		if p == nil || q == nil {
			return nil
		}
		return e.convert(t, iop(op, p, q), view, signed)
	}
	return nil
}

func (e *intEncoder) shiftAmount(t *Term) (uint, bool) {
	k, ok := t.Args[1].Const()
	return uint(k), ok && k < uint64(t.Width) && k < 63
}

// unsignedOnly encodes the operations whose integer form reads unsigned
// values: division and remainder by a positive divisor, shifts right by
// constants, masks, complement, truncation.
func (e *intEncoder) unsignedOnly(t *Term) *ITerm {
	w := t.Width
	switch t.Op {
	case OpUDiv, OpURem, OpSDiv, OpSRem:
		a, b := e.st.eval(t.Args[0]), e.st.eval(t.Args[1])
		if b.u.lo.Sign() <= 0 || ((t.Op == OpSDiv || t.Op == OpSRem) && !(a.s.nonNeg() && b.s.lo.Sign() > 0)) {
			return nil
		}
		if (t.Op == OpSDiv || t.Op == OpSRem) && (!e.nonNeg(t.Args[0]) || !e.nonNeg(t.Args[1])) {
			return nil
		}
		x, y := e.value(t.Args[0], false), e.value(t.Args[1], false)
		if x == nil || y == nil {
			return nil
		}
		if t.Op == OpUDiv || t.Op == OpSDiv {
			return iop(IDiv, x, y)
		}
		return iop(IMod, x, y)
	case OpLShr, OpAShr:
		k, ok := e.shiftAmount(t)
		if !ok || (t.Op == OpAShr && !e.nonNeg(t.Args[0])) {
			return nil
		}
		return e.divide(e.value(t.Args[0], false), pow2(int(k)))
	case OpAnd:
		for i := 0; i < 2; i++ {
			if c, ok := t.Args[1-i].Const(); ok && c != ^uint64(0) && c&(c+1) == 0 {
				x := e.value(t.Args[i], false)
				if x == nil {
					return nil
				}
				return iop(IMod, x, iconst(new(big.Int).Add(new(big.Int).SetUint64(c), bigOne)))
			}
		}
	case OpNot:
		x := e.value(t.Args[0], false)
		if x == nil {
			return nil
		}
		return iop(ISub, iconst(new(big.Int).Sub(pow2(w), bigOne)), x)
	case OpNeg:
		x := e.value(t.Args[0], false)
		if x == nil {
			return nil
		}
		// -x mod 2^w: 0 for 0, else 2^w - x.
		return iop(IIte, iop(IEq, x, iconst(big.NewInt(0))), x, iop(ISub, iconst(pow2(w)), x))
	case OpTrunc:
		x := e.value(t.Args[0], false)
		if x == nil {
			return nil
		}
		if e.st.eval(t.Args[0]).u.within(full(w, false)) {
			return x
		}
		return iop(IMod, x, iconst(pow2(w)))
	}
	return nil
}

func (e *intEncoder) divide(x *ITerm, d *big.Int) *ITerm {
	if x == nil {
		return nil
	}
	return iop(IDiv, x, iconst(d))
}
