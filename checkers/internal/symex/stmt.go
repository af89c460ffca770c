package symex

import (
	"go/token"

	"github.com/cudavet/cudavet/checkers/internal/interp"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// The executor is the core's Interp (package interp): the core runs
// blocks, branches, switches, break, continue, return and assume, and
// merges the paths; the executor evaluates, runs the other statements
// and summarises loops.

// block executes statements in order; it returns the state that falls
// through (nil when every path left by return, break or continue).
func (x *executor) block(b *ir.Block, st *state) *state { return x.m.Block(b, st) }

// Step charges one statement; past MaxSteps (or once the context is
// done) the trace is Truncated.
func (x *executor) Step() bool { return x.step() }

// Live: a device path ends only by return, break or continue.
func (x *executor) Live(*state) bool { return true }

// Cond is the truth of a condition.
func (x *executor) Cond(e ir.Expr, st *state) *sym.Term { return x.cond(e, st) }

// Eval is the value of an expression.
func (x *executor) Eval(e ir.Expr, st *state) Value { return x.eval(e, st) }

// Loop summarises a loop (loop.go).
func (x *executor) Loop(l *ir.Loop, st *state) *state { return x.loop(l, st) }

// Merge is ite(c, a, b) on values.
func (x *executor) Merge(c *sym.Term, a, b Value) Value { return x.merge(c, a, b) }

// merge is mergeValue, recording the regions a merge loses (stored.go).
func (x *executor) merge(c *sym.Term, a, b Value) Value {
	m := mergeValue(c, a, b)
	if m.Ptr == nil || m.Ptr.Region == nil {
		x.clobber(a)
		x.clobber(b)
	}
	return m
}

// MergeX merges the barrier epochs of two paths.
func (x *executor) MergeX(c *sym.Term, a, b epochs) epochs { return a.merge(c, b) }

// Return records a return in the executing function's frame; a return of
// the kernel itself is a thread's exit.
func (x *executor) Return(st *state, v Value) {
	fr := x.frames[len(x.frames)-1]
	fr.returns = append(fr.returns, st)
	fr.retVals = append(fr.retVals, v)
	if len(x.frames) == 1 {
		x.exits = append(x.exits, sym.BAnd(st.PC...))
	}
}

// CaseCond is tag == val, or an opaque condition when either is not an
// integer of the tag's width.
func (x *executor) CaseCond(tag Value, val ir.Expr, c *ir.Case, st *state) *sym.Term {
	if tag.T != nil {
		cv := x.eval(val, st)
		if cv.T != nil && cv.T.Width == tag.T.Width {
			return sym.Eq(tag.T, cv.T)
		}
	}
	return x.opaqueBool("case", "case", c.P)
}

// Simple runs the statements that do not move control.
func (x *executor) Simple(s ir.Stmt, st *state) *state {
	switch s := s.(type) {
	case *ir.DeclStmt:
		x.decl(s, st)
	case *ir.Assign:
		x.assign(s, st)
	case *ir.Store:
		val := x.eval(s.Val, st)
		x.access(s, s.Ptr, s.Index, s.Field, true, val, st)
	case *ir.ExprStmt:
		x.eval(s.X, st)
	case *ir.UnknownStmt:
		x.t.Stats.Unknowns++
		for _, v := range s.Writes {
			x.clobber(st.Env[v])
			if r := x.regions[v]; r != nil {
				x.clobber(Value{Ptr: &Pointer{Region: r}})
			}
			st.Env[v] = x.opaqueVar("unknown", s.P, v.Type)
		}
	case *ir.Launch:
		// Host code: launches are the launcher analysis's business.
	}
	return st
}

func (x *executor) decl(s *ir.DeclStmt, st *state) {
	v := s.Var
	if at, ok := v.Type.(*ir.ArrayType); ok {
		if v.Ref && s.Init != nil {
			// A reference to an array (auto& h = s_hist_buf[0]) names
			// the array it is bound to.
			if val := x.eval(s.Init, st); val.Ptr != nil {
				st.Env[v] = val
				return
			}
		}
		st.Env[v] = Value{Ptr: &Pointer{Region: x.arrayRegion(v, at), Off: sym.Const(64, 0)}}
		return
	}
	if s.Init == nil {
		st.Env[v] = x.freshVar("uninit."+v.Name, s.P, v.Type)
		return
	}
	val := x.eval(s.Init, st)
	if val.T == nil && val.Ptr == nil && val.R == nil && val.C == nil && !val.Pure {
		val = x.freshVar(v.Name, s.P, v.Type)
	}
	st.Env[v] = val
}

// arrayRegion returns the region of a __shared__, local or __constant__
// array: its declared length, or, for extern __shared__ T s[], the
// launch's dynamic shared memory.
func (x *executor) arrayRegion(v *ir.Var, at *ir.ArrayType) *Region {
	if r := x.regions[v]; r != nil {
		return r
	}
	space := ir.Local
	switch v.Kind {
	case ir.SharedVar:
		space = ir.Shared
	case ir.ConstVar:
		space = ir.Constant
	case ir.GlobalVar:
		space = ir.Global
	}
	r := &Region{Name: v.Name, Space: space, Var: v, ElemSize: sizeOr1(at.Elem)}
	switch {
	case at.Len >= 0 && at.Size() >= 0:
		r.Bytes = sym.Const(64, uint64(at.Size()))
	case at.Len < 0 && v.Kind == ir.SharedVar && x.spec.Smem != nil:
		r.Bytes = x.spec.Smem
	}
	x.t.Regions = append(x.t.Regions, r)
	x.regions[v] = r
	return r
}

// scalarRegion returns the one-element region of a memory-resident
// scalar (a __shared__ or __device__ variable).
func (x *executor) scalarRegion(v *ir.Var) *Region {
	if r := x.regions[v]; r != nil {
		return r
	}
	space := ir.Global
	if v.Kind == ir.SharedVar {
		space = ir.Shared
	}
	r := &Region{Name: v.Name, Space: space, Var: v, ElemSize: sizeOr1(v.Type)}
	if s := v.Type.Size(); s > 0 {
		r.Bytes = sym.Const(64, uint64(s))
	}
	x.t.Regions = append(x.t.Regions, r)
	x.regions[v] = r
	return r
}

// localRegion returns the region of a local variable whose address is
// taken, in bytes (its contents are not tracked: loads through it are
// unknown values); nil when its size is not known.
func (x *executor) localRegion(v *ir.Var) *Region {
	if r := x.regions[v]; r != nil {
		return r
	}
	s := v.Type.Size()
	if s <= 0 || v.Kind != ir.LocalVar {
		return nil
	}
	r := &Region{Name: v.Name, Space: ir.Local, Var: v, ElemSize: 1, Bytes: sym.Const(64, uint64(s))}
	x.t.Regions = append(x.t.Regions, r)
	x.regions[v] = r
	return r
}

func (x *executor) assign(s *ir.Assign, st *state) {
	val := x.eval(s.X, st)
	if s.Field != "" {
		// A field of a struct or vector variable: its value is opaque.
		x.clobber(val)
		if st.Env[s.Var].S != nil {
			// A params struct the kernel writes no longer holds what
			// the launch stored.
			st.Env[s.Var] = Value{}
		}
		return
	}
	if val.T == nil && val.Ptr == nil && val.R == nil && !val.Pure {
		val = x.freshVar(s.Var.Name, s.P, s.Var.Type)
	}
	st.Env[s.Var] = val
}

// mergeValue is ite(c, a, b) on values.
func mergeValue(c *sym.Term, a, b Value) Value {
	ops := mergeOps(a.Ops, b.Ops)
	switch {
	case a.T != nil && b.T != nil && a.T.Width == b.T.Width:
		return Value{T: sym.Ite(c, a.T, b.T), Ops: ops}
	case a.Ptr != nil && b.Ptr != nil:
		if p, ok := mergeNull(c, a.Ptr, b.Ptr); ok {
			return Value{Ptr: p, Ops: ops}
		}
		n := mergedNull(c, a.Ptr, b.Ptr)
		if a.Ptr.Region == b.Ptr.Region {
			return Value{Ptr: &Pointer{Region: a.Ptr.Region, Off: sym.Ite(c, a.Ptr.Off, b.Ptr.Off), Null: n}, Ops: ops}
		}
		return Value{Ptr: &Pointer{Off: sym.Ite(c, a.Ptr.Off, b.Ptr.Off), Null: n}, Ops: ops}
	case a.C != nil && a.C == b.C:
		return Value{C: a.C, Env: a.Env}
	case a.S != nil && a.S == b.S:
		return Value{S: a.S}
	case a.R != nil && b.R != nil && a.R.Den == b.R.Den:
		return Value{R: &Rat{Num: sym.Ite(c, a.R.Num, b.R.Num), Den: a.R.Den, Max: max(a.R.Max, b.R.Max)}, Ops: ops}
	}
	return Value{Ops: ops}
}

// joinAll merges states that reach one point from different paths, each
// derived from base (interp.Join).
func (x *executor) joinAll(base *state, sts []*state) *state {
	return interp.Join[Value, epochs](x, base, sts...)
}

// posLabel is how a variable's name refers to a position: one plus its
// offset in the file of the function executing (the kernel, or the inlined
// callee), which is the token.Pos itself when that file is the first one
// loaded. Never the bare token.Pos: it shifts with every file loaded
// before, and Z3's path through a query at its work limit depends on the
// names, so a kernel's answers would depend on what else the run analyses.
func (x *executor) posLabel(p token.Pos) int {
	fn := x.t.Func
	if len(x.frames) > 0 && x.frames[len(x.frames)-1].fn != nil {
		fn = x.frames[len(x.frames)-1].fn
	}
	if fn != nil && fn.File != nil && fn.File.Tok != nil {
		if tf := fn.File.Tok; int(p) >= tf.Base() && int(p) <= tf.Base()+tf.Size() {
			return int(p) - tf.Base() + 1
		}
	}
	return int(p)
}

func (x *executor) name(kind string) string {
	x.fresh++
	return kind + "#" + itoa(x.fresh)
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}
