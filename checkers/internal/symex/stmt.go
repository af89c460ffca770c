package symex

import (
	"go/token"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// block executes statements in order; it returns the state that falls
// through (nil when every path left by return, break or continue).
func (x *executor) block(b *ir.Block, st *state) *state {
	if b == nil {
		return st
	}
	for _, s := range b.Stmts {
		if st == nil || !x.step() {
			return nil
		}
		st = x.stmt(s, st)
	}
	return st
}

func (x *executor) stmt(s ir.Stmt, st *state) *state {
	switch s := s.(type) {
	case *ir.Block:
		return x.block(s, st)
	case *ir.DeclStmt:
		x.decl(s, st)
	case *ir.Assign:
		x.assign(s, st)
	case *ir.Store:
		val := x.eval(s.Val, st)
		x.access(s, s.Ptr, s.Index, s.Field, true, val, st)
	case *ir.ExprStmt:
		x.eval(s.X, st)
	case *ir.If:
		return x.ifStmt(s, st)
	case *ir.Loop:
		return x.loop(s, st)
	case *ir.Switch:
		return x.switchStmt(s, st)
	case *ir.Break:
		if n := len(x.loops); n > 0 {
			x.loops[n-1].breaks = append(x.loops[n-1].breaks, st)
		}
		return nil
	case *ir.Continue:
		for i := len(x.loops) - 1; i >= 0; i-- {
			if !x.loops[i].isSwitch {
				x.loops[i].continues = append(x.loops[i].continues, st)
				break
			}
		}
		return nil
	case *ir.Return:
		fr := x.frames[len(x.frames)-1]
		var v Value
		if s.X != nil {
			v = x.eval(s.X, st)
		}
		fr.returns = append(fr.returns, st)
		fr.retVals = append(fr.retVals, v)
		if len(x.frames) == 1 {
			x.exits = append(x.exits, sym.BAnd(st.pc...))
		}
		return nil
	case *ir.Assume:
		c := x.cond(s.Cond, st)
		return st.assume(c)
	case *ir.UnknownStmt:
		x.t.Stats.Unknowns++
		for _, v := range s.Writes {
			st.env[v] = x.opaqueVar("unknown", s.P, v.Type)
		}
	case *ir.Launch:
		// Host code: launches are the launcher analysis's business.
	}
	return st
}

func (x *executor) decl(s *ir.DeclStmt, st *state) {
	v := s.Var
	if at, ok := v.Type.(*ir.ArrayType); ok {
		st.env[v] = Value{Ptr: &Pointer{Region: x.arrayRegion(v, at), Off: sym.Const(64, 0)}}
		return
	}
	if s.Init == nil {
		st.env[v] = x.freshVar("uninit."+v.Name, s.P, v.Type)
		return
	}
	val := x.eval(s.Init, st)
	if val.T == nil && val.Ptr == nil && val.R == nil {
		val = x.freshVar(v.Name, s.P, v.Type)
	}
	st.env[v] = val
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

func (x *executor) assign(s *ir.Assign, st *state) {
	val := x.eval(s.X, st)
	if s.Field != "" {
		// A field of a struct or vector variable: its value is opaque.
		return
	}
	if val.T == nil && val.Ptr == nil && val.R == nil {
		val = x.freshVar(s.Var.Name, s.P, s.Var.Type)
	}
	st.env[s.Var] = val
}

func (x *executor) ifStmt(s *ir.If, st *state) *state {
	c := x.cond(s.Cond, st)
	thenSt := st.assume(c)
	elseSt := st.assume(sym.BNot(c))
	var t, e *state
	if thenSt != nil {
		t = x.block(s.Then, thenSt)
	}
	if elseSt != nil {
		e = elseSt
		if s.Else != nil {
			e = x.stmt(s.Else, elseSt)
		}
	}
	return x.join(st, c, t, e)
}

// join merges the states after a two-way branch on c from base: values
// become ite(c, then, else); the path condition keeps what the branches
// added, as a disjunction.
func (x *executor) join(base *state, c *sym.Term, t, e *state) *state {
	switch {
	case t == nil:
		return e
	case e == nil:
		return t
	}
	out := &state{env: map[*ir.Var]Value{}, pc: append([]*sym.Term(nil), base.pc...), ep: t.ep.merge(c, e.ep)}
	te, ee := t.pc[len(base.pc):], e.pc[len(base.pc):]
	if !(len(te) == 1 && len(ee) == 1 && te[0].Key() == c.Key() && ee[0].Key() == sym.BNot(c).Key()) {
		out.pc = append(out.pc, sym.BOr(sym.BAnd(te...), sym.BAnd(ee...)))
	}
	for v, tv := range t.env {
		ev, ok := e.env[v]
		if !ok {
			continue // declared in one branch only: out of scope
		}
		out.env[v] = mergeValue(c, tv, ev)
	}
	return out
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
	case a.R != nil && b.R != nil && a.R.Den == b.R.Den:
		return Value{R: &Rat{Num: sym.Ite(c, a.R.Num, b.R.Num), Den: a.R.Den, Max: max(a.R.Max, b.R.Max)}, Ops: ops}
	}
	return Value{Ops: ops}
}

// joinAll merges states that reach one point from different paths, each
// derived from base by adding to its path condition: the merged path
// condition is base ∧ (e1 ∨ e2 ∨ …) and each value is the ite chain over
// the extras e_i (the later state wins where several hold).
func (x *executor) joinAll(base *state, sts []*state) *state {
	var out *state
	for _, s := range sts {
		if s == nil {
			continue
		}
		if out == nil {
			out = s
			continue
		}
		out = x.join2(base, out, s)
	}
	return out
}

// join2 merges two states derived from base.
func (x *executor) join2(base, a, b *state) *state {
	pc, eb := sym.JoinPC(base.pc, a.pc, b.pc)
	out := &state{env: map[*ir.Var]Value{}, pc: pc, ep: b.ep.merge(eb, a.ep)}
	for v, bv := range b.env {
		av, ok := a.env[v]
		if !ok {
			continue // declared on one path only: out of scope
		}
		out.env[v] = mergeValue(eb, bv, av)
	}
	return out
}

func (x *executor) switchStmt(s *ir.Switch, st *state) *state {
	tag := x.eval(s.Tag, st)
	// Each case's own match condition; the default is entered when no
	// case value matches (plus its own values, if it shares a label).
	conds := make([]*sym.Term, len(s.Cases))
	var matched []*sym.Term
	for i, c := range s.Cases {
		cond := sym.False
		for _, v := range c.Values {
			if tag.T != nil {
				cv := x.eval(v, st)
				if cv.T != nil && cv.T.Width == tag.T.Width {
					cond = sym.BOr(cond, sym.Eq(tag.T, cv.T))
					continue
				}
			}
			cond = sym.BOr(cond, x.opaqueBool("case", "case", c.P))
		}
		conds[i] = cond
		matched = append(matched, cond)
	}
	none := sym.BNot(sym.BOr(matched...))
	hasDefault := false
	for i, c := range s.Cases {
		if c.Default {
			conds[i] = sym.BOr(conds[i], none)
			hasDefault = true
		}
	}
	x.loops = append(x.loops, &loopCtx{isSwitch: true})
	var fall *state
	for i, c := range s.Cases {
		entry := x.joinAll(st, []*state{st.assume(conds[i]), fall})
		fall = x.block(&ir.Block{Stmts: c.Body}, entry)
	}
	lc := x.loops[len(x.loops)-1]
	x.loops = x.loops[:len(x.loops)-1]
	var skip *state
	if !hasDefault {
		skip = st.assume(none)
	}
	return x.joinAll(st, append(append([]*state{fall, skip}, lc.breaks...), lc.continues...))
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
