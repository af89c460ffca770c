package lower

import (
	"strings"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// ShimPrefix is the directory of the embedded headers (see frontend/shim):
// declarations there are builtins, never lowered user code.
const ShimPrefix = "/__cudavet__/"

func isShimFile(name string) bool { return strings.HasPrefix(name, ShimPrefix) }

// launch lowers kernel<<<grid, block, smem, stream>>>(args). libclang shows
// the launch as a CallExpr whose second child is the call to
// cudaConfigureCall holding the configuration; omitted smem and stream are
// default arguments without tokens.
func (fl *funcLowerer) launch(c, cfg clang.Cursor) {
	pos := fl.pos(c)
	ref := c.Referenced()
	if ref.IsNull() {
		ref = dependentTemplate(c)
	}
	l := &ir.Launch{P: pos, Caller: fl.f, Name: c.Spelling()}
	fl.kernelOf(l, ref)
	n := int(cfg.NumArguments())
	arg := func(i int) (clang.Cursor, bool) {
		if i >= n {
			return clang.NewNullCursor(), false
		}
		a := cfg.Argument(uint32(i))
		return a, !implicitArg(a)
	}
	if a, ok := arg(0); ok {
		l.Grid = fl.dim3Arg(a)
	}
	if a, ok := arg(1); ok {
		l.Block = fl.dim3Arg(a)
	}
	if l.Grid == nil || l.Block == nil {
		fl.pre = append(fl.pre, fl.unknownStmt(c, "launch without grid and block"))
		return
	}
	if a, ok := arg(2); ok {
		l.Smem = fl.rvalueAs(a, sizeT)
	} else {
		l.Smem, l.SmemImplicit = ir.IntConst(pos, sizeT, 0), true
	}
	if a, ok := arg(3); ok {
		l.Stream = fl.rvalue(a)
	}
	l.Args = fl.args(c, 0)
	fl.record(l)
}

// sizeT is the type of a launch's dynamic shared memory.
var sizeT = &ir.IntType{Bits: 64, Name: "size_t"}

// kernelOf sets the kernel of l from the declaration the launch refers
// to: a variable initialised with a kernel (auto kernel = k<VEC, T>), or
// the kernel function or template itself.
func (fl *funcLowerer) kernelOf(l *ir.Launch, ref clang.Cursor) {
	switch {
	case ref.Kind() == clang.Cursor_VarDecl || ref.Kind() == clang.Cursor_ParmDecl:
		if v := fl.variable(ref); v != nil && fl.funcVals[v] != nil {
			fr := fl.funcVals[v]
			l.Name, l.Kernel = fr.Name, fr.Fn
		}
	case !ref.IsNull():
		l.Name = qualifiedName(templateOf(ref))
		if k, ok := fl.l.specialization(ref); ok {
			l.Kernel = k
		}
	}
}

// record adds l to the function's statements and the unit's launches.
func (fl *funcLowerer) record(l *ir.Launch) {
	fl.pre = append(fl.pre, l)
	fl.l.launches = append(fl.l.launches, l)
	if fl.l.hasLaunch == nil {
		fl.l.hasLaunch = map[*ir.Func]bool{}
	}
	fl.l.hasLaunch[fl.f] = true
}

// launchEx lowers cudaLaunchKernelEx(&config, kernel, args...) (the
// launch of programmatic dependent launch and clusters, FlashInfer's
// every launch) to a Launch whose grid, block, dynamic shared memory and
// stream are the fields of the local cudaLaunchConfig_t config, and
// returns its value, cudaSuccess. The kernel is a function (k<T>) or a
// variable initialised with one (auto kernel = k<VEC, T>). Another form
// of the configuration (a pointer parameter) returns nil: the call stays
// an opaque call.
func (fl *funcLowerer) launchEx(c clang.Cursor) ir.Expr {
	cfg := stripParens(c.Argument(0))
	if cfg.Kind() != clang.Cursor_UnaryOperator {
		return nil
	}
	inner := exprChildren(cfg)
	if len(inner) != 1 {
		return nil
	}
	v := fl.variable(stripParens(inner[0]).Referenced())
	if v == nil {
		return nil
	}
	pos := fl.pos(c)
	ref := &ir.VarRef{P: pos, Var: v}
	field := func(name string, t ir.Type) ir.Expr { return &ir.Field{P: pos, X: ref, Name: name, T: t} }
	l := &ir.Launch{P: pos, Caller: fl.f, Grid: field("gridDim", ir.Dim3), Block: field("blockDim", ir.Dim3),
		Smem: field("dynamicSmemBytes", sizeT), Stream: field("stream", &ir.PointerType{Elem: ir.Void})}
	fl.launchKernel(l, c.Argument(1))
	l.Args = fl.args(c, 2)
	return fl.addLaunch(c, l)
}

// launchArgv lowers cudaLaunchKernel((void*)kernel, grid, block, args,
// smem, stream) and cudaLaunchCooperativeKernel, whose arguments are a
// local array of their addresses (void* args[] = {&input, &output, &n}),
// to a Launch of the variables the array points to, and returns its value,
// cudaSuccess. An argument array of another form returns nil (an opaque
// call).
func (fl *funcLowerer) launchArgv(c clang.Cursor) ir.Expr {
	argv := stripCasts(c.Argument(3)).Referenced()
	if argv.Kind() != clang.Cursor_VarDecl {
		return nil
	}
	var list clang.Cursor
	for _, ch := range argv.Children() {
		if ch.Kind() == clang.Cursor_InitListExpr {
			list = ch
		}
	}
	if list.IsNull() {
		return nil
	}
	var args []ir.Expr
	for _, e := range exprChildren(list) {
		e = stripCasts(e)
		if e.Kind() != clang.Cursor_UnaryOperator || len(exprChildren(e)) != 1 {
			return nil
		}
		ref := stripCasts(exprChildren(e)[0])
		if ref.Kind() != clang.Cursor_DeclRefExpr {
			return nil
		}
		args = append(args, fl.rvalue(ref))
	}
	pos := fl.pos(c)
	l := &ir.Launch{P: pos, Caller: fl.f, Grid: fl.dim3Arg(c.Argument(1)), Block: fl.dim3Arg(c.Argument(2)), Args: args}
	if c.NumArguments() > 4 {
		l.Smem = fl.rvalueAs(c.Argument(4), sizeT)
	} else {
		l.Smem, l.SmemImplicit = ir.IntConst(pos, sizeT, 0), true
	}
	if c.NumArguments() > 5 {
		l.Stream = fl.rvalue(c.Argument(5))
	}
	fl.launchKernel(l, c.Argument(0))
	return fl.addLaunch(c, l)
}

// launchKernel sets the kernel of l from the expression naming it: a
// function (k<T>, (void*)k<T>) or a variable initialised with one (auto
// kernel = k<VEC, T>).
func (fl *funcLowerer) launchKernel(l *ir.Launch, k clang.Cursor) {
	k = stripParens(k)
	kref := k.Referenced()
	for kref.IsNull() && len(exprChildren(k)) == 1 {
		k = stripParens(exprChildren(k)[0])
		kref = k.Referenced()
	}
	switch kref.Kind() {
	case clang.Cursor_VarDecl, clang.Cursor_ParmDecl, clang.Cursor_FunctionDecl:
		fl.kernelOf(l, kref)
	}
	if l.Name == "" {
		l.Name = k.Spelling()
	}
}

// addLaunch records l and returns the value of the launch call c:
// cudaSuccess.
func (fl *funcLowerer) addLaunch(c clang.Cursor, l *ir.Launch) ir.Expr {
	fl.record(l)
	return ir.IntConst(l.P, fl.typeOf(c.Type()), 0)
}

// dependentTemplate finds the function template a call or launch names
// through an unresolved reference (f<T>(...), k<T><<<...>>>: the callee of
// a dependent call inside a template), or a null cursor.
func dependentTemplate(c clang.Cursor) clang.Cursor {
	ch := c.Children()
	if len(ch) == 0 {
		return clang.NewNullCursor()
	}
	for _, e := range append([]clang.Cursor{ch[0]}, ch[0].Children()...) {
		if d := soleTemplate(e); !d.IsNull() {
			return d
		}
	}
	return clang.NewNullCursor()
}

// soleTemplate returns the function template an OverloadedDeclRef cursor
// denotes when it denotes exactly one (a dependent reference inside a
// template: f<T>(...), &k<Traits>), or a null cursor.
func soleTemplate(e clang.Cursor) clang.Cursor {
	if e.Kind() == clang.Cursor_OverloadedDeclRef && e.NumOverloadedDecls() == 1 {
		if d := e.OverloadedDecl(0); d.Kind() == clang.Cursor_FunctionTemplate {
			return d
		}
	}
	return clang.NewNullCursor()
}

// inGenericHost reports whether the function being lowered is the generic
// form of a host template: there, a dependent call of a function template
// or a dependent kernel address (launch<128, T>(params), &k<Traits>)
// stands for the template's generic form.
func (fl *funcLowerer) inGenericHost() bool { return fl.f.Kind == ir.Host && fl.f.Generic }

// dim3Arg lowers a grid or block argument to a dim3 value.
func (fl *funcLowerer) dim3Arg(a clang.Cursor) ir.Expr {
	x := fl.rvalue(a)
	if ir.Identical(x.Type(), ir.Dim3) {
		return x
	}
	return fl.dim3(x.Pos(), []ir.Expr{x})
}

// stripCasts strips parentheses and explicit or implicit casts ((void*)&x
// is &x).
func stripCasts(c clang.Cursor) clang.Cursor {
	for {
		c = stripParens(c)
		switch c.Kind() {
		case clang.Cursor_CStyleCastExpr, clang.Cursor_CXXStaticCastExpr, clang.Cursor_CXXReinterpretCastExpr,
			clang.Cursor_CXXFunctionalCastExpr:
			ch := exprChildren(c)
			if len(ch) != 1 {
				return c
			}
			c = ch[0]
		default:
			return c
		}
	}
}
