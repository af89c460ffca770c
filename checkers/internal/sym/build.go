package sym

import (
	"fmt"
	"sort"
)

// Bool constants.
var (
	True  = &Term{Op: OpConst, Val: 1}
	False = &Term{Op: OpConst, Val: 0}
)

// BoolConst returns True or False.
func BoolConst(b bool) *Term {
	if b {
		return True
	}
	return False
}

// Const returns the constant v truncated to width w.
func Const(w int, v uint64) *Term {
	checkWidth(w)
	return &Term{Op: OpConst, Width: w, Val: v & Mask(w)}
}

// Int returns the constant v (two's complement) at width w.
func Int(w int, v int64) *Term { return Const(w, uint64(v)) }

// Var returns the variable name of width w (0 for a boolean variable).
func Var(name string, w int) *Term {
	if w != 0 {
		checkWidth(w)
	}
	return &Term{Op: OpVar, Width: w, Name: name}
}

func checkWidth(w int) {
	if w < 1 || w > 64 {
		panic(fmt.Sprintf("sym: width %d out of range", w))
	}
}

func sameWidth(op Op, x, y *Term) {
	if x.Width != y.Width || x.Width == 0 {
		panic(fmt.Sprintf("sym: %s of widths %d and %d", op, x.Width, y.Width))
	}
}

// binary builds a bit-vector operation, folding constants.
func binary(op Op, x, y *Term) *Term {
	sameWidth(op, x, y)
	t := &Term{Op: op, Width: x.Width, Args: []*Term{x, y}}
	if x.Op == OpConst && y.Op == OpConst {
		return Const(x.Width, mustEval(t))
	}
	return simplify(t)
}

// simplify applies identities that hold at any width.
func simplify(t *Term) *Term {
	x, y := t.Args[0], t.Args[1]
	xc, xk := x.Const()
	yc, yk := y.Const()
	switch t.Op {
	case OpAdd, OpOr, OpXor:
		if yk && yc == 0 {
			return x
		}
		if xk && xc == 0 {
			return y
		}
	case OpSub, OpShl, OpLShr, OpAShr:
		if yk && yc == 0 {
			return x
		}
	case OpMul:
		switch {
		case yk && yc == 1:
			return x
		case xk && xc == 1:
			return y
		case (yk && yc == 0) || (xk && xc == 0):
			return Const(t.Width, 0)
		}
	case OpUDiv, OpSDiv:
		if yk && yc == 1 {
			return x
		}
	case OpAnd:
		if (yk && yc == 0) || (xk && xc == 0) {
			return Const(t.Width, 0)
		}
		if yk && yc == Mask(t.Width) {
			return x
		}
	}
	return t
}

// Bit-vector operations of equal widths.
func Add(x, y *Term) *Term  { return binary(OpAdd, x, y) }
func Sub(x, y *Term) *Term  { return binary(OpSub, x, y) }
func Mul(x, y *Term) *Term  { return binary(OpMul, x, y) }
func UDiv(x, y *Term) *Term { return binary(OpUDiv, x, y) }
func SDiv(x, y *Term) *Term { return binary(OpSDiv, x, y) }
func URem(x, y *Term) *Term { return binary(OpURem, x, y) }
func SRem(x, y *Term) *Term { return binary(OpSRem, x, y) }
func Shl(x, y *Term) *Term  { return binary(OpShl, x, y) }
func LShr(x, y *Term) *Term { return binary(OpLShr, x, y) }
func AShr(x, y *Term) *Term { return binary(OpAShr, x, y) }
func And(x, y *Term) *Term  { return binary(OpAnd, x, y) }
func Or(x, y *Term) *Term   { return binary(OpOr, x, y) }
func Xor(x, y *Term) *Term  { return binary(OpXor, x, y) }

// unary builds Not or Neg.
func unary(op Op, x *Term) *Term {
	if x.Width == 0 {
		panic("sym: " + op.String() + " of a bool")
	}
	t := &Term{Op: op, Width: x.Width, Args: []*Term{x}}
	if x.Op == OpConst {
		return Const(x.Width, mustEval(t))
	}
	return t
}

// Not is the bitwise complement; Neg the two's-complement negation.
func Not(x *Term) *Term { return unary(OpNot, x) }

// Neg returns -x.
func Neg(x *Term) *Term { return unary(OpNeg, x) }

// resize builds ZExt, SExt or Trunc.
func resize(op Op, x *Term, w int) *Term {
	checkWidth(w)
	if x.Width == w {
		return x
	}
	if (op == OpTrunc) != (w < x.Width) {
		panic(fmt.Sprintf("sym: %s from width %d to %d", op, x.Width, w))
	}
	t := &Term{Op: op, Width: w, Args: []*Term{x}}
	if x.Op == OpConst {
		return Const(w, mustEval(t))
	}
	if op == OpTrunc && (x.Op == OpZExt || x.Op == OpSExt) && x.Args[0].Width == w {
		return x.Args[0]
	}
	return t
}

// ZExt zero-extends x to width w (w >= x's width).
func ZExt(x *Term, w int) *Term { return resize(OpZExt, x, w) }

// SExt sign-extends x to width w (w >= x's width).
func SExt(x *Term, w int) *Term { return resize(OpSExt, x, w) }

