package lower

import (
	"go/token"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

var binOps = map[string]ir.BinOp{
	"+": ir.Add, "-": ir.Sub, "*": ir.Mul, "/": ir.Div, "%": ir.Rem, "<<": ir.Shl, ">>": ir.Shr,
	"&": ir.And, "|": ir.Or, "^": ir.Xor, "<": ir.Lt, "<=": ir.Le, ">": ir.Gt, ">=": ir.Ge,
	"==": ir.Eq, "!=": ir.Ne, "&&": ir.LAnd, "||": ir.LOr,
}

func (fl *funcLowerer) binary(c clang.Cursor) ir.Expr {
	ch := exprChildren(c)
	if len(ch) != 2 {
		return fl.unknown(c, fl.typeOf(c.Type()), "binary operator without two operands")
	}
	op := fl.l.binaryOp(c, ch[0], ch[1])
	pos := fl.pos(c)
	switch op {
	case "=":
		return fl.valueOfEffect(c)
	case ",":
		fl.pre = append(fl.pre, fl.exprStmt(ch[0])...)
		return fl.rvalue(ch[1])
	case "&&", "||":
		x := fl.rvalue(ch[0])
		y, ok := fl.pure(ch[1])
		if !ok {
			return fl.unknown(c, ir.Bool, "side effect in the right operand of "+op)
		}
		return &ir.Binary{P: pos, Op: binOps[op], X: x, Y: y, T: ir.Bool}
	}
	if _, ok := binOps[op]; !ok {
		if r := c.Evaluate(); r.Kind == clang.Eval_Int || r.Kind == clang.Eval_Float {
			return fl.constant(c)
		}
		return fl.unknown(c, fl.typeOf(c.Type()), "binary operator "+opName(op))
	}
	return fl.builtinArith(op, fl.rvalue(ch[0]), fl.rvalue(ch[1]), pos, fl.typeOf(c.Type()))
}

// builtinArith is arith for a built-in operator (not an overloaded one,
// which is a call): its operands are never records in valid code, so a
// record is clang's error recovery (`blockDim.no_such_member` reads as
// blockDim), and the result is unknown.
func (fl *funcLowerer) builtinArith(op string, x, y ir.Expr, pos token.Pos, hint ir.Type) ir.Expr {
	if isRecord(x.Type()) || isRecord(y.Type()) {
		return fl.unknownAt(pos, hint, "built-in operator on a record")
	}
	return fl.arith(op, x, y, pos, hint)
}

// arith builds x op y with C semantics: pointer arithmetic, the usual
// arithmetic conversions, promotions for shifts, bool for comparisons.
// hint is clang's type of the result, used when the operand types are not
// arithmetic (template-dependent or unknown).
func (fl *funcLowerer) arith(op string, x, y ir.Expr, pos token.Pos, hint ir.Type) ir.Expr {
	bop := binOps[op]
	xt, yt := x.Type(), y.Type()
	xp, yp := ir.Elem(xt) != nil, ir.Elem(yt) != nil
	switch {
	case xp && yp && bop == ir.Sub:
		return &ir.PtrDiff{P: pos, X: x, Y: y, T: ir.Int64}
	case xp && (bop == ir.Add || bop == ir.Sub) && !yp:
		return fl.ptrAdd(x, y, bop == ir.Sub, pos)
	case yp && bop == ir.Add && !xp:
		return fl.ptrAdd(y, x, false, pos)
	case xp || yp:
		return &ir.Binary{P: pos, Op: bop, X: x, Y: y, T: ir.Bool}
	}
	switch bop {
	case ir.Shl, ir.Shr:
		pt := ir.Promote(xt)
		if !ir.IsInteger(pt) {
			return &ir.Binary{P: pos, Op: bop, X: x, Y: y, T: hint}
		}
		return &ir.Binary{P: pos, Op: bop, X: convert(x, pt, false), Y: convert(y, ir.Promote(yt), false), T: pt}
	case ir.LAnd, ir.LOr:
		return &ir.Binary{P: pos, Op: bop, X: x, Y: y, T: ir.Bool}
	}
	common := ir.UsualArith(xt, yt)
	if common == nil {
		t := hint
		if bop.IsComparison() {
			t = ir.Bool
		}
		return &ir.Binary{P: pos, Op: bop, X: x, Y: y, T: t}
	}
	t := common
	if bop.IsComparison() {
		t = ir.Bool
	}
	return &ir.Binary{P: pos, Op: bop, X: convert(x, common, false), Y: convert(y, common, false), T: t}
}

func isRecord(t ir.Type) bool {
	_, ok := t.(*ir.StructType)
	return ok
}

func (fl *funcLowerer) ptrAdd(p, off ir.Expr, neg bool, pos token.Pos) ir.Expr {
	if neg {
		pt := ir.Promote(off.Type())
		off = &ir.Unary{P: pos, Op: ir.Neg, X: convert(off, pt, false), T: pt}
	}
	t := p.Type()
	if at, ok := t.(*ir.ArrayType); ok {
		t = &ir.PointerType{Elem: at.Elem}
	}
	return &ir.PtrAdd{P: pos, Ptr: p, Off: off, T: t}
}

func (fl *funcLowerer) unary(c clang.Cursor) ir.Expr {
	op, postfix := fl.tu.UnaryOperator(c)
	ch := exprChildren(c)
	if len(ch) != 1 {
		return fl.unknown(c, fl.typeOf(c.Type()), "unary operator without operand")
	}
	pos := fl.pos(c)
	switch op {
	case "++", "--":
		return fl.increment(c, ch[0], op[:1], postfix)
	case "*":
		if lv, ok := fl.lvalue(c); ok {
			return fl.load(lv, pos)
		}
	case "&":
		return fl.addrOf(c, ch[0])
	case "!":
		return &ir.Unary{P: pos, Op: ir.Not, X: fl.rvalue(ch[0]), T: ir.Bool}
	case "-", "~":
		x := fl.rvalue(ch[0])
		t := ir.Promote(x.Type())
		o := ir.Neg
		if op == "~" {
			o = ir.BitNot
		}
		return &ir.Unary{P: pos, Op: o, X: convert(x, t, false), T: t}
	case "+":
		x := fl.rvalue(ch[0])
		return convert(x, ir.Promote(x.Type()), false)
	case "__extension__":
		return fl.rvalue(ch[0])
	}
	if r := c.Evaluate(); r.Kind == clang.Eval_Int || r.Kind == clang.Eval_Float {
		return fl.constant(c)
	}
	return fl.unknown(c, fl.typeOf(c.Type()), "unary operator "+opName(op))
}

// opName names an operator in an Unknown's reason; "" means the binding
// could not find the operator (spelled inside a macro).
func opName(op string) string {
	if op == "" {
		return "spelled in a macro"
	}
	return op
}

// increment lowers ++x / x++ used as a value.
func (fl *funcLowerer) increment(c, x clang.Cursor, op string, postfix bool) ir.Expr {
	pos := fl.pos(c)
	lv, ok := fl.lvalue(x)
	if !ok {
		return fl.unknown(c, fl.typeOf(c.Type()), "increment of unsupported lvalue")
	}
	var old *ir.Var
	if postfix {
		old = fl.temp(pos, fl.load(lv, pos))
	}
	s, _, _ := fl.compound(c, x, op, ir.IntConst(pos, ir.Int, 1))
	fl.pre = append(fl.pre, s)
	if postfix {
		return &ir.VarRef{P: pos, Var: old}
	}
	return fl.load(lv, pos)
}

// addrOf lowers &x: &a[i] is a+i, &*p is p, &v of a scalar is AddrOf.
func (fl *funcLowerer) addrOf(c, x clang.Cursor) ir.Expr {
	pos := fl.pos(c)
	t := fl.typeOf(c.Type())
	if d := stripParens(x); d.Kind() == clang.Cursor_DeclRefExpr {
		switch d.Referenced().Kind() {
		case clang.Cursor_FunctionDecl, clang.Cursor_FunctionTemplate, clang.Cursor_CXXMethod:
			return fl.declRef(d) // &kernel<T>: the function itself
		case clang.Cursor_OverloadedDeclRef:
			if !soleTemplate(d.Referenced()).IsNull() && fl.inGenericHost() {
				return fl.declRef(d) // &kernel<Traits> in a generic host template
			}
		}
	}
	lv, ok := fl.lvalue(stripParens(x))
	switch {
	case !ok:
		return fl.unknown(c, t, "address of "+x.Kind().Spelling())
	case lv.field != "":
		return fl.unknown(c, t, "address of a field")
	case lv.v != nil:
		if _, isArr := lv.v.Type.(*ir.ArrayType); isArr {
			return &ir.VarRef{P: pos, Var: lv.v}
		}
		return &ir.AddrOf{P: pos, Var: lv.v, T: t}
	}
	if c0, ok := lv.index.(*ir.Const); ok && c0.Val == 0 {
		if _, isAddr := lv.ptr.(*ir.AddrOf); isAddr {
			return lv.ptr
		}
	}
	pt := lv.ptr.Type()
	if at, isArr := pt.(*ir.ArrayType); isArr {
		pt = &ir.PointerType{Elem: at.Elem}
	}
	return &ir.PtrAdd{P: pos, Ptr: lv.ptr, Off: lv.index, T: pt}
}
