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
	switch {
	case ref.Kind() == clang.Cursor_VarDecl || ref.Kind() == clang.Cursor_ParmDecl:
		// Launch through a variable holding the kernel.
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
		l.Smem = fl.rvalueAs(a, &ir.IntType{Bits: 64, Name: "size_t"})
	} else {
		l.Smem, l.SmemImplicit = ir.IntConst(pos, &ir.IntType{Bits: 64, Name: "size_t"}, 0), true
	}
	if a, ok := arg(3); ok {
		l.Stream = fl.rvalue(a)
	}
	l.Args = fl.args(c, 0)
	fl.pre = append(fl.pre, l)
	fl.l.launches = append(fl.l.launches, l)
	if fl.l.hasLaunch == nil {
		fl.l.hasLaunch = map[*ir.Func]bool{}
	}
	fl.l.hasLaunch[fl.f] = true
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
