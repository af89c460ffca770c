package divergence

import (
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// expr computes the fact of e from its operands (rules in doc.go). The
// switch delegates each node kind in a few lines.
func (w *walker) expr(e ir.Expr, k ctrl) Fact {
	switch e := e.(type) {
	case *ir.VarRef:
		return w.varRef(e)
	case *ir.Builtin:
		return builtin(e)
	case *ir.Unary:
		return control(w.eval(e.X, k))
	case *ir.Binary:
		return w.binary(e, k)
	case *ir.Convert:
		return w.eval(e.X, k)
	case *ir.Cond:
		c := control(w.eval(e.C, k))
		return join(join(w.eval(e.X, k), w.eval(e.Y, k)), c)
	case *ir.Load:
		return w.load(e, k)
	case *ir.PtrAdd:
		return control(join(w.eval(e.Ptr, k), w.eval(e.Off, k)))
	case *ir.PtrDiff:
		return control(join(w.eval(e.X, k), w.eval(e.Y, k)))
	case *ir.Field:
		return control(w.eval(e.X, k))
	case *ir.Dim3Lit:
		return w.all(k, e.X, e.Y, e.Z)
	case *ir.InitList:
		return w.all(k, e.Elems...)
	case *ir.Call:
		return w.call(e, k)
	case *ir.Intrinsic:
		return w.all(k, e.Args...)
	case *ir.Atomic:
		w.all(k, e.Ptr, e.Index, e.Cmp, e.Val)
		return Fact{Level: Divergent, Source: "atomic" + e.Op, Pos: e.P}
	case *ir.Warp:
		return w.warp(e, k)
	case *ir.Sync:
		w.all(k, e.Mask, e.Pred) // __syncthreads_or/and/count: block-uniform
	case *ir.Unknown:
		if w.record {
			w.en.unknowns++
		}
	}
	// Constants, template parameters, addresses of locals, string literals,
	// closures (host code) and unknown values.
	return Fact{}
}

// all evaluates es and returns their join, without linearity.
func (w *walker) all(k ctrl, es ...ir.Expr) Fact {
	var f Fact
	for _, e := range es {
		f = join(f, w.eval(e, k))
	}
	return control(f)
}

func (w *walker) varRef(e *ir.VarRef) Fact {
	v := e.Var
	if v.Kind != ir.LocalVar && v.Kind != ir.ParamVar {
		return Fact{} // memory: the address of a shared/global/constant variable
	}
	if a := w.resolve(v); a != nil {
		v = a
	}
	f := w.c.vars[v] // an array's VarRef is its address: Uniform
	if cf, ok := w.cur[v]; ok {
		f = cf // its value here (flow.go)
	}
	if f.Level != Uniform {
		f.Via = e.Var
	}
	return f
}

func builtin(e *ir.Builtin) Fact {
	if e.Kind != ir.ThreadIdx {
		return Fact{}
	}
	if e.Dim == 0 {
		return Fact{Level: Divergent, Source: "threadIdx.x", Pos: e.P, linear: true}
	}
	// A warp spans several y (z) rows only when blockDim.x < 32, which is
	// not known here; WarpUniform avoids false alarms on 2-D blocks.
	return Fact{Level: WarpUniform, Source: "threadIdx." + "xyz"[e.Dim:e.Dim+1], Pos: e.P}
}

// binary keeps linearity through + and - of (warp-)uniform terms and turns
// a linear value divided by a multiple of 32 (or shifted right by 5 or
// more) into a warp index.
func (w *walker) binary(e *ir.Binary, k ctrl) Fact {
	x, y := w.eval(e.X, k), w.eval(e.Y, k)
	switch e.Op {
	case ir.Add:
		switch {
		case x.linear && y.Level <= WarpUniform:
			return x
		case y.linear && x.Level <= WarpUniform:
			return y
		}
	case ir.Sub:
		if x.linear && y.Level <= WarpUniform {
			return x
		}
	case ir.Div:
		if c, ok := foldConst(e.Y); ok && x.linear && c > 0 && c%32 == 0 {
			return warpIndex(x, e, " / "+itoa(c))
		}
		if c, ok := foldConst(e.Y); ok && x.linear && c > 1 && c < 32 && c&(c-1) == 0 {
			return Fact{Level: Divergent, Source: x.Source + " / " + itoa(c), Pos: e.P, grain: c}
		}
		if b, ok := e.Y.(*ir.Builtin); ok && x.linear && b.Kind == ir.WarpSize {
			return warpIndex(x, e, " / warpSize")
		}
		if cv, ok := e.Y.(*ir.Convert); ok && x.linear {
			if b, ok := cv.X.(*ir.Builtin); ok && b.Kind == ir.WarpSize {
				return warpIndex(x, e, " / warpSize")
			}
		}
	case ir.Shr:
		if c, ok := foldConst(e.Y); ok && x.linear && c >= 5 && c < 64 {
			return warpIndex(x, e, " >> "+itoa(c))
		}
	case ir.Lt, ir.Ge, ir.Le, ir.Gt:
		if f, ok := warpBoundary(e, x, y); ok {
			return f
		}
	}
	return control(join(x, y))
}

// warpBoundary recognises a comparison of a lane-linear value with a warp
// boundary: tid < 32·k (tid >= 32·k, tid <= 32·k−1, tid > 32·k−1, and the
// mirrored forms) is the same for the 32 lanes of a warp, which hold 32
// consecutive values. (It assumes warps do not straddle rows of a 2-D
// block, as they do not when blockDim.x is a multiple of 32.)
func warpBoundary(e *ir.Binary, x, y Fact) (Fact, bool) {
	op, lin, other := e.Op, x, e.Y
	if !x.linear {
		lin, other = y, e.X
		switch op { // c < tid is tid > c, and so on
		case ir.Lt:
			op = ir.Gt
		case ir.Gt:
			op = ir.Lt
		case ir.Le:
			op = ir.Ge
		case ir.Ge:
			op = ir.Le
		}
	}
	c, ok := constOrWarpSize(other)
	if !lin.linear || !ok || c < 0 {
		return Fact{}, false
	}
	switch {
	case (op == ir.Lt || op == ir.Ge) && c%32 == 0, (op == ir.Le || op == ir.Gt) && c%32 == 31:
		return Fact{Level: WarpUniform, Source: lin.Source, Pos: lin.Pos, Via: lin.Via}, true
	}
	return Fact{}, false
}

// constOrWarpSize returns the value of a constant, or 32 for warpSize
// (possibly converted: tid < warpSize compares with (unsigned)warpSize).
func constOrWarpSize(e ir.Expr) (int64, bool) {
	if c, ok := foldConst(e); ok {
		return c, true
	}
	if cv, ok := e.(*ir.Convert); ok {
		e = cv.X
	}
	if b, ok := e.(*ir.Builtin); ok && b.Kind == ir.WarpSize {
		return 32, true
	}
	return 0, false
}

// foldConst returns the value of a constant expression: a constant, or
// + - * / << >> of constants (a traits class's CALC_WARP_COUNT *
// THREADS_PER_WARP, which the lowering keeps as a product), within ±2^31
// so that no fold wraps.
func foldConst(e ir.Expr) (int64, bool) {
	if c, ok := ir.ConstValue(e); ok {
		return c, true
	}
	b, ok := e.(*ir.Binary)
	if !ok {
		if cv, ok := e.(*ir.Convert); ok {
			return foldConst(cv.X)
		}
		return 0, false
	}
	x, okx := foldConst(b.X)
	y, oky := foldConst(b.Y)
	const lim = 1 << 31
	if !okx || !oky || x <= -lim || x >= lim || y <= -lim || y >= lim {
		return 0, false
	}
	var v int64
	switch b.Op {
	case ir.Add:
		v = x + y
	case ir.Sub:
		v = x - y
	case ir.Mul:
		v = x * y
	case ir.Div:
		if y == 0 {
			return 0, false
		}
		v = x / y
	case ir.Shl:
		if y < 0 || y > 31 {
			return 0, false
		}
		v = x << y
	case ir.Shr:
		if y < 0 || y > 63 {
			return 0, false
		}
		v = x >> y
	default:
		return 0, false
	}
	if v <= -lim || v >= lim {
		return 0, false
	}
	return v, true
}

func warpIndex(x Fact, e *ir.Binary, op string) Fact {
	return Fact{Level: WarpUniform, Source: x.Source + op, Pos: e.P}
}

func itoa(v int64) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}

