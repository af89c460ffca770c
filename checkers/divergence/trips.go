package divergence

import "github.com/cudavet/cudavet/frontend/ir"

// uniformTrips reports a block-stride loop whose trip count is the same in
// every thread although its condition depends on threadIdx.x:
//
//	for (int i = threadIdx.x; i < B; i += blockDim.x)   with B = k · blockDim.x, k uniform
//
// Thread t < blockDim.x runs i = t, t + blockDim.x, … while i < k·blockDim.x:
// exactly k iterations (none when k ≤ 0). Kernels round the bound up that
// way on purpose so that every thread reaches the barrier in the body the
// same number of times (vec_iters = ceil(n / blockDim.x) · blockDim.x). B
// may be a local variable initialised once with such a product and never
// assigned again.
func uniformTrips(c *context, l *ir.Loop) bool {
	if l.Kind != ir.ForLoop || l.Init == nil || l.Post == nil || len(l.Init.Stmts) != 1 || len(l.Post.Stmts) != 1 {
		return false
	}
	d, ok := l.Init.Stmts[0].(*ir.DeclStmt)
	if !ok || d.Init == nil || !isBuiltin(d.Init, ir.ThreadIdx) {
		return false
	}
	v := d.Var
	cond, ok := strip(l.Cond).(*ir.Binary)
	if !ok || cond.Op != ir.Lt || !isVar(cond.X, v) || c.exprs[cond.Y].Level != Uniform || !blockMultiple(c, cond.Y, 0) {
		return false
	}
	post, ok := l.Post.Stmts[0].(*ir.Assign)
	if !ok || post.Var != v || post.Field != "" {
		return false
	}
	step, ok := strip(post.X).(*ir.Binary)
	if !ok || step.Op != ir.Add || !isVar(step.X, v) || !isBuiltin(step.Y, ir.BlockDim) {
		return false
	}
	return !assigns(l.Body, v)
}

// blockMultiple reports whether e is k · blockDim.x (either order), or a
// local variable defined once as such.
func blockMultiple(c *context, e ir.Expr, depth int) bool {
	switch e := strip(e).(type) {
	case *ir.Binary:
		return e.Op == ir.Mul && (isBuiltin(e.X, ir.BlockDim) || isBuiltin(e.Y, ir.BlockDim))
	case *ir.VarRef:
		if depth > 4 || e.Var.Kind != ir.LocalVar || c.fn.Body == nil || assigns(c.fn.Body, e.Var) {
			return false
		}
		var init ir.Expr
		ir.Inspect(c.fn.Body, func(n ir.Node) bool {
			if d, ok := n.(*ir.DeclStmt); ok && d.Var == e.Var {
				init = d.Init
			}
			return init == nil
		})
		return init != nil && blockMultiple(c, init, depth+1)
	}
	return false
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

func strip(e ir.Expr) ir.Expr {
	for {
		cv, ok := e.(*ir.Convert)
		if !ok {
			return e
		}
		e = cv.X
	}
}

func isBuiltin(e ir.Expr, k ir.BuiltinKind) bool {
	b, ok := strip(e).(*ir.Builtin)
	return ok && b.Kind == k && b.Dim == 0
}

func isVar(e ir.Expr, v *ir.Var) bool {
	r, ok := strip(e).(*ir.VarRef)
	return ok && r.Var == v
}
