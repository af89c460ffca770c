package divergence

import (
	"go/token"
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// SkipThenExit reports whether the threads that do not reach node at (a
// barrier, a warp collective, or the call through which one is reached,
// in Func's body) leave the kernel without synchronising again: Func is a
// kernel, at sits under at least one thread-dependent if, and for every
// such if on the path to at
//
//   - its condition's level is at most max (WarpUniform: whole warps skip,
//     and exit as a whole; Divergent: lanes of a warp may skip too),
//   - no loop encloses it (a thread that skips would come round again),
//   - its other branch holds no block or grid barrier (the warps that
//     take it run another role, as warp-specialised producer/consumer
//     kernels do; their own shared-memory traffic is ordered by other
//     means, and a mismatch of block barriers there is roleSplit's),
//   - everything after the if up to the end of the kernel holds no
//     barrier, warp collective, shared-memory access, inline asm or call
//     to a device function holding one of them (the skipped barrier
//     would be what orders them).
//
// A thread that skips then runs to the kernel's exit, and since Volta a
// barrier waits only for the threads that have not exited: skipping and
// exiting is the same as returning early. Switches, ?:, && and || and
// thread-dependent loops on the path make the answer false (the caller
// keeps its finding).
func (r *Result) SkipThenExit(at ir.Node, max Level) bool {
	if r.root == nil || r.fn.Kind != ir.Kernel {
		return false
	}
	path := pathTo(r.fn.Body, at)
	if path == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	x := &exitScan{c: r.root, max: max, clean: map[*ir.Func]int{}, shared: sharedLocals(r.fn.Body)}
	return x.skipThenExit(path, at)
}

type exitScan struct {
	c      *context
	max    Level
	clean  map[*ir.Func]int // 1 while visited, 2 clean, 3 not clean
	shared map[*ir.Var]bool // locals that may point into shared memory
}

// sharedLocals returns the local variables of body assigned a value that
// mentions a shared array or another such local (float* row = smem + k).
func sharedLocals(body *ir.Block) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	mentions := func(e ir.Expr) bool {
		found := false
		ir.Inspect(e, func(n ir.Node) bool {
			var v *ir.Var
			switch n := n.(type) {
			case *ir.VarRef:
				v = n.Var
			case *ir.AddrOf:
				v = n.Var
			}
			if v != nil && (v.Kind == ir.SharedVar || out[v]) {
				found = true
			}
			return !found
		})
		return found
	}
	for changed := true; changed; {
		changed = false
		ir.Inspect(body, func(n ir.Node) bool {
			var v *ir.Var
			var e ir.Expr
			switch n := n.(type) {
			case *ir.DeclStmt:
				v, e = n.Var, n.Init
			case *ir.Assign:
				v, e = n.Var, n.X
			}
			if v != nil && e != nil && !out[v] && mentions(e) {
				out[v], changed = true, true
			}
			return true
		})
	}
	return out
}

func (x *exitScan) skipThenExit(path []ir.Node, at ir.Node) bool {
	inner := -1 // index of the innermost thread-dependent if
	loop := false
	for j, n := range path {
		child := at
		if j+1 < len(path) {
			child = path[j+1]
		}
		switch n := n.(type) {
		case *ir.Loop:
			if x.divergent(n.Cond) {
				return false
			}
			loop = true
		case *ir.Switch:
			if x.divergent(n.Tag) {
				return false
			}
		case *ir.Binary:
			if (n.Op == ir.LAnd || n.Op == ir.LOr) && x.divergent(n.X) {
				return false
			}
		case *ir.Cond:
			if x.divergent(n.C) {
				return false
			}
		case *ir.If:
			if !x.divergent(n.Cond) {
				continue
			}
			if loop || x.c.exprs[n.Cond].Level > x.max {
				return false
			}
			other := ir.Node(n.Else)
			if child != ir.Node(n.Then) {
				other = n.Then
			}
			if !x.noBlockSync(other) {
				return false
			}
			inner = j
		}
	}
	if inner < 0 {
		return false
	}
	// The skipping threads run the rest of every block above the
	// innermost thread-dependent if.
	for j := 0; j < inner; j++ {
		b, ok := path[j].(*ir.Block)
		if !ok {
			continue
		}
		after := false
		for _, s := range b.Stmts {
			if after && !x.cleanNode(s) {
				return false
			}
			if ir.Node(s) == path[j+1] {
				after = true
			}
		}
	}
	return true
}

func (x *exitScan) divergent(e ir.Expr) bool {
	return e != nil && x.c.exprs[e].Level != Uniform
}