// Trunc keeps the low w bits of x (w <= x's width).
func Trunc(x *Term, w int) *Term { return resize(OpTrunc, x, w) }

// Resize converts x to width w as C converts integers: truncation when
// narrowing, sign or zero extension (by signed) when widening.
func Resize(x *Term, w int, signed bool) *Term {
	switch {
	case w < x.Width:
		return Trunc(x, w)
	case w > x.Width && signed:
		return SExt(x, w)
	case w > x.Width:
		return ZExt(x, w)
	}
	return x
}

// Ite returns c ? x : y (x, y both bools or both of one width).
func Ite(c, x, y *Term) *Term {
	if !c.IsBool() || x.Width != y.Width {
		panic("sym: ite operand mismatch")
	}
	switch {
	case c.IsTrue():
		return x
	case c.IsFalse():
		return y
	case x.Key() == y.Key():
		return x
	}
	return &Term{Op: OpIte, Width: x.Width, Args: []*Term{c, x, y}}
}

// compare builds a comparison.
func compare(op Op, x, y *Term) *Term {
	sameWidth(op, x, y)
	t := &Term{Op: op, Args: []*Term{x, y}}
	if x.Op == OpConst && y.Op == OpConst {
		return BoolConst(mustEval(t) == 1)
	}
	if x.Key() == y.Key() {
		return BoolConst(op == OpEq || op == OpUle || op == OpSle)
	}
	return t
}

// Comparisons of equal widths.
func Eq(x, y *Term) *Term  { return compare(OpEq, x, y) }
func Ne(x, y *Term) *Term  { return BNot(Eq(x, y)) }
func Ult(x, y *Term) *Term { return compare(OpUlt, x, y) }
func Ule(x, y *Term) *Term { return compare(OpUle, x, y) }
func Ugt(x, y *Term) *Term { return Ult(y, x) }
func Uge(x, y *Term) *Term { return Ule(y, x) }
func Slt(x, y *Term) *Term { return compare(OpSlt, x, y) }
func Sle(x, y *Term) *Term { return compare(OpSle, x, y) }
func Sgt(x, y *Term) *Term { return Slt(y, x) }
func Sge(x, y *Term) *Term { return Sle(y, x) }

// Overflows returns the predicate "x op y overflows" for op OpAddOvf,
// OpSubOvf or OpMulOvf, reading the operands as signed or unsigned.
func Overflows(op Op, x, y *Term, signed bool) *Term {
	sameWidth(op, x, y)
	t := &Term{Op: op, Signed: signed, Args: []*Term{x, y}}
	if x.Op == OpConst && y.Op == OpConst {
		return BoolConst(mustEval(t) == 1)
	}
	if cannotOverflow(op, x, y, signed) {
		return False
	}
	return t
}

// BAnd is the conjunction of xs (True when empty).
func BAnd(xs ...*Term) *Term { return connective(OpBAnd, xs) }

// BOr is the disjunction of xs (False when empty).
func BOr(xs ...*Term) *Term { return connective(OpBOr, xs) }

func connective(op Op, xs []*Term) *Term {
	unit, zero := True, False
	if op == OpBOr {
		unit, zero = False, True
	}
	var args []*Term
	seen := map[string]bool{}
	for _, x := range xs {
		if !x.IsBool() {
			panic("sym: " + op.String() + " of a bit-vector")
		}
		switch {
		case x.Key() == zero.Key():
			return zero
		case x.Key() == unit.Key() || seen[x.Key()]:
			continue
		}
		seen[x.Key()] = true
		if x.Op == op {
			args = append(args, x.Args...)
			continue
		}
		args = append(args, x)
	}
	switch len(args) {
	case 0:
		return unit
	case 1:
		return args[0]
	}
	return &Term{Op: op, Args: args}
}

// BNot negates a boolean.
func BNot(x *Term) *Term {
	switch {
	case !x.IsBool():
		panic("sym: not of a bit-vector")
	case x.IsTrue():
		return False
	case x.IsFalse():
		return True
	case x.Op == OpBNot:
		return x.Args[0]
	}
	return &Term{Op: OpBNot, Args: []*Term{x}}
}

// Implies returns a → b.
func Implies(a, b *Term) *Term { return BOr(BNot(a), b) }

func sortedVars(m map[string]*Term) []*Term {
	out := make([]*Term, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func mustEval(t *Term) uint64 {
	v, err := Eval(t, func(string) (uint64, bool) { return 0, false })
	if err != nil {
		panic("sym: folding a constant: " + err.Error())
	}
	return v
}

// JoinPC merges the path conditions of two states that both extend base
// (a prefix of each): base ∧ (ea ∨ eb), where ea and eb are what each
// added. It also returns eb, the condition under which b's values win
// when the two states' values are merged (ite(eb, b, a)). The
// disjunction is left out when it is trivially true (ea and eb are each
// other's negation: the two arms of one branch).
func JoinPC(base, a, b []*Term) (pc []*Term, eb *Term) {
	n := len(base)
	ea := BAnd(a[min(n, len(a)):]...)
	eb = BAnd(b[min(n, len(b)):]...)
	pc = append([]*Term(nil), base...)
	if either := BOr(ea, eb); !either.IsTrue() && ea.Key() != BNot(eb).Key() {
		pc = append(pc, either)
	}
	return pc, eb
}
