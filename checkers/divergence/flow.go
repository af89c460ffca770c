package divergence

import "github.com/cudavet/cudavet/frontend/ir"

// The facts of variables are flow-insensitive (the join of every value a
// variable is ever given), which is sound but reads a value that was just
// overwritten as the one before: a search loop's bound reset from a
// shared broadcast after each iteration,
//
//	do {
//	  lo = per-thread minimum;                 // divergent
//	  if (tid == 0) s.lo = lo;
//	  __syncthreads();
//	  lo = s.lo;                               // uniform again
//	} while (lo < hi);
//
// made the loop's trip count divergent and its barriers findings. A
// walker therefore also keeps, for the scalar locals whose every write is
// a plain assignment (killable), the fact of the value they hold at the
// point it has reached (walker.cur): an assignment replaces it, a branch
// joins its arms', and a loop or switch forgets the variables it assigns
// (their values come from any iteration or case: the flow-insensitive
// fact). A loop's condition is evaluated where it runs: on entry, and
// after the body and the post statement (per round of the fixpoint, the
// latter kept in context.conds for the next round's body control).

// killableVars returns the scalar locals of f whose every write is an
// assignment or a declaration: never addressed (&x), never bound to a
// reference parameter of a device function (written through it by the
// callee), never a reference themselves.
func killableVars(f *ir.Func) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	not := map[*ir.Var]bool{}
	if f == nil || f.Body == nil {
		return out
	}
	ir.Inspect(f.Body, func(n ir.Node) bool {
		switch n := n.(type) {
		case *ir.DeclStmt:
			v := n.Var
			if _, arr := v.Type.(*ir.ArrayType); v.Kind == ir.LocalVar && !v.Ref && !arr {
				out[v] = true
			}
		case *ir.AddrOf:
			not[n.Var] = true
		case *ir.Call:
			for i, a := range n.Args {
				r, ok := a.(*ir.VarRef)
				if !ok {
					continue
				}
				// A device function's reference parameter writes back
				// (call: storeTo); an external function's are not modelled.
				if n.Fn != nil && n.Fn.Body != nil && (i >= len(n.Fn.Params) || n.Fn.Params[i].Ref) {
					not[r.Var] = true
				}
			}
		}
		return true
	})
	for v := range not {
		delete(out, v)
	}
	return out
}

// forget drops the current facts of vs (and of what they alias): reads
// fall back to the flow-insensitive fact.
func (w *walker) forget(vs []*ir.Var) {
	for _, v := range vs {
		delete(w.cur, v)
		if a := w.resolve(v); a != nil {
			delete(w.cur, a)
		}
	}
}

// snapshot copies the current facts.
func (w *walker) snapshot() map[*ir.Var]Fact {
	out := make(map[*ir.Var]Fact, len(w.cur))
	for v, f := range w.cur {
		out[v] = f
	}
	return out
}

// meet is the current facts after two paths join: a variable known on
// both keeps the join of its facts; one known on one path only falls back
// to its flow-insensitive fact.
func meet(a, b map[*ir.Var]Fact) map[*ir.Var]Fact {
	out := map[*ir.Var]Fact{}
	for v, fa := range a {
		if fb, ok := b[v]; ok {
			out[v] = join(fa, fb)
		}
	}
	return out
}

// setCur records that killable v now holds a value of fact f.
func (w *walker) setCur(v *ir.Var, f Fact) {
	if w.c.killable[v] {
		w.cur[v] = f
	}
}

// stmtWrites is what a loop or switch writes, as the walkers forget it.
type stmtWrites struct {
	assigned  []*ir.Var
	continues bool // a loop's body holds a continue of it
}

// writesOf returns (computing once) what loop or switch s writes.
func (c *context) writesOf(s ir.Stmt) stmtWrites {
	if sw, ok := c.writes[s]; ok {
		return sw
	}
	sw := stmtWrites{assigned: ir.AssignedVars(s)}
	if l, ok := s.(*ir.Loop); ok {
		sw.continues = hasContinue(stmts(l.Body))
	}
	c.writes[s] = sw
	return sw
}

// hasContinue reports whether ss hold a continue of the loop they are the
// body of (not one of a nested loop).
func hasContinue(ss []ir.Stmt) bool {
	found := false
	var walk func(n ir.Node) bool
	walk = func(n ir.Node) bool {
		switch n.(type) {
		case *ir.Loop:
			return false
		case *ir.Continue:
			found = true
		}
		return !found
	}
	for _, s := range ss {
		ir.Inspect(s, walk)
	}
	return found
}