// noBlockSync reports whether n, and the device functions it calls, hold
// no block or grid barrier.
func (x *exitScan) noBlockSync(n ir.Node) bool {
	if n == nil || isNil(n) {
		return true
	}
	ok := true
	seen := map[*ir.Func]bool{}
	var visit func(ir.Node)
	visit = func(n ir.Node) {
		ir.Inspect(n, func(m ir.Node) bool {
			switch m := m.(type) {
			case *ir.Closure:
				return false
			case *ir.Sync:
				if m.Kind == ir.SyncBlock || m.Kind == ir.SyncGrid {
					ok = false
				}
			case *ir.Call:
				if f := m.Fn; f != nil && f.Body != nil && f.Kind != ir.Host && !seen[f] {
					seen[f] = true
					visit(f.Body)
				}
			}
			return ok
		})
	}
	visit(n)
	return ok
}

// cleanNode reports whether n holds no barrier, warp collective,
// shared-memory access, inline asm or call to a function holding one.
func (x *exitScan) cleanNode(n ir.Node) bool {
	if n == nil || isNil(n) {
		return true
	}
	ok := true
	ir.Inspect(n, func(m ir.Node) bool {
		if !ok {
			return false
		}
		switch m := m.(type) {
		case *ir.Closure:
			return false
		case *ir.Sync, *ir.Warp:
			ok = false
		case *ir.UnknownStmt:
			ok = !strings.Contains(m.Reason, "asm")
		case *ir.VarRef:
			ok = m.Var == nil || (m.Var.Kind != ir.SharedVar && !x.shared[m.Var])
		case *ir.AddrOf: // a __shared__ scalar is read and written through its address
			ok = m.Var == nil || (m.Var.Kind != ir.SharedVar && !x.shared[m.Var])
		case *ir.Load:
			ok = !sharedPtr(m.Ptr)
		case *ir.Store:
			ok = !sharedPtr(m.Ptr)
		case *ir.Atomic:
			ok = !sharedPtr(m.Ptr)
		case *ir.Call:
			ok = x.cleanCall(m)
		}
		return ok
	})
	return ok
}

// cleanCall: a device function with body is clean when its body is
// (recursion counts as clean); a call without body is clean unless its
// name says it synchronises.
func (x *exitScan) cleanCall(c *ir.Call) bool {
	fn := c.Fn
	if fn == nil || fn.Body == nil {
		name := strings.ToLower(c.Name)
		return !strings.Contains(name, "sync") && !strings.Contains(name, "barrier")
	}
	if fn.Kind == ir.Host {
		return true
	}
	switch x.clean[fn] {
	case 1, 2:
		return true
	case 3:
		return false
	}
	x.clean[fn] = 1
	v := x.cleanNode(fn.Body)
	x.clean[fn] = 3
	if v {
		x.clean[fn] = 2
	}
	return v
}

// sharedPtr reports whether a pointer expression is typed as shared.
// Pointers into shared memory kept in local variables are caught by the
// VarRef of the shared array they come from where that is in the scanned
// code; a pointer made before the skip and typed generic is not.
func sharedPtr(p ir.Expr) bool {
	if p == nil {
		return false
	}
	t, ok := p.Type().(*ir.PointerType)
	return ok && t.Space == ir.Shared
}

func isNil(n ir.Node) bool {
	switch n := n.(type) {
	case *ir.Block:
		return n == nil
	case *ir.If:
		return n == nil
	}
	return false
}

// pathTo returns the nodes from root down to at's parent, or nil when at
// is not under root.
func pathTo(root *ir.Block, at ir.Node) []ir.Node {
	var stack, found []ir.Node
	var walk func(n ir.Node) bool
	walk = func(n ir.Node) bool {
		if n == at {
			found = append([]ir.Node(nil), stack...)
			return true
		}
		if _, ok := n.(*ir.Closure); ok {
			return false
		}
		stack = append(stack, n)
		for _, c := range ir.Children(n) {
			if walk(c) {
				return true
			}
		}
		stack = stack[:len(stack)-1]
		return false
	}
	if root == nil || !walk(root) {
		return nil
	}
	return found
}

// SkipThenExitFrom is SkipThenExit for a node reached through the device
// calls at the positions inline (outermost first, as symex records them):
// the node checked in Func's body is the call at inline[0].
func (r *Result) SkipThenExitFrom(inline []token.Pos, at ir.Node, max Level) bool {
	if len(inline) == 0 {
		return r.SkipThenExit(at, max)
	}
	if r.root == nil {
		return false
	}
	var call ir.Node
	ir.Inspect(r.fn.Body, func(n ir.Node) bool {
		if c, ok := n.(*ir.Call); ok && c.P == inline[0] && call == nil {
			call = c
		}
		return call == nil
	})
	return call != nil && r.SkipThenExit(call, max)
}
