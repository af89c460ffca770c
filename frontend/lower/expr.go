package lower

import (
	"go/token"
	"strconv"
	"unicode"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// rvalue lowers an expression for its value.
func (fl *funcLowerer) rvalue(c clang.Cursor) ir.Expr {
	switch c.Kind() {
	case clang.Cursor_IntegerLiteral, clang.Cursor_CharacterLiteral, clang.Cursor_CXXBoolLiteralExpr,
		clang.Cursor_UnaryExpr:
		return fl.constant(c)
	case clang.Cursor_FloatingLiteral:
		return fl.constant(c)
	case clang.Cursor_StringLiteral:
		return &ir.StringLit{P: fl.pos(c), Val: stringLiteral(c)}
	case clang.Cursor_CXXNullPtrLiteralExpr, clang.Cursor_GNUNullExpr:
		return &ir.Convert{P: fl.pos(c), X: ir.IntConst(fl.pos(c), ir.Int64, 0), T: fl.typeOf(c.Type())}
	case clang.Cursor_ParenExpr:
		return fl.single(c, fl.rvalue)
	case clang.Cursor_UnexposedExpr:
		return fl.unexposed(c)
	case clang.Cursor_DeclRefExpr:
		return fl.declRef(c)
	case clang.Cursor_MemberRefExpr:
		return fl.member(c)
	case clang.Cursor_ArraySubscriptExpr:
		return fl.subscript(c)
	case clang.Cursor_BinaryOperator:
		return fl.binary(c)
	case clang.Cursor_CompoundAssignOperator:
		return fl.valueOfEffect(c)
	case clang.Cursor_UnaryOperator:
		return fl.unary(c)
	case clang.Cursor_ConditionalOperator:
		return fl.conditional(c)
	case clang.Cursor_CStyleCastExpr, clang.Cursor_CXXStaticCastExpr, clang.Cursor_CXXReinterpretCastExpr,
		clang.Cursor_CXXConstCastExpr, clang.Cursor_CXXFunctionalCastExpr, clang.Cursor_CXXAddrspaceCastExpr,
		clang.Cursor_BuiltinBitCastExpr:
		return fl.cast(c)
	case clang.Cursor_CallExpr:
		if e := fl.call(c, false); e != nil {
			return e
		}
		return fl.unknown(c, ir.Void, "void call used as a value")
	case clang.Cursor_InitListExpr:
		il := &ir.InitList{P: fl.pos(c), T: fl.typeOf(c.Type())}
		for _, ch := range exprChildren(c) {
			il.Elems = append(il.Elems, fl.rvalue(ch))
		}
		return il
	case clang.Cursor_LambdaExpr:
		return fl.closure(c)
	case clang.Cursor_CXXThisExpr:
		return fl.unknown(c, fl.typeOf(c.Type()), "this")
	}
	return fl.unknown(c, fl.typeOf(c.Type()), "expression "+c.Kind().Spelling())
}

// rvalueAs lowers c and converts it to t.
func (fl *funcLowerer) rvalueAs(c clang.Cursor, t ir.Type) ir.Expr {
	return convert(fl.rvalue(c), t, false)
}

// single lowers the only expression child of c with f.
func (fl *funcLowerer) single(c clang.Cursor, f func(clang.Cursor) ir.Expr) ir.Expr {
	ch := exprChildren(c)
	if len(ch) != 1 {
		return fl.unknown(c, fl.typeOf(c.Type()), c.Kind().Spelling()+" without operand")
	}
	return f(ch[0])
}

// convert converts x to t unless it already has that type. Unknown and
// template-dependent types are not converted (the conversion is unknown).
func convert(x ir.Expr, t ir.Type, explicit bool) ir.Expr {
	if t == nil || ir.Identical(x.Type(), t) || ir.IsUnknown(t) {
		return x
	}
	if _, ok := t.(*ir.VoidType); ok {
		return x
	}
	if c, ok := x.(*ir.Const); ok && !explicit && (ir.IsInteger(t) || isBool(t)) {
		return ir.IntConst(c.P, t, c.Val)
	}
	return &ir.Convert{P: x.Pos(), X: x, T: t, Implicit: !explicit}
}

func isBool(t ir.Type) bool { _, ok := t.(*ir.BoolType); return ok }

// constant evaluates a literal or sizeof with libclang.
func (fl *funcLowerer) constant(c clang.Cursor) ir.Expr {
	t := fl.typeOf(c.Type())
	r := c.Evaluate()
	switch r.Kind {
	case clang.Eval_Int:
		if !ir.IsInteger(t) && !isBool(t) {
			t = ir.Int64
		}
		return ir.IntConst(fl.pos(c), t, r.Int)
	case clang.Eval_Float:
		return &ir.FloatConst{P: fl.pos(c), T: t, Val: r.Float}
	}
	return fl.unknown(c, t, "non-constant "+c.Kind().Spelling())
}

// unexposed handles libclang's catch-all expression kind: implicit casts
// (the only child converted to the cursor's type), temporaries, default
// arguments (no child: constant-evaluated) and substituted template
// parameters.
func (fl *funcLowerer) unexposed(c clang.Cursor) ir.Expr {
	ch := exprChildren(c)
	t := fl.typeOf(c.Type())
	switch len(ch) {
	case 0:
		if r := c.Evaluate(); r.Kind == clang.Eval_Int || r.Kind == clang.Eval_Float {
			return fl.constant(c)
		}
		return fl.unknown(c, t, "unexposed expression")
	case 1:
		x := fl.rvalue(ch[0])
		xt := x.Type()
		if _, isArr := xt.(*ir.ArrayType); isArr {
			return x // array-to-pointer decay: the region itself
		}
		if ir.IsUnknown(t) {
			return x
		}
		if _, ok := t.(*ir.StructType); ok {
			return x // copies and temporaries of records
		}
		return convert(x, t, false)
	}
	return fl.unknown(c, t, "unexposed expression with several operands")
}

// builtinVars maps CUDA's geometry variables to their IR kinds.
var builtinVars = map[string]ir.BuiltinKind{
	"threadIdx": ir.ThreadIdx, "blockIdx": ir.BlockIdx, "blockDim": ir.BlockDim, "gridDim": ir.GridDim,
}

func (fl *funcLowerer) declRef(c clang.Cursor) ir.Expr {
	ref := c.Referenced()
	switch ref.Kind() {
	case clang.Cursor_VarDecl, clang.Cursor_ParmDecl:
		if ref.Spelling() == "warpSize" && fl.l.external(ref) {
			return &ir.Builtin{P: fl.pos(c), Kind: ir.WarpSize}
		}
		v := fl.variable(ref)
		if v == nil {
			return fl.constant(c)
		}
		return fl.readVar(v, fl.pos(c))
	case clang.Cursor_EnumConstantDecl:
		return ir.IntConst(fl.pos(c), fl.typeOf(c.Type()), ref.EnumConstantDeclValue())
	case clang.Cursor_NonTypeTemplateParameter:
		return &ir.TemplateParamRef{P: fl.pos(c), Name: ref.Spelling(), T: fl.typeOf(c.Type())}
	case clang.Cursor_FunctionDecl, clang.Cursor_FunctionTemplate, clang.Cursor_CXXMethod:
		fr := &ir.FuncRef{P: fl.pos(c), Name: qualifiedName(templateOf(ref)), T: &ir.PointerType{Elem: ir.Void}}
		fr.Fn, _ = fl.l.specialization(ref)
		return fr
	case clang.Cursor_OverloadedDeclRef:
		// &k<Traits> in a generic host template: the kernel template's
		// generic form, so that a launch through the pointer has a kernel.
		if d := soleTemplate(ref); !d.IsNull() && fl.inGenericHost() {
			fr := &ir.FuncRef{P: fl.pos(c), Name: qualifiedName(d), T: &ir.PointerType{Elem: ir.Void}}
			fr.Fn, _ = fl.l.specialization(d)
			return fr
		}
	}
	if r := c.Evaluate(); r.Kind == clang.Eval_Int || r.Kind == clang.Eval_Float {
		return fl.constant(c) // substituted template parameter
	}
	if len(exprChildren(c)) == 1 {
		return fl.single(c, fl.rvalue)
	}
	return fl.unknown(c, fl.typeOf(c.Type()), "reference to "+ref.Kind().Spelling())
}

// readVar reads a variable: memory-resident scalars (__shared__,
// __device__ and __constant__ variables) are loads from their region.
func (fl *funcLowerer) readVar(v *ir.Var, pos token.Pos) ir.Expr {
	if isMemoryVar(v) {
		if _, isArr := v.Type.(*ir.ArrayType); !isArr {
			return &ir.Load{P: pos, Ptr: &ir.AddrOf{P: pos, Var: v, T: &ir.PointerType{Elem: v.Type}}, Index: zero(pos), T: v.Type}
		}
	}
	return &ir.VarRef{P: pos, Var: v}
}

func isMemoryVar(v *ir.Var) bool {
	return v.Kind == ir.SharedVar || v.Kind == ir.GlobalVar || v.Kind == ir.ConstVar
}

func zero(pos token.Pos) ir.Expr { return ir.IntConst(pos, ir.Int64, 0) }

// variable returns the IR variable of a declaration: a local or parameter
// seen in this function, or a namespace-scope variable (nil when that is a
// compile-time constant, which the caller folds).
func (fl *funcLowerer) variable(ref clang.Cursor) *ir.Var {
	key := fl.l.declKey(ref)
	if v := fl.vars[key]; v != nil {
		return v
	}
	if v := fl.l.globals[key]; v != nil {
		return v
	}
	if r := ref.Evaluate(); (r.Kind == clang.Eval_Int || r.Kind == clang.Eval_Float) && ref.Type().IsConstQualified() {
		return nil
	}
	v := &ir.Var{Name: ref.Spelling(), Type: fl.declType(ref), Kind: ir.GlobalVar, P: fl.pos(ref)}
	for _, ch := range ref.Children() {
		switch ch.Kind() {
		case clang.Cursor_CUDASharedAttr:
			v.Kind = ir.SharedVar
		case clang.Cursor_CUDAConstantAttr:
			v.Kind = ir.ConstVar
		}
	}
	fl.l.globals[key] = v
	return v
}

// external reports whether c is declared outside the analysed files: in
// an embedded shim header, a system header, or by the compiler itself.
// Such declarations are the CUDA and torch API, never lowered user code.
func (l *tuLowerer) external(c clang.Cursor) bool {
	f, _, _, _ := c.Location().ExpansionLocation()
	if f.IsNil() || isShimFile(f.Name()) || l.file(f.Name()) == nil {
		return true
	}
	// Compiler builtins (__syncthreads) are declared implicitly at their
	// first use: the declaration is just the name there, with no return
	// type before it, which a written function declaration always has.
	return c.Kind() == clang.Cursor_FunctionDecl && c.Extent().Start().Equal(c.Location())
}

// memberName returns the member a member expression names: its
// spelling, or, where clang has no declaration of the member (a
// template's dependent record, a record that did not parse), the
// identifier after the expression's last . or ->; "" when neither.
func (fl *funcLowerer) memberName(c clang.Cursor) string {
	if n := c.Spelling(); n != "" {
		return n
	}
	toks := fl.tu.TokenSpellings(c.Extent())
	if n := len(toks); n >= 2 && (toks[n-2] == "." || toks[n-2] == "->") && isIdentifier(toks[n-1]) {
		return toks[n-1]
	}
	return ""
}

func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

func (fl *funcLowerer) member(c clang.Cursor) ir.Expr {
	name := fl.memberName(c)
	// A member expression is positioned where it starts (blockIdx in
	// blockIdx.x), not at the member's name as clang's location is: a fix
	// that inserts a cast before the operand must not land inside it.
	pos := fl.pos(c)
	if p := fl.l.pos(c.Extent().Start()); p.IsValid() {
		pos = p
	}
	t := fl.typeOf(c.Type())
	ch := exprChildren(c)
	if len(ch) != 1 {
		return fl.unknown(c, t, "implicit member access")
	}
	base := stripParens(ch[0])
	if base.Kind() == clang.Cursor_DeclRefExpr {
		if k, ok := builtinVars[base.Spelling()]; ok && fl.l.external(base.Referenced()) {
			dim := map[string]int{"x": 0, "y": 1, "z": 2}[name]
			return &ir.Builtin{P: pos, Kind: k, Dim: dim}
		}
	}
	if name == "" {
		return fl.unknown(c, t, "member without a name")
	}
	if lv, ok := fl.lvalue(c); ok {
		return fl.load(lv, pos)
	}
	return &ir.Field{P: pos, X: fl.rvalue(base), Name: name, T: t}
}

func stripParens(c clang.Cursor) clang.Cursor {
	for c.Kind() == clang.Cursor_ParenExpr || (c.Kind() == clang.Cursor_UnexposedExpr && len(exprChildren(c)) == 1) {
		c = exprChildren(c)[0]
	}
	return c
}

func (fl *funcLowerer) subscript(c clang.Cursor) ir.Expr {
	lv, ok := fl.lvalue(c)
	if !ok {
		return fl.unknown(c, fl.typeOf(c.Type()), "subscript of a non-pointer")
	}
	if at, isArr := lv.t.(*ir.ArrayType); isArr {
		// An inner row of a multi-dimensional array: a pointer to its first
		// element, lv.index rows past the base.
		return &ir.PtrAdd{P: fl.pos(c), Ptr: lv.ptr, Off: lv.index, T: &ir.PointerType{Elem: at.Elem}}
	}
	return fl.load(lv, fl.pos(c))
}

func (fl *funcLowerer) cast(c clang.Cursor) ir.Expr {
	ch := exprChildren(c)
	if len(ch) == 0 {
		return fl.unknown(c, fl.typeOf(c.Type()), "cast without operand")
	}
	t := fl.typeOf(c.Type())
	x := fl.rvalue(ch[len(ch)-1])
	if _, ok := t.(*ir.StructType); ok {
		return x
	}
	if at, isArr := x.Type().(*ir.ArrayType); isArr {
		// Casting an array (extern __shared__ char s[]) casts its address.
		x = &ir.PtrAdd{P: x.Pos(), Ptr: x, Off: zero(x.Pos()), T: &ir.PointerType{Elem: at.Elem}}
	}
	return convert(x, t, true)
}

func (fl *funcLowerer) conditional(c clang.Cursor) ir.Expr {
	ch := exprChildren(c)
	if len(ch) != 3 {
		return fl.unknown(c, fl.typeOf(c.Type()), "conditional without three operands")
	}
	t := fl.typeOf(c.Type())
	cond := fl.rvalue(ch[0])
	x, okx := fl.pure(ch[1])
	y, oky := fl.pure(ch[2])
	if !okx || !oky {
		return fl.unknown(c, t, "side effect in a conditional operand")
	}
	if common := ir.UsualArith(x.Type(), y.Type()); common != nil && ir.IsUnknown(t) {
		t = common
	}
	return &ir.Cond{P: fl.pos(c), C: cond, X: convert(x, t, false), Y: convert(y, t, false), T: t}
}

// pure lowers c, reporting false if it has side effects that would have
// to be hoisted (they cannot be, in a conditionally evaluated operand).
func (fl *funcLowerer) pure(c clang.Cursor) (ir.Expr, bool) {
	saved := fl.pre
	fl.pre = nil
	e := fl.rvalue(c)
	ok := len(fl.pre) == 0
	fl.pre = saved
	return e, ok
}

func (fl *funcLowerer) closure(c clang.Cursor) ir.Expr {
	cl := &ir.Closure{P: fl.pos(c), T: &ir.StructType{Name: "lambda", Bytes: -1}}
	fl.fillClosure(cl, c)
	return cl
}

// fillClosure gives cl the parameters and the body of c: a LambdaExpr, or
// the definition of a lambda's call operator (lambdaBody).
func (fl *funcLowerer) fillClosure(cl *ir.Closure, c clang.Cursor) {
	for _, ch := range c.Children() {
		switch ch.Kind() {
		case clang.Cursor_ParmDecl:
			v := &ir.Var{Name: ch.Spelling(), Type: fl.declType(ch), Kind: ir.ParamVar, P: fl.pos(ch), Index: len(cl.Params), Ref: isRef(ch.Type())}
			fl.vars[fl.l.declKey(ch)] = v
			cl.Params = append(cl.Params, v)
		case clang.Cursor_CompoundStmt:
			saved := fl.pre
			fl.pre = nil
			cl.Body = fl.block(ch)
			fl.pre = saved
		}
	}
	if cl.Body == nil {
		cl.Body = &ir.Block{P: cl.P}
	}
}

// stringLiteral is the text of a string literal. libclang evaluates only
// some literals (clang_Cursor_Evaluate answers nothing for one that is an
// operand of a comparison); the spelling, unquoted, is the text then.
// Prefixed literals (u8"", L"") and concatenations keep the evaluated text
// or, failing that, their spelling.
func stringLiteral(c clang.Cursor) string {
	if r := c.Evaluate(); r.Kind == clang.Eval_String {
		return r.Str
	}
	sp := c.Spelling()
	if s, err := strconv.Unquote(sp); err == nil {
		return s
	}
	return sp
}