// load judges a load by its address; a load from a local array (or from a
// local scalar through its address) also gets the array's contents.
func (w *walker) load(e *ir.Load, k ctrl) Fact {
	f := control(join(w.eval(e.Ptr, k), w.eval(e.Index, k)))
	if v := w.resolve(rootVar(e.Ptr)); v != nil && (v.Kind == ir.LocalVar || v.Kind == ir.ParamVar) {
		if _, ok := v.Type.(*ir.ArrayType); ok {
			f = join(f, w.c.mem[v])
		} else if !isPointer(v.Type) {
			f = join(f, w.c.vars[v])
		}
	}
	return control(f)
}

// call returns the callee's return fact in the calling context and binds
// what the callee writes through reference and pointer parameters to the
// caller's variables. Calls without a body are judged by name (cooperative
// groups ranks) or else by their arguments.
func (w *walker) call(e *ir.Call, k ctrl) Fact {
	if e.Closure != nil {
		return Fact{} // host code
	}
	args := make([]Fact, len(e.Args))
	for i, a := range e.Args {
		args[i] = w.eval(a, k)
	}
	recv := w.eval(e.Recv, k)
	fn := e.Fn
	if fn == nil || fn.Body == nil || fn.Kind == ir.Host {
		return byName(e, join(recv, control(joinAll(args))))
	}
	params := make([]Fact, len(fn.Params))
	copy(params, args)
	c := w.en.context(fn, params)
	for i, out := range c.out {
		if out.Level != Uniform && i < len(e.Args) {
			out.Via = nil
			w.storeTo(refArg(e.Args[i]), out, k)
		}
	}
	f := c.ret
	f.Via = nil
	return f
}

