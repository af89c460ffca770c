package symex

import (
	"go/token"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// eval computes the value of e on st. Calls to device functions are
// inlined (their effects go into the trace); everything else is pure.
func (x *executor) eval(e ir.Expr, st *state) Value {
	switch e := e.(type) {
	case nil:
		return Value{}
	case *ir.Const:
		if _, ok := e.T.(*ir.BoolType); ok {
			return Value{T: sym.BoolConst(e.Val != 0)}
		}
		if it, ok := e.T.(*ir.IntType); ok {
			return Value{T: sym.Const(it.Bits, uint64(e.Val))}
		}
	case *ir.FloatConst:
		return Value{R: ratConst(e.Val).exactIn(e.T)}
	case *ir.Builtin:
		if e.Kind == ir.WarpSize {
			return Value{T: sym.Const(32, 32)}
		}
		return Value{T: x.t.Vars[e.Kind.String()+"."+"xyz"[e.Dim:e.Dim+1]].Term}
	case *ir.VarRef:
		return x.varRef(e, st)
	case *ir.Closure:
		return Value{C: e, Env: st.Env}
	case *ir.AddrOf:
		if _, isArr := e.Var.Type.(*ir.ArrayType); isArr {
			return x.varRef(&ir.VarRef{P: e.P, Var: e.Var}, st)
		}
		if isMemory(e.Var) {
			return Value{Ptr: &Pointer{Region: x.scalarRegion(e.Var), Off: sym.Const(64, 0)}}
		}
		if r := x.localRegion(e.Var); r != nil {
			// A local's bytes, read or written through a cast of its
			// address (a register vector zeroed element by element).
			return Value{Ptr: &Pointer{Region: r, Off: sym.Const(64, 0), Null: sym.False}}
		}
		return Value{Ptr: &Pointer{Off: sym.Const(64, 0), Null: sym.False}} // a local of unknown size: not a checked region
	case *ir.Unary:
		return x.unary(e, st)
	case *ir.Binary:
		return x.binary(e, st)
	case *ir.Convert:
		return x.convert(e, st)
	case *ir.Cond:
		// Each arm is evaluated only where it is taken: a guarded load
		// (i < n ? p[i] : 0) is checked under its guard.
		c := x.cond(e.C, st)
		return x.merge(c, x.evalUnder(e.X, st, c), x.evalUnder(e.Y, st, sym.BNot(c)))
	case *ir.Load:
		return x.access(e, e.Ptr, e.Index, e.Field, false, Value{}, st)
	case *ir.PtrAdd:
		return x.ptrAdd(e, st)
	case *ir.Call:
		return x.call(e, st)
	case *ir.Intrinsic:
		return x.intrinsic(e, st)
	case *ir.Atomic:
		x.eval(e.Val, st)
		x.eval(e.Cmp, st)
		x.access(e, e.Ptr, e.Index, "", true, Value{}, st)
		return x.freshVar("atomic", e.P, e.T)
	case *ir.Warp:
		mask := x.eval(e.Mask, st)
		x.eval(e.Val, st)
		x.eval(e.Lane, st)
		if e.Mask != nil && e.Sync {
			x.warpEvent(e, mask, st)
		}
		return x.freshVar("shfl", e.P, e.T)
	case *ir.Sync:
		mask := x.eval(e.Mask, st)
		x.eval(e.Pred, st)
		x.barrier(e, mask, st)
		return x.freshVar("sync", e.P, e.Type())
	case *ir.Unknown:
		x.t.Stats.Unknowns++
		return x.opaqueVar("unknown", e.P, e.T)
	case *ir.Field:
		if v := x.eval(e.X, st); v.S != nil {
			return x.field(v.S, e.Name, e.T, e.P)
		}
	case *ir.TemplateParamRef:
		if it, ok := e.T.(*ir.IntType); ok {
			v := x.t.register("template."+e.Name, it.Bits, Unknown, e.Name, e.P, it.Signed)
			x.t.Vars[v.Name].Uniform = true
			return Value{T: v}
		}
	}
	return x.opaqueVar("value", e.Pos(), e.Type())
}

// opaqueVar is a fresh value the engine could not evaluate (see
// VarInfo.Opaque): no finding may depend on it.
func (x *executor) opaqueVar(kind string, pos token.Pos, t ir.Type) Value {
	v := x.freshVar(kind, pos, t)
	x.markOpaque(v.T)
	if v.Ptr != nil {
		x.markOpaque(v.Ptr.Off)
	}
	return v
}

// opaqueBool is an opaque condition.
func (x *executor) opaqueBool(kind, display string, pos token.Pos) *sym.Term {
	c := x.t.register(x.name(kind), 0, Unknown, display, pos, false)
	x.markOpaque(c)
	return c
}

func (x *executor) markOpaque(t *sym.Term) {
	if t == nil {
		return
	}
	if info := x.t.Vars[t.Name]; info != nil {
		info.Opaque = true
	}
}

// evalUnder evaluates e on st with c added to the path condition (for
// conditionally evaluated operands). Variables it introduces are kept.
func (x *executor) evalUnder(e ir.Expr, st *state, c *sym.Term) Value {
	sub := st.Assume(c)
	if sub == nil {
		return x.freshVar("dead", e.Pos(), e.Type())
	}
	v := x.eval(e, sub)
	for k, val := range sub.Env {
		if _, ok := st.Env[k]; !ok {
			st.Env[k] = val
		}
	}
	return v
}

func isMemory(v *ir.Var) bool {
	return v.Kind == ir.SharedVar || v.Kind == ir.GlobalVar || v.Kind == ir.ConstVar
}

func (x *executor) varRef(e *ir.VarRef, st *state) Value {
	v := e.Var
	if at, ok := v.Type.(*ir.ArrayType); ok {
		if val, ok := st.Env[v]; ok {
			return val
		}
		return Value{Ptr: &Pointer{Region: x.arrayRegion(v, at), Off: sym.Const(64, 0)}}
	}
	if val, ok := st.Env[v]; ok {
		return val
	}
	val := x.freshVar(v.Name, e.P, v.Type)
	st.Env[v] = val
	return val
}

// cond evaluates a condition to a sym boolean (C truth: non-zero).
func (x *executor) cond(e ir.Expr, st *state) *sym.Term {
	return x.truth(x.eval(e, st), e)
}

func (x *executor) truth(v Value, e ir.Expr) *sym.Term {
	switch {
	case v.T != nil && v.T.IsBool():
		return v.T
	case v.T != nil:
		return sym.Ne(v.T, sym.Const(v.T.Width, 0))
	case v.R != nil:
		return sym.Ne(v.R.Num, sym.Const(64, 0))
	case v.Ptr != nil:
		if c := x.ptrTruth(v.Ptr, e.Pos()); c != nil {
			return c
		}
	}
	return x.opaqueBool("cond", "condition", e.Pos())
}

func (x *executor) unary(e *ir.Unary, st *state) Value {
	v := x.eval(e.X, st)
	switch e.Op {
	case ir.Not:
		return Value{T: sym.BNot(x.truth(v, e.X)), Ops: v.Ops}
	case ir.Neg:
		if v.R != nil {
			return Value{R: ratNeg(v.R)}
		}
		if it, ok := e.T.(*ir.IntType); ok && v.T != nil && !v.T.IsBool() {
			zero := sym.Const(v.T.Width, 0)
			op := x.op(e, sym.OpSubOvf, zero, v.T, it, st, v.Ops)
			return Value{T: sym.Neg(v.T), Ops: mergeOps(v.Ops, op)}
		}
	case ir.BitNot:
		if v.T != nil && !v.T.IsBool() {
			return Value{T: sym.Not(v.T), Ops: v.Ops}
		}
	}
	return Value{Ops: v.Ops}
}

var ovfKinds = map[ir.BinOp]sym.Op{ir.Add: sym.OpAddOvf, ir.Sub: sym.OpSubOvf, ir.Mul: sym.OpMulOvf, ir.Shl: sym.OpShl}

func (x *executor) binary(e *ir.Binary, st *state) Value {
	if e.Op == ir.LAnd || e.Op == ir.LOr {
		// C evaluates the right operand only when the left one does not
		// decide: i < n && p[i] > t reads p[i] only where i < n.
		a := x.eval(e.X, st)
		ca := x.truth(a, e.X)
		guard := ca
		if e.Op == ir.LOr {
			guard = sym.BNot(ca)
		}
		b := x.evalUnder(e.Y, st, guard)
		ops := mergeOps(a.Ops, b.Ops)
		if e.Op == ir.LAnd {
			return Value{T: sym.BAnd(ca, x.truth(b, e.Y)), Ops: ops}
		}
		return Value{T: sym.BOr(ca, x.truth(b, e.Y)), Ops: ops}
	}
	a, b := x.eval(e.X, st), x.eval(e.Y, st)
	ops := mergeOps(a.Ops, b.Ops)
	if a.R != nil && b.R != nil {
		return x.ratBinary(e, a.R, b.R, ops)
	}
	if a.Ptr != nil || b.Ptr != nil {
		return x.ptrCompare(e, a, b, ops)
	}
	if (e.Op == ir.Shl || e.Op == ir.Shr) && a.T != nil && b.T != nil && !a.T.IsBool() && !b.T.IsBool() {
		// The operands of a shift are promoted each on its own: num_elems
		// >> 2 shifts an int64_t by an int. The count takes the left
		// operand's width (a count past it is undefined anyway).
		b.T = sym.Resize(b.T, a.T.Width, false)
	}
	if a.T == nil || b.T == nil || a.T.IsBool() || b.T.IsBool() || a.T.Width != b.T.Width {
		if e.Op.IsComparison() {
			return Value{T: x.opaqueBool("cmp", "comparison", e.P), Ops: ops}
		}
		return x.opaqueOf(e, ops, a, b)
	}
	signed := isSigned(e.X.Type())
	if e.Op.IsComparison() {
		return Value{T: compare(e.Op, a.T, b.T, signed), Ops: ops}
	}
	it, ok := e.T.(*ir.IntType)
	if !ok {
		return x.opaque(e, ops)
	}
	if k, ok := ovfKinds[e.Op]; ok {
		ops = mergeOps(ops, x.op(e, k, a.T, b.T, it, st, ops))
	}
	if (e.Op == ir.Div || e.Op == ir.Rem) && b.T.Op != sym.OpConst {
		// A division by zero is undefined: what follows it on the path
		// holds only where the divisor is not zero (KLEE's rule), so no
		// finding is witnessed by the solver's x / 0. The slice is
		// copied: st.PC may share its array with another state's.
		st.PC = append(st.PC[:len(st.PC):len(st.PC)], sym.Ne(b.T, sym.Const(b.T.Width, 0)))
	}
	return Value{T: arith(e.Op, a.T, b.T, it.Signed), Ops: ops}
}

// ratBinary compares or combines two exact floating-point values.
func (x *executor) ratBinary(e *ir.Binary, a, b *Rat, ops []*Op) Value {
	switch e.Op {
	case ir.Lt:
		return Value{T: ratLess(a, b, false), Ops: ops}
	case ir.Le:
		return Value{T: ratLess(a, b, true), Ops: ops}
	case ir.Gt:
		return Value{T: ratLess(b, a, false), Ops: ops}
	case ir.Ge:
		return Value{T: ratLess(b, a, true), Ops: ops}
	case ir.Eq, ir.Ne:
		eq := sym.BAnd(ratLess(a, b, true), ratLess(b, a, true))
		if e.Op == ir.Ne {
			eq = sym.BNot(eq)
		}
		return Value{T: eq, Ops: ops}
	}
	if r := ratArith(e.Op, a, b).exactIn(e.T); r != nil {
		return Value{R: r, Ops: ops}
	}
	return x.opaqueOf(e, ops, Value{R: a}, Value{R: b})
}

// dimBound bounds the launch builtins by the hardware limits.
func dimBound(name string) (uint64, bool) {
	switch name {
	case "blockDim.x", "blockDim.y":
		return 1024, true
	case "blockDim.z":
		return 64, true
	case "threadIdx.x", "threadIdx.y":
		return 1023, true
	case "threadIdx.z":
		return 63, true
	}
	return 0, false
}

// intToRat returns the exact floating-point value of the integer v
// converted to float type t, or nil when it might round.
func intToRat(v *sym.Term, signed bool, t ir.Type) *Rat {
	m := mantissa(t)
	if m == 0 {
		return nil
	}
	if v.Width < int(m) {
		return &Rat{Num: sym.Resize(v, 64, signed), Den: 1, Max: 1 << v.Width}
	}
	if u, ok := upper(v, dimBound); ok && u < 1<<m {
		return &Rat{Num: sym.ZExt(v, 64), Den: 1, Max: u}
	}
	return nil
}

// ratToInt converts an exact floating-point value to integer type t
// (truncating towards zero, as C does), or returns nil when the value may
// not fit.
func ratToInt(r *Rat, t *ir.IntType) *sym.Term {
	if r.Max/r.Den >= 1<<(t.Bits-1) {
		return nil
	}
	q := r.Num
	if r.Den > 1 {
		q = sym.SDiv(r.Num, sym.Const(64, r.Den))
	}
	return sym.Resize(q, t.Bits, true)
}

// ratIntrinsic models floor, ceil, trunc, fmin and fmax on exact values.
func ratIntrinsic(e *ir.Intrinsic, args []Value) *Rat {
	for _, a := range args {
		if a.R == nil {
			return nil
		}
	}
	switch strings.TrimSuffix(e.Name, "f") {
	case "floor":
		if len(args) == 1 {
			return ratFloor(args[0].R).exactIn(e.T)
		}
	case "ceil":
		if len(args) == 1 {
			return ratNeg(ratFloor(ratNeg(args[0].R))).exactIn(e.T)
		}
	case "fmin", "fmax":
		if len(args) == 2 {
			a, b := args[0].R, args[1].R
			d := max(a.Den, b.Den)
			an, am := a.scaled(d)
			bn, bm := b.scaled(d)
			lt := ratLess(a, b, false)
			if e.Name[:4] == "fmax" {
				lt = sym.BNot(lt)
			}
			return (&Rat{Num: sym.Ite(lt, an, bn), Den: d, Max: max(am, bm)}).exactIn(e.T)
		}
	}
	return nil
}

func (x *executor) opaque(e ir.Expr, ops []*Op) Value {
	v := x.opaqueVar("value", e.Pos(), e.Type())
	v.Ops = ops
	return v
}

// opaqueOf is opaque for an operation on the values args: it records
// their variables (VarInfo.Of) when each argument is a term, an exact
// rational or a pointer with a known region; an argument that is none
// of them leaves the value a function of nothing known.
func (x *executor) opaqueOf(e ir.Expr, ops []*Op, args ...Value) Value {
	if _, isFloat := e.Type().(*ir.FloatType); isFloat {
		return pureOf(ops, args...)
	}
	v := x.opaque(e, ops)
	if v.T == nil {
		return v
	}
	p := pureOf(nil, args...)
	if !p.Pure {
		return v
	}
	if info := x.t.Vars[v.T.Name]; info != nil {
		info.Of = p.Of
		if len(p.Of) == 0 {
			// A function of constants only: the same in every thread.
			info.Uniform = true
		}
	}
	return v
}

func isSigned(t ir.Type) bool {
	it, ok := t.(*ir.IntType)
	return ok && it.Signed
}

func compare(op ir.BinOp, a, b *sym.Term, signed bool) *sym.Term {
	lt, le := sym.Ult, sym.Ule
	if signed {
		lt, le = sym.Slt, sym.Sle
	}
	switch op {
	case ir.Lt:
		return lt(a, b)
	case ir.Le:
		return le(a, b)
	case ir.Gt:
		return lt(b, a)
	case ir.Ge:
		return le(b, a)
	case ir.Eq:
		return sym.Eq(a, b)
	}
	return sym.Ne(a, b)
}

func arith(op ir.BinOp, a, b *sym.Term, signed bool) *sym.Term {
	switch op {
	case ir.Add:
		return sym.Add(a, b)
	case ir.Sub:
		return sym.Sub(a, b)
	case ir.Mul:
		return sym.Mul(a, b)
	case ir.Div:
		if signed {
			return sym.SDiv(a, b)
		}
		return sym.UDiv(a, b)
	case ir.Rem:
		if signed {
			return sym.SRem(a, b)
		}
		return sym.URem(a, b)
	case ir.Shl:
		return sym.Shl(a, b)
	case ir.Shr:
		if signed {
			return sym.AShr(a, b)
		}
		return sym.LShr(a, b)
	case ir.And:
		return sym.And(a, b)
	case ir.Or:
		return sym.Or(a, b)
	}
	return sym.Xor(a, b)
}

func (x *executor) ptrCompare(e *ir.Binary, a, b Value, ops []*Op) Value {
	if c, ok := x.nullCompare(e.Op, a.Ptr, b.Ptr, e.P); ok {
		return Value{T: c, Ops: ops}
	}
	if e.Op.IsComparison() && a.Ptr != nil && b.Ptr != nil && a.Ptr.Region == b.Ptr.Region && a.Ptr.Region != nil {
		return Value{T: compare(e.Op, a.Ptr.Off, b.Ptr.Off, true), Ops: ops}
	}
	if e.Op.IsComparison() {
		return Value{T: x.opaqueBool("cmp", "pointer comparison", e.P), Ops: ops}
	}
	return x.opaque(e, ops)
}

// op records an overflow-prone operation and returns it as a list.
func (x *executor) op(n ir.Expr, kind sym.Op, a, b *sym.Term, it *ir.IntType, st *state, in []*Op) []*Op {
	o := &Op{Node: n, Pos: n.Pos(), Kind: kind, X: a, Y: b, Signed: it.Signed, Type: it,
		PC: append([]*sym.Term(nil), st.PC...), Inline: append([]token.Pos(nil), x.inline...), In: in}
	x.t.Ops = append(x.t.Ops, o)
	return []*Op{o}
}

func (x *executor) convert(e *ir.Convert, st *state) Value {
	v := x.eval(e.X, st)
	if v.C != nil {
		return v // a lambda converted to its own closure type
	}
	if _, ok := e.T.(*ir.ArrayType); ok && v.Ptr != nil {
		return v // an array row bound to a reference (int (&h)[N] = buf[0])
	}
	switch t := e.T.(type) {
	case *ir.FloatType:
		var r *Rat
		switch {
		case v.R != nil:
			r = v.R.exactIn(t)
		case v.T != nil && !v.T.IsBool():
			r = intToRat(v.T, isSigned(e.X.Type()), t)
		default:
			return pureOf(v.Ops, v)
		}
		if r == nil {
			return pureOf(v.Ops, v)
		}
		return Value{R: r, Ops: v.Ops}
	case *ir.IntType:
		x.clobber(v) // a pointer's address as an integer escapes
		switch {
		case v.R != nil:
			if q := ratToInt(v.R, t); q != nil {
				return Value{T: q, Ops: v.Ops}
			}
		case v.T != nil && v.T.IsBool():
			return Value{T: sym.Ite(v.T, sym.Const(t.Bits, 1), sym.Const(t.Bits, 0)), Ops: v.Ops}
		case v.T != nil:
			out := sym.Resize(v.T, t.Bits, isSigned(e.X.Type()))
			ops := v.Ops
			// A narrowing conversion, or an unsigned value converted to the
			// signed type of its width (the grid-stride (unsigned)i + stride
			// stored back into int), can change the value. Signed to
			// unsigned is left alone: (unsigned)(i - lo) < n is a
			// deliberate range check.
			// Only a source the lowering typed as an integer narrows: a
			// value of a type it does not know (a struct field read through
			// an `auto&` it could not type, FlashInfer's temp_storage.
			// sampled_id) has no width of its own to lose.
			// A value the source spells as literals (int mask = idx == 3 ?
			// 0xFF000000 : ...) is a bit pattern its author chose, not a
			// size that grew.
			_, intSrc := e.X.Type().(*ir.IntType)
			if intSrc && !literalValued(e.X) && (t.Bits < v.T.Width || (t.Bits == v.T.Width && !isSigned(e.X.Type()) && t.Signed)) {
				ops = mergeOps(ops, x.truncOp(e, v.T, t, st, v.Ops))
			}
			return Value{T: out, Ops: ops}
		}
	case *ir.BoolType:
		return Value{T: x.truth(v, e.X), Ops: v.Ops}
	case *ir.PointerType:
		if v.Ptr != nil {
			return v
		}
		if c, ok := constOf(v); ok && c == 0 {
			return nullPtr()
		}
	}
	return x.opaqueOf(e, v.Ops, v)
}

// literalValued reports whether every value e can take is a literal of
// the source: a constant, or a choice between such values (the condition
// may be anything), through conversions.
func literalValued(e ir.Expr) bool {
	switch e := e.(type) {
	case *ir.Const:
		return true
	case *ir.Convert:
		return literalValued(e.X)
	case *ir.Cond:
		return literalValued(e.X) && literalValued(e.Y)
	}
	return false
}

// truncOp records a narrowing conversion (its X is the wide source value;
// it "overflows" when the value does not survive the narrowing).
func (x *executor) truncOp(e *ir.Convert, src *sym.Term, t *ir.IntType, st *state, in []*Op) []*Op {
	o := &Op{Node: e, Pos: e.P, Kind: sym.OpTrunc, X: src, Signed: isSigned(e.X.Type()), Type: t,
		PC: append([]*sym.Term(nil), st.PC...), Inline: append([]token.Pos(nil), x.inline...), In: in}
	x.t.Ops = append(x.t.Ops, o)
	return []*Op{o}
}

// sink records a use of overflow-prone operations.
func (x *executor) sink(kind SinkKind, pos token.Pos, ops []*Op) {
	if len(ops) > 0 {
		x.t.Sinks = append(x.t.Sinks, &Sink{Kind: kind, Pos: pos, Ops: ops})
	}
}
