package lower

import (
	"go/token"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// lval is an assignable location: a variable (with an optional field
// path) or a memory element ptr[index] (with an optional field path).
type lval struct {
	v          *ir.Var
	ptr, index ir.Expr
	field      string
	t          ir.Type // type of the location
}

// lvalue resolves an lvalue expression.
func (fl *funcLowerer) lvalue(c clang.Cursor) (lval, bool) {
	t := fl.typeOf(c.Type())
	switch c.Kind() {
	case clang.Cursor_ParenExpr, clang.Cursor_UnexposedExpr:
		ch := exprChildren(c)
		if len(ch) == 1 {
			return fl.lvalue(ch[0])
		}
	case clang.Cursor_DeclRefExpr:
		ref := c.Referenced()
		if ref.Kind() != clang.Cursor_VarDecl && ref.Kind() != clang.Cursor_ParmDecl {
			return lval{}, false
		}
		v := fl.variable(ref)
		if v == nil {
			return lval{}, false
		}
		if isMemoryVar(v) {
			if _, isArr := v.Type.(*ir.ArrayType); !isArr {
				pos := fl.pos(c)
				return lval{ptr: &ir.AddrOf{P: pos, Var: v, T: &ir.PointerType{Elem: v.Type}}, index: zero(pos), t: v.Type}, true
			}
		}
		return lval{v: v, t: v.Type}, true
	case clang.Cursor_ArraySubscriptExpr:
		ch := exprChildren(c)
		if len(ch) != 2 {
			return lval{}, false
		}
		base, idx := fl.rvalue(ch[0]), fl.rvalue(ch[1])
		if ir.IsInteger(base.Type()) && ir.Elem(idx.Type()) != nil {
			base, idx = idx, base // i[p]
		}
		if recovered(base) {
			return lval{}, false
		}
		return lval{ptr: base, index: idx, t: t}, true
	case clang.Cursor_UnaryOperator:
		if op, _ := fl.tu.UnaryOperator(c); op == "*" {
			ch := exprChildren(c)
			if len(ch) != 1 {
				return lval{}, false
			}
			p := fl.rvalue(ch[0])
			if pa, ok := p.(*ir.PtrAdd); ok {
				return lval{ptr: pa.Ptr, index: pa.Off, t: t}, true
			}
			if recovered(p) {
				return lval{}, false
			}
			return lval{ptr: p, index: zero(fl.pos(c)), t: t}, true
		}
	case clang.Cursor_MemberRefExpr:
		return fl.memberLvalue(c, t)
	}
	return lval{}, false
}

// recovered reports whether x, used as a pointer, is clang's error
// recovery: a RecoveryExpr around `s.no_such_member` (an unexposed
// expression with s inside) reads as an implicit cast of s, a record no
// pointer can be.
func recovered(x ir.Expr) bool {
	return !ir.Addressable(x.Type())
}

func (fl *funcLowerer) memberLvalue(c clang.Cursor, t ir.Type) (lval, bool) {
	ch := exprChildren(c)
	if len(ch) != 1 {
		return lval{}, false
	}
	base := ch[0]
	name := fl.memberName(c)
	if name == "" {
		return lval{}, false
	}
	if isPointerType(base.Type()) { // p->f
		return lval{ptr: fl.rvalue(base), index: zero(fl.pos(c)), field: name, t: t}, true
	}
	blv, ok := fl.lvalue(base)
	if !ok {
		return lval{}, false
	}
	if blv.field != "" {
		name = blv.field + "." + name
	}
	blv.field, blv.t = name, t
	return blv, true
}

func isPointerType(t clang.Type) bool {
	return t.CanonicalType().Kind() == clang.Type_Pointer
}

// load reads an lvalue.
func (fl *funcLowerer) load(lv lval, pos token.Pos) ir.Expr {
	if lv.v != nil {
		var x ir.Expr = &ir.VarRef{P: pos, Var: lv.v}
		if lv.field != "" {
			x = &ir.Field{P: pos, X: x, Name: lv.field, T: lv.t}
		}
		return x
	}
	return &ir.Load{P: pos, Ptr: lv.ptr, Index: lv.index, Field: lv.field, T: lv.t}
}

// store writes val (converted to the location's type) to an lvalue.
func (fl *funcLowerer) store(lv lval, val ir.Expr, pos token.Pos) ir.Stmt {
	val = convert(val, lv.t, false)
	if lv.v != nil {
		return &ir.Assign{P: pos, Var: lv.v, Field: lv.field, X: val}
	}
	return &ir.Store{P: pos, Ptr: lv.ptr, Index: lv.index, Field: lv.field, Val: val}
}

// assignStmt lowers lhs = rhs.
func (fl *funcLowerer) assignStmt(c, lhs clang.Cursor, rhs ir.Expr) ir.Stmt {
	lv, ok := fl.lvalue(lhs)
	if !ok {
		return fl.unknownStmt(c, "assignment to unsupported lvalue "+lhs.Kind().Spelling())
	}
	return fl.store(lv, rhs, fl.pos(c))
}

// compound lowers lhs op= rhs (and ++/-- with rhs = 1): lhs = (T)(lhs op rhs).
func (fl *funcLowerer) compound(c, lhs clang.Cursor, op string, rhs ir.Expr) (ir.Stmt, lval, bool) {
	lv, ok := fl.lvalue(lhs)
	if !ok {
		return fl.unknownStmt(c, "compound assignment to unsupported lvalue "+lhs.Kind().Spelling()), lv, false
	}
	pos := fl.pos(c)
	arith := fl.arith
	if c.Kind() == clang.Cursor_CompoundAssignOperator || c.Kind() == clang.Cursor_UnaryOperator {
		arith = fl.builtinArith
	}
	val := arith(op, fl.load(lv, pos), rhs, pos, lv.t)
	return fl.store(lv, val, pos), lv, true
}

// exprStmt lowers an expression evaluated for its effects.
func (fl *funcLowerer) exprStmt(c clang.Cursor) []ir.Stmt {
	switch c.Kind() {
	case clang.Cursor_BinaryOperator:
		ch := exprChildren(c)
		if len(ch) != 2 {
			break
		}
		op := fl.l.binaryOp(c, ch[0], ch[1])
		switch op {
		case "=":
			rhs := fl.rvalue(ch[1])
			return []ir.Stmt{fl.assignStmt(c, ch[0], rhs)}
		case ",":
			return append(fl.exprStmt(ch[0]), fl.exprStmt(ch[1])...)
		}
	case clang.Cursor_CompoundAssignOperator:
		ch := exprChildren(c)
		op := ""
		if len(ch) == 2 {
			op = fl.l.binaryOp(c, ch[0], ch[1])
		}
		if len(ch) == 2 && len(op) >= 2 {
			s, _, _ := fl.compound(c, ch[0], op[:len(op)-1], fl.rvalue(ch[1]))
			return []ir.Stmt{s}
		}
		return []ir.Stmt{fl.unknownStmt(c, "compound assignment "+opName(op))}
	case clang.Cursor_UnaryOperator:
		if op, _ := fl.tu.UnaryOperator(c); op == "++" || op == "--" {
			ch := exprChildren(c)
			if len(ch) == 1 {
				s, _, _ := fl.compound(c, ch[0], op[:1], ir.IntConst(fl.pos(c), ir.Int, 1))
				return []ir.Stmt{s}
			}
		}
	case clang.Cursor_CallExpr:
		if e := fl.call(c, true); e != nil {
			return []ir.Stmt{&ir.ExprStmt{P: fl.pos(c), X: e}}
		}
		return nil
	case clang.Cursor_ConditionalOperator:
		return fl.condStmt(c)
	case clang.Cursor_CXXThrowExpr:
		// A launcher's `throw std::invalid_argument(...)` rejects its input
		// as TORCH_CHECK does: no path goes on past it. (try/catch is an
		// unknown statement, so a throw lowered here is not caught locally.)
		return []ir.Stmt{pathEnd(fl.pos(c))}
	case clang.Cursor_ParenExpr, clang.Cursor_UnexposedExpr, clang.Cursor_CStyleCastExpr, clang.Cursor_CXXStaticCastExpr:
		if ch := exprChildren(c); len(ch) == 1 && (c.Kind() == clang.Cursor_ParenExpr || c.Kind() == clang.Cursor_UnexposedExpr || isVoid(c.Type())) {
			return fl.exprStmt(ch[len(ch)-1])
		}
	}
	e := fl.rvalue(c)
	return []ir.Stmt{&ir.ExprStmt{P: fl.pos(c), X: e}}
}

// pathEnd is where a throw or a call that does not return (abort, exit,
// __trap) ends the path: an assumption that never holds.
func pathEnd(pos token.Pos) ir.Stmt {
	return &ir.Assume{P: pos, Cond: &ir.Const{P: pos, T: ir.Bool, Val: 0}, Kind: ir.AssumeThrow}
}

// condStmt lowers c ? x : y evaluated for effects, including glibc's
// assert(e), which expands to (e ? void(0) : __assert_fail(...)).
func (fl *funcLowerer) condStmt(c clang.Cursor) []ir.Stmt {
	ch := exprChildren(c)
	if len(ch) != 3 {
		return []ir.Stmt{fl.unknownStmt(c, "conditional without three operands")}
	}
	cond := fl.rvalue(ch[0])
	if isAssertFail(ch[2]) {
		return []ir.Stmt{&ir.Assume{P: fl.pos(c), Cond: cond, Kind: ir.AssumeAssert}}
	}
	s := &ir.If{P: fl.pos(c), Cond: cond}
	s.Then = &ir.Block{P: fl.pos(ch[1]), Stmts: fl.stmt(ch[1])}
	s.Else = &ir.Block{P: fl.pos(ch[2]), Stmts: fl.stmt(ch[2])}
	return []ir.Stmt{s}
}

func isAssertFail(c clang.Cursor) bool {
	found := false
	c.Visit(func(ch, _ clang.Cursor) clang.ChildVisitResult {
		if ch.Kind() == clang.Cursor_CallExpr {
			switch ch.Spelling() {
			case "__assert_fail", "__assertfail", "__assert_rtn", "_wassert":
				found = true
				return clang.ChildVisit_Break
			}
		}
		return clang.ChildVisit_Recurse
	})
	return found
}

// valueOfEffect lowers an assignment or increment used as a value: the
// effect is hoisted and the value is the location read back afterwards.
func (fl *funcLowerer) valueOfEffect(c clang.Cursor) ir.Expr {
	ch := exprChildren(c)
	if len(ch) == 0 {
		return fl.unknown(c, fl.typeOf(c.Type()), "assignment without operands")
	}
	lv, ok := fl.lvalue(ch[0])
	if !ok {
		return fl.unknown(c, fl.typeOf(c.Type()), "assignment to unsupported lvalue used as a value")
	}
	fl.pre = append(fl.pre, fl.exprStmt(c)...)
	return fl.load(lv, fl.pos(c))
}
