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
	args, ok := fl.argv(c.Argument(3))
	if !ok {
		return nil
	}
	l := &ir.Launch{P: fl.pos(c), Caller: fl.f, Grid: fl.dim3Arg(c.Argument(1)), Block: fl.dim3Arg(c.Argument(2)), Args: args}
	fl.smemArg(l, c, 4)
	if c.NumArguments() > 5 {
		l.Stream = fl.rvalue(c.Argument(5))
	}
	fl.launchKernel(l, c.Argument(0))
	return fl.addLaunch(c, l)
}

// argv lowers a launch's argument array: a local array of the addresses
// of variables (void* args[] = {&input, &output, &n}) to the variables'
// values. Another form reports false.
func (fl *funcLowerer) argv(a clang.Cursor) ([]ir.Expr, bool) {
	argv := stripCasts(a).Referenced()
	if argv.Kind() != clang.Cursor_VarDecl {
		return nil, false
	}
	var list clang.Cursor
	for _, ch := range argv.Children() {
		if ch.Kind() == clang.Cursor_InitListExpr {
			list = ch
		}
	}
	if list.IsNull() {
		return nil, false
	}
	var args []ir.Expr
	for _, e := range exprChildren(list) {
		e = stripCasts(e)
		if e.Kind() != clang.Cursor_UnaryOperator || len(exprChildren(e)) != 1 {
			return nil, false
		}
		ref := stripCasts(exprChildren(e)[0])
		if ref.Kind() != clang.Cursor_DeclRefExpr {
			return nil, false
		}
		args = append(args, fl.rvalue(ref))
	}
	return args, true
}

// cubinKernel is the class of a TVM-FFI cubin kernel handle, what
// TVM_FFI_EMBED_CUBIN_GET_KERNEL(module, "name") and
// CubinModule::GetKernel("name") return.
const cubinKernel = "tvm::ffi::CubinKernel"

// cubinLaunch lowers kernel.Launch(args, grid, block, stream, smem) and
// kernel.LaunchEx(...) of a TVM-FFI cubin kernel to a Launch of the
// extern "C" kernel the handle names (a variable initialised with
// GetKernel("name")): the kernel's source is a .cu file compiled to the
// embedded cubin, another unit of the program, so the launch names it by
// its symbol (KernelLink) and the loader links it. A handle of another
// form, a name that is not an identifier or an argument array of another
// form returns nil: the call stays opaque.
func (fl *funcLowerer) cubinLaunch(c clang.Cursor, ch []clang.Cursor) ir.Expr {
	if c.NumArguments() < 4 || len(ch) == 0 {
		return nil
	}
	m := stripParens(ch[0])
	if m.Kind() != clang.Cursor_MemberRefExpr || len(exprChildren(m)) != 1 {
		return nil
	}
	name := cubinKernelName(stripCasts(exprChildren(m)[0]).Referenced())
	if !isIdentifier(name) {
		return nil
	}
	args, ok := fl.argv(c.Argument(0))
	if !ok {
		return nil
	}
	l := &ir.Launch{P: fl.pos(c), Caller: fl.f, Name: name, KernelLink: "c:@F@" + name,
		Grid: fl.dim3Arg(c.Argument(1)), Block: fl.dim3Arg(c.Argument(2)), Stream: fl.rvalue(c.Argument(3)), Args: args}
	fl.smemArg(l, c, 4)
	return fl.addLaunch(c, l)
}

// smemArg sets l's dynamic shared memory from call c's argument i, or to
// an implicit 0 when c has no such argument.
func (fl *funcLowerer) smemArg(l *ir.Launch, c clang.Cursor, i int) {
	if int(c.NumArguments()) > i {
		l.Smem = fl.rvalueAs(c.Argument(uint32(i)), sizeT)
	} else {
		l.Smem, l.SmemImplicit = ir.IntConst(l.P, sizeT, 0), true
	}
}

// cubinKernelName returns the kernel name a cubin kernel handle variable
// is initialised with: the string literal of the GetKernel call (or
// GetKernelWithMaxDynamicSharedMemory, module["name"]) in its
// initialiser, or "".
func cubinKernelName(v clang.Cursor) string {
	if v.Kind() != clang.Cursor_VarDecl {
		return ""
	}
	name := ""
	var find func(clang.Cursor)
	find = func(c clang.Cursor) {
		for _, ch := range c.Children() {
			if name != "" {
				return
			}
			if sp := ch.Spelling(); ch.Kind() == clang.Cursor_CallExpr && (strings.HasPrefix(sp, "GetKernel") || sp == "operator[]") {
				for i := range uint32(max(ch.NumArguments(), 0)) {
					if a := stripCasts(ch.Argument(i)); a.Kind() == clang.Cursor_StringLiteral {
						name = stringLiteral(a)
						return
					}
				}
			}
			find(ch)
		}
	}
	find(v)
	return name
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
// is &x). A cast's operand is its last expression child: the written
// type's template arguments come first (reinterpret_cast<S<64>&>(x) in a
// template's instantiation).
func stripCasts(c clang.Cursor) clang.Cursor {
	for {
		c = stripParens(c)
		switch c.Kind() {
		case clang.Cursor_CStyleCastExpr, clang.Cursor_CXXStaticCastExpr, clang.Cursor_CXXReinterpretCastExpr,
			clang.Cursor_CXXFunctionalCastExpr:
			ch := exprChildren(c)
			if len(ch) == 0 {
				return c
			}
			c = ch[len(ch)-1]
		default:
			return c
		}
	}
}
