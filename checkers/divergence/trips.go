package divergence

import "github.com/cudavet/cudavet/frontend/ir"

// uniformTrips reports a block- or warp-stride loop whose trip count is the
// same in every thread (of the block, of the warp) although its condition
// depends on threadIdx.x:
//
//	for (int i = threadIdx.x; i < B; i += blockDim.x)   with B = k · blockDim.x, k uniform
//	for (int i = lane; i < B; i += 32)                  with B = k · 32 (lane = threadIdx.x % 32)
//
// Thread t < blockDim.x runs i = t, t + blockDim.x, … while i < k·blockDim.x:
// exactly k iterations (none when k ≤ 0). Kernels round the bound up that
// way on purpose so that every thread reaches the barrier in the body the
// same number of times (vec_iters = ceil(n / blockDim.x) · blockDim.x). B
// may be a local variable initialised once with such a product and never
// assigned again, or a call to a device function returning such products
// (round_up_to_multiple_of<32>(n)).
func uniformTrips(c *context, l *ir.Loop) bool {
	if l.Kind != ir.ForLoop || l.Init == nil || l.Post == nil || len(l.Init.Stmts) != 1 || len(l.Post.Stmts) != 1 {
		return false
	}
	d, ok := l.Init.Stmts[0].(*ir.DeclStmt)
	if !ok || d.Init == nil {
		return false
	}
	// The start is a thread's place in its block (stride blockDim.x) or
	// in its warp (a lane, stride 32).
	var step func(ir.Expr) bool
	switch {
	case isBuiltin(d.Init, ir.ThreadIdx):
		step = func(e ir.Expr) bool { return isBuiltin(e, ir.BlockDim) }
	case isLane(c, d.Init, 0):
		step = isWarpMultiple
	default:
		return false
	}
	v := d.Var
	cond, ok := ir.StripConvert(l.Cond).(*ir.Binary)
	if !ok || cond.Op != ir.Lt || !isVar(cond.X, v) || c.exprs[cond.Y].Level != Uniform || !multipleOf(c, cond.Y, step, 0) {
		return false
	}
	post, ok := l.Post.Stmts[0].(*ir.Assign)
	if !ok || post.Var != v || post.Field != "" {
		return false
	}
	inc, ok := ir.StripConvert(post.X).(*ir.Binary)
	if !ok || inc.Op != ir.Add || !isVar(inc.X, v) || !step(inc.Y) {
		return false
	}
	if _, isConst := ir.ConstValue(ir.StripConvert(inc.Y)); isConst {
		if c, _ := constOrWarpSize(ir.StripConvert(inc.Y)); c != 32 {
			return false // a lane start needs a stride of exactly one warp
		}
	}
	return !assigns(l.Body, v)
}

// isLane reports threadIdx.x % 32, threadIdx.x & 31, or a local defined
// once as one of them.
func isLane(c *context, e ir.Expr, depth int) bool {
	switch e := ir.StripConvert(e).(type) {
	case *ir.Binary:
		k, ok := constOrWarpSize(ir.StripConvert(e.Y))
		return isBuiltin(e.X, ir.ThreadIdx) && ok && ((e.Op == ir.Rem && k == 32) || (e.Op == ir.And && k == 31))
	case *ir.VarRef:
		init := singleDef(c, e.Var)
		return depth < 4 && init != nil && isLane(c, init, depth+1)
	}
	return false
}

func isWarpMultiple(e ir.Expr) bool {
	k, ok := constOrWarpSize(ir.StripConvert(e))
	return ok && k > 0 && k%32 == 0
}

// multipleOf reports whether e is a product with a factor step accepts,
// a constant step accepts (0 included), a local defined once as such, or
// a call to a device function all of whose returns are such.
func multipleOf(c *context, e ir.Expr, step func(ir.Expr) bool, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := ir.StripConvert(e).(type) {
	case *ir.Const:
		return e.Val == 0 || step(e)
	case *ir.Binary:
		return e.Op == ir.Mul && (step(e.X) || step(e.Y))
	case *ir.VarRef:
		init := singleDef(c, e.Var)
		return init != nil && multipleOf(c, init, step, depth+1)
	case *ir.Call:
		f := e.Fn
		if f == nil || f.Body == nil {
			return false
		}
		all := true
		n := 0
		ir.Inspect(f.Body, func(m ir.Node) bool {
			if r, ok := m.(*ir.Return); ok {
				n++
				all = all && r.X != nil && multipleOf(c, r.X, step, depth+1)
			}
			return all
		})
		return all && n > 0
	}
	return false
}

// singleDef returns the initial value of a local variable of c's function
// that is declared with one and never assigned, or nil.
func singleDef(c *context, v *ir.Var) ir.Expr {
	if v.Kind != ir.LocalVar || c.fn.Body == nil || assigns(c.fn.Body, v) {
		return nil
	}
	var init ir.Expr
	ir.Inspect(c.fn.Body, func(n ir.Node) bool {
		if d, ok := n.(*ir.DeclStmt); ok && d.Var == v {
			init = d.Init
		}
		return init == nil
	})
	return init
}

// assigns reports whether n assigns v (after its declaration).
func assigns(n ir.Node, v *ir.Var) bool {
	found := false
	ir.Inspect(n, func(m ir.Node) bool {
		if a, ok := m.(*ir.Assign); ok && a.Var == v {
			found = true
		}
		if u, ok := m.(*ir.UnknownStmt); ok {
			for _, w := range u.Writes {
				found = found || w == v
			}
		}
		return !found
	})
	return found
}

func isBuiltin(e ir.Expr, k ir.BuiltinKind) bool {
	b, ok := ir.StripConvert(e).(*ir.Builtin)
	return ok && b.Kind == k && b.Dim == 0
}

func isVar(e ir.Expr, v *ir.Var) bool {
	r, ok := ir.StripConvert(e).(*ir.VarRef)
	return ok && r.Var == v
}