// refArg turns an argument bound to a reference parameter (x) into an
// address (&x) for storeTo; addresses are returned unchanged.
func refArg(a ir.Expr) ir.Expr {
	if r, ok := a.(*ir.VarRef); ok {
		if _, arr := r.Var.Type.(*ir.ArrayType); !arr && !isPointer(r.Var.Type) {
			return &ir.AddrOf{P: r.P, Var: r.Var}
		}
	}
	return a
}

func joinAll(fs []Fact) Fact {
	var f Fact
	for _, x := range fs {
		f = join(f, x)
	}
	return f
}

// byName knows the cooperative-groups accessors; any other external call
// is as divergent as its operands.
func byName(e *ir.Call, operands Fact) Fact {
	name := e.Name
	if i := strings.LastIndexAny(name, ":."); i >= 0 {
		name = name[i+1:]
	}
	switch name {
	case "thread_rank", "thread_index":
		return Fact{Level: Divergent, Source: name + "()", Pos: e.P}
	case "meta_group_rank":
		return Fact{Level: WarpUniform, Source: name + "()", Pos: e.P}
	case "size", "num_threads", "group_index", "group_dim", "dim_threads", "meta_group_size", "block_index", "block_rank", "num_blocks":
		return Fact{}
	}
	return operands
}

// warp judges warp collectives: votes, reductions and broadcasts give a
// warp-uniform value; other shuffles are as divergent as the shuffled value.
func (w *walker) warp(e *ir.Warp, k ctrl) Fact {
	w.eval(e.Mask, k)
	v, lane := w.eval(e.Val, k), w.eval(e.Lane, k)
	w.eval(e.Width, k)
	src := warpSource(e)
	switch e.Op {
	case ir.Ballot, ir.Any, ir.All, ir.ActiveMask, ir.WarpReduce:
		return Fact{Level: WarpUniform, Source: src, Pos: e.P}
	case ir.MatchAny:
		return Fact{Level: Divergent, Source: src, Pos: e.P}
	}
	if v.Level <= WarpUniform {
		return v
	}
	if e.Op == ir.Shfl && lane.Level == Uniform && fullWidth(e.Width) {
		return Fact{Level: WarpUniform, Source: src, Pos: e.P}
	}
	return control(v)
}

func warpSource(e *ir.Warp) string {
	if e.Op == ir.ActiveMask {
		return "__activemask()"
	}
	return "__" + e.Op.String() + "_sync"
}

func fullWidth(width ir.Expr) bool {
	if width == nil {
		return true
	}
	c, ok := ir.ConstValue(width)
	if b, isB := width.(*ir.Builtin); isB && b.Kind == ir.WarpSize {
		return true
	}
	return ok && c >= 32
}
