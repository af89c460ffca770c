package symex

import (
	"fmt"
	"go/token"

	"github.com/cudavet/cudavet/checkers/internal/interp"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// access records a load, store or atomic of ptr[index] and returns the
// loaded value (a fresh variable: memory contents are not tracked).
func (x *executor) access(n ir.Node, ptrE, idxE ir.Expr, field string, write bool, val Value, st *state) Value {
	p := x.eval(ptrE, st)
	idx := x.eval(idxE, st)
	elem := ir.Elem(ptrE.Type())
	if elem == nil {
		elem = &ir.UnknownType{}
	}
	var result ir.Type = elem
	if l, ok := n.(*ir.Load); ok {
		result = l.T
	}
	if p.Ptr == nil {
		if write {
			x.t.LostWrites = append(x.t.LostWrites, n.Pos())
			x.clobber(val)
		}
		return x.freshVar("load", n.Pos(), result)
	}
	size := elem.Size()
	off, ops := x.offset(p, idx, size, isSigned(idxE.Type()))
	x.sink(SinkIndex, n.Pos(), idx.Ops)
	x.sink(SinkOffset, n.Pos(), p.Ops)
	if write && (p.Ptr.Region == nil || size <= 0) {
		x.t.LostWrites = append(x.t.LostWrites, n.Pos())
		x.clobber(val)
	}
	if p.Ptr.Region != nil && size > 0 {
		a := x.newAccess(n, p.Ptr, off, size, write, elem, append([]*sym.Term(nil), st.PC...), ops, st)
		a.Index = idx.T
		if vt, ok := elem.(*ir.VectorType); ok && vt.Size() > 0 && vt.Size()%2 == 0 {
			a.Align, a.Vector = vt.Align, vt.String()
			if a.Align <= 0 {
				a.Align = vt.Size()
			}
		}
		if write {
			switch {
			case val.Ptr != nil && val.Ptr.Region != nil:
				a.Stored, a.StoredIn = val.Ptr.Off, val.Ptr.Region
				if val.Ptr.Null != nil {
					// Null or the offset: all 1s is no offset a region has.
					a.Stored = sym.Ite(val.Ptr.Null, sym.Const(64, ^uint64(0)), val.Ptr.Off)
				}
			case val.Ptr == nil && val.T != nil:
				a.Stored = val.T
			}
		}
		x.t.Accesses = append(x.t.Accesses, a)
		if !write {
			v := x.load(p.Ptr.Region, off, n.Pos(), result)
			a.Value = v.T
			return v
		}
	}
	if write {
		return Value{}
	}
	return x.freshVar("load", n.Pos(), result)
}

// newAccess is an access of size bytes at byte offset off of p's region,
// by the thread in st (its epochs), on path pc, inside the calls being
// inlined.
func (x *executor) newAccess(n ir.Node, p *Pointer, off *sym.Term, size int64, write bool, elem ir.Type, pc []*sym.Term, ops []*Op, st *state) *Access {
	return &Access{Node: n, Pos: n.Pos(), Region: p.Region, Off: off, Size: size, Write: write, Elem: elem,
		PC: pc, Ops: ops, Inline: append([]token.Pos(nil), x.inline...),
		Epoch: st.X.block, WarpEpoch: st.X.warp, GridEpoch: st.X.grid, Null: nullOf(p)}
}

// load returns the value a load from r at byte offset off reads: a fresh
// unknown, or for an index region (Region.Index) an input in [Floor,
// size) that a witness may choose, the same one for every load at that
// offset (the kernel does not write the region: a const parameter, or
// one it never writes through).
func (x *executor) load(r *Region, off *sym.Term, pos token.Pos, t ir.Type) Value {
	it, ok := t.(*ir.IntType)
	if r.Index == nil || !ok || off == nil {
		return x.freshVar("load", pos, t)
	}
	if v, ok := r.loaded[off.Key()]; ok {
		return v
	}
	x.fresh++
	name := fmt.Sprintf("%s[]#%d", r.Name, x.fresh)
	v := x.t.register(name, it.Bits, Data, r.Name+"[…]", pos, it.Signed)
	info := x.t.Vars[name]
	info.Source, info.Index, info.Offset = "an entry of "+r.Name, true, off
	w := sym.Resize(v, 64, it.Signed)
	x.t.Assumptions = append(x.t.Assumptions, sym.Sle(sym.Int(64, r.Floor), w), sym.Slt(w, r.Index))
	if r.loaded == nil {
		r.loaded = map[string]Value{}
	}
	r.loaded[off.Key()] = Value{T: v}
	return Value{T: v}
}

// offset returns p's byte offset plus idx elements of size bytes; the
// index extends to 64 bits by its own type's signedness, as C does.
func (x *executor) offset(p, idx Value, size int64, signed bool) (*sym.Term, []*Op) {
	ops := mergeOps(p.Ops, idx.Ops)
	if idx.T == nil || idx.T.IsBool() || size <= 0 {
		return x.t.register(x.name("offset"), 64, Unknown, "offset", token.NoPos, true), ops
	}
	i64 := sym.Resize(idx.T, 64, signed)
	return sym.Add(p.Ptr.Off, sym.Mul(i64, sym.Const(64, uint64(size)))), ops
}

func (x *executor) ptrAdd(e *ir.PtrAdd, st *state) Value {
	p := x.eval(e.Ptr, st)
	off := x.eval(e.Off, st)
	x.sink(SinkOffset, e.P, off.Ops)
	if p.Ptr == nil {
		return x.freshVar("pointer", e.P, e.T)
	}
	elem := ir.Elem(e.Ptr.Type())
	size := int64(1)
	if elem != nil && elem.Size() > 0 {
		size = elem.Size()
	}
	if off.T == nil || off.T.IsBool() {
		return Value{Ptr: &Pointer{Region: p.Ptr.Region, Off: x.t.register(x.name("offset"), 64, Unknown, "offset", e.P, true), Null: p.Ptr.Null}, Ops: mergeOps(p.Ops, off.Ops)}
	}
	o := sym.Resize(off.T, 64, isSigned(e.Off.Type()))
	return Value{Ptr: &Pointer{Region: p.Ptr.Region, Off: sym.Add(p.Ptr.Off, sym.Mul(o, sym.Const(64, uint64(size)))), Null: p.Ptr.Null}, Ops: mergeOps(p.Ops, off.Ops)}
}

// call inlines a device function (bounded depth, no recursion); other
// calls produce fresh values.
func (x *executor) call(e *ir.Call, st *state) Value {
	args := make([]Value, len(e.Args))
	f := e.Fn
	for i, a := range e.Args {
		if ld, ok := a.(*ir.Load); ok && f != nil && i < len(f.Params) && f.Params[i].Ref && isAggregate(ld.T) {
			// A struct or array bound to a reference parameter (a kernel's
			// __shared__ cub TempStorage handed to a device helper): the
			// binding reads nothing, and the callee's member reads go through
			// its own expressions.
			x.eval(ld.Ptr, st)
			x.eval(ld.Index, st)
			args[i] = x.freshVar("ref", a.Pos(), ld.T)
			continue
		}
		args[i] = x.eval(a, st)
	}
	if cl, cargs := closureOf(e, args); cl != nil && cl.C.Body != nil && len(x.frames) <= x.opts.MaxInline {
		return x.callClosure(e, cl, cargs, st)
	}
	if f == nil || f.Body == nil || f.Kind == ir.Host || len(x.frames) > x.opts.MaxInline || x.onStack(f) {
		if f != nil && f.Body != nil {
			x.t.Stats.InlineCut++
			x.cutShared(f)
		}
		for _, a := range args {
			x.clobber(a)
		}
		if f == nil && (e.Closure != nil || e.Name == "" || e.Name == "operator()") {
			// A lambda, a functor or a pointer not resolved (or too deep
			// to run): it may store to any variable it names.
			x.unresolvedCalls = true
		}
		return x.opaqueVar("call", e.P, e.T)
	}
	callee := interp.NewState[Value](st.PC, st.X)
	for i, p := range f.Params {
		if i < len(args) {
			callee.Env[p] = args[i]
		}
	}
	fr := x.runFrame(f, f.Body, callee, e.P)
	x.refOut(e, f, fr, st)
	st.X = returnEpochs(fr, st)
	return x.returnValue(e, fr, st)
}

// runFrame runs body (of f; nil for a lambda) from the callee state, as
// inlined at the call at pos, and returns its frame: the states of its
// returns, the fall-through end among them.
func (x *executor) runFrame(f *ir.Func, body *ir.Block, callee *state, pos token.Pos) *frame {
	fr := &frame{fn: f}
	x.frames = append(x.frames, fr)
	x.inline = append(x.inline, pos)
	end := x.m.Call(body, callee)
	x.inline = x.inline[:len(x.inline)-1]
	x.frames = x.frames[:len(x.frames)-1]
	if end != nil {
		fr.returns = append(fr.returns, end)
		fr.retVals = append(fr.retVals, Value{})
	}
	return fr
}

func (x *executor) onStack(f *ir.Func) bool {
	for _, fr := range x.frames {
		if fr.fn == f {
			return true
		}
	}
	return false
}

// returnValue merges the values of the callee's returns: ite over the
// path conditions each return added.
func (x *executor) returnValue(e *ir.Call, fr *frame, st *state) Value {
	var out *Value
	for i := len(fr.returns) - 1; i >= 0; i-- {
		v := fr.retVals[i]
		if v.T == nil && v.Ptr == nil {
			v = x.freshVar("ret", e.P, e.T)
		}
		if out == nil {
			out = &v
			continue
		}
		rs := fr.returns[i]
		extra := sym.BAnd(rs.PC[min(len(st.PC), len(rs.PC)):]...)
		m := x.merge(extra, v, *out)
		out = &m
	}
	if out == nil {
		return x.freshVar("ret", e.P, e.T)
	}
	return *out
}

// refOut copies reference parameters back to the caller's variables.
func (x *executor) refOut(e *ir.Call, f *ir.Func, fr *frame, st *state) {
	for i, p := range f.Params {
		if !p.Ref || i >= len(e.Args) {
			continue
		}
		if r, ok := e.Args[i].(*ir.VarRef); ok {
			st.Env[r.Var] = x.freshVar(r.Var.Name, e.P, r.Var.Type)
		}
	}
}

// intrinsic models the integer builtins that matter for indices (min,
// max); the others produce fresh values.
func (x *executor) intrinsic(e *ir.Intrinsic, st *state) Value {
	args := make([]Value, len(e.Args))
	for i, a := range e.Args {
		args[i] = x.eval(a, st)
	}
	it, isInt := e.T.(*ir.IntType)
	switch ir.ByteOp(e.Name) {
	case "memcpy":
		if len(args) == 3 {
			x.bytes(e, args[1], args[2], false, Value{}, st)
			x.bytes(e, args[0], args[2], true, Value{}, st)
			return args[0]
		}
	case "memset":
		if len(args) == 3 {
			x.bytes(e, args[0], args[2], true, args[1], st)
			return args[0]
		}
	}
	switch e.Name {
	case "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax":
		if isInt && len(args) == 2 && args[0].T != nil && args[1].T != nil &&
			args[0].T.Width == it.Bits && args[1].T.Width == it.Bits {
			a, b := args[0].T, args[1].T
			lt := sym.Ult(a, b)
			if it.Signed {
				lt = sym.Slt(a, b)
			}
			if e.Name[len(e.Name)-3:] == "max" {
				lt = sym.BNot(lt)
			}
			return Value{T: sym.Ite(lt, a, b), Ops: mergeOps(args[0].Ops, args[1].Ops)}
		}
	}
	if r := ratIntrinsic(e, args); r != nil {
		return Value{R: r}
	}
	for _, a := range args {
		x.clobber(a)
	}
	return x.opaqueVar(e.Name, e.P, e.T)
}

// maxCopyBytes bounds the constant length of a copy recorded as one
// access; a longer one is recorded by its first and last bytes.
const maxCopyBytes = 1 << 16

// bytes records the n bytes at p that memcpy, memmove or memset (node e)
// reads or writes: one access of n bytes when n is a constant, else its
// first and its last byte, on the path where n > 0 (the bytes between lie
// in the same region when both ends do). A memset's value byte is its
// stored value when it is a constant (every byte the same).
func (x *executor) bytes(e ir.Node, p, n Value, write bool, val Value, st *state) {
	if p.Ptr == nil || p.Ptr.Region == nil || n.T == nil || n.T.IsBool() {
		if write {
			x.t.LostWrites = append(x.t.LostWrites, e.Pos())
		}
		return
	}
	x.sink(SinkOffset, e.Pos(), p.Ops)
	ops := mergeOps(p.Ops, n.Ops)
	rec := func(off *sym.Term, size int64, pc []*sym.Term) {
		a := x.newAccess(e, p.Ptr, off, size, write, ir.Char, pc, ops, st)
		if write && val.T != nil && val.Ptr == nil {
			if _, ok := val.T.Const(); ok {
				a.Stored = val.T
			}
		}
		x.t.Accesses = append(x.t.Accesses, a)
	}
	pc := append([]*sym.Term(nil), st.PC...)
	if c, ok := n.T.Const(); ok && c <= maxCopyBytes {
		if c > 0 {
			rec(p.Ptr.Off, int64(c), pc)
		}
		return
	}
	n64 := sym.Resize(n.T, 64, false)
	pc = append(pc, sym.Ugt(n64, sym.Const(64, 0)))
	rec(p.Ptr.Off, 1, pc)
	rec(sym.Add(p.Ptr.Off, sym.Sub(n64, sym.Const(64, 1))), 1, pc)
}

// isAggregate reports a struct or array type.
func isAggregate(t ir.Type) bool {
	switch t.(type) {
	case *ir.StructType, *ir.ArrayType:
		return true
	}
	return false
}
