package launch

import (
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/interp"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// eval computes the value of a host expression on st.
func (x *executor) eval(e ir.Expr, st *state) value {
	switch e := e.(type) {
	case nil:
		return value{}
	case *ir.Const:
		switch t := e.T.(type) {
		case *ir.BoolType:
			return value{t: sym.BoolConst(e.Val != 0)}
		case *ir.IntType:
			return value{t: sym.Const(t.Bits, uint64(e.Val))}
		}
	case *ir.StringLit:
		return value{str: &strval{lit: e.Val, known: true}}
	case *ir.VarRef:
		if v, ok := st.Env[e.Var]; ok {
			return v
		}
		if e.Var.Kind == ir.GlobalVar || e.Var.Kind == ir.ConstVar {
			return x.unknown(e.Var.Name, e.P, e.Var.Type)
		}
		v := x.unknown(e.Var.Name, e.P, e.Var.Type)
		st.Env[e.Var] = v
		return v
	case *ir.Unary:
		return x.unary(e, st)
	case *ir.Binary:
		return x.binary(e, st)
	case *ir.Convert:
		return x.convert(e, st)
	case *ir.Cond:
		return x.condExpr(e, st)
	case *ir.PtrAdd:
		p, off := x.eval(e.Ptr, st), x.eval(e.Off, st)
		if p.ptr != nil && off.t != nil && !off.t.IsBool() {
			elem := p.ptr.elem
			if elem == 0 {
				elem = 1
			}
			o := sym.Mul(sym.Resize(off.t, 64, isSigned(e.Off.Type())), sym.Const(64, uint64(elem)))
			return value{ptr: &pointer{ten: p.ptr.ten, off: sym.Add(p.ptr.off, o), elem: p.ptr.elem, telem: p.ptr.telem, null: p.ptr.null, view: p.ptr.view}}
		}
		return value{}
	case *ir.Dim3Lit:
		var d [3]*sym.Term
		for i, c := range []ir.Expr{e.X, e.Y, e.Z} {
			d[i] = sym.Const(32, 1)
			if c == nil {
				continue
			}
			v := x.eval(c, st)
			if v.t == nil || v.t.IsBool() {
				v = x.unknown("dim3", e.P, ir.Uint)
			}
			d[i] = sym.Resize(v.t, 32, false)
		}
		return value{dim3: &d}
	case *ir.InitList:
		var l []*sym.Term
		for _, el := range e.Elems {
			v := x.eval(el, st)
			if v.t == nil || v.t.IsBool() {
				return value{}
			}
			l = append(l, sym.Resize(v.t, 64, isSigned(el.Type())))
		}
		return value{list: l}
	case *ir.Field:
		v := x.eval(e.X, st)
		if v.dim3 != nil {
			if i := fieldIndex(e.Name); i >= 0 {
				return value{t: v.dim3[i]}
			}
		}
		if f, ok := v.rec[e.Name]; ok {
			return f
		}
		return x.unknown(e.Name, e.P, e.T)
	case *ir.Call:
		return x.call(e, st)
	case *ir.Intrinsic:
		return x.intrinsic(e, st)
	case *ir.Load:
		p := x.eval(e.Ptr, st)
		x.eval(e.Index, st)
		if p.ten != nil && isTensorType(e.T) {
			return p // opt->: the pointer to the tensor, dereferenced
		}
		return x.because(x.unknown("load", e.P, e.T), causeData)
	case *ir.Unknown:
		x.cut["unknown host expressions"]++
		return x.unknown("unknown", e.P, e.T)
	}
	return x.unknown("value", e.Pos(), e.Type())
}

// cond evaluates a condition to a sym boolean (C truth: non-zero).
func (x *executor) cond(e ir.Expr, st *state) *sym.Term {
	v := x.eval(e, st)
	if c := truthOf(v, e.Type()); c != nil {
		return c
	}
	switch {
	case v.t != nil && v.t.IsBool():
		return v.t
	case v.t != nil:
		return sym.Ne(v.t, sym.Const(v.t.Width, 0))
	}
	return x.newVar("condition", false, unknownVar, 0, false, e.Pos())
}

func isSigned(t ir.Type) bool {
	it, ok := t.(*ir.IntType)
	return ok && it.Signed
}

func (x *executor) unary(e *ir.Unary, st *state) value {
	v := x.eval(e.X, st)
	if v.t == nil {
		return x.unknown("unary", e.P, e.T)
	}
	switch e.Op {
	case ir.Not:
		return value{t: sym.BNot(truth(v.t))}
	case ir.Neg:
		if !v.t.IsBool() {
			return value{t: sym.Neg(v.t)}
		}
	case ir.BitNot:
		if !v.t.IsBool() {
			return value{t: sym.Not(v.t)}
		}
	}
	return x.unknown("unary", e.P, e.T)
}

func truth(t *sym.Term) *sym.Term {
	if t.IsBool() {
		return t
	}
	return sym.Ne(t, sym.Const(t.Width, 0))
}

// signedOp records r = p op q, a sum or difference computed in a signed
// 64-bit type, for exactFor, and returns r. Sizes are below 2^38: such a
// sum wraps only through an unknown value near 2^63. Products and 32-bit
// arithmetic are left as they are: a launcher's int m * k that wraps in
// its own check is a bug of the launcher, not a value no caller passes.
func (x *executor) signedOp(r *sym.Term, ovf sym.Op, p, q *sym.Term, signed bool) *sym.Term {
	if !signed || r.Width != 64 || r.Op == sym.OpConst {
		return r
	}
	if o := sym.Overflows(ovf, p, q, true); !o.IsFalse() {
		x.exact[r.Key()] = sym.BNot(o)
	}
	return r
}

// exactFor returns the "does not overflow" of each signed 64-bit + and -
// the conditions cs contain. A launcher's check passes through its
// arithmetic as written: TORCH_CHECK(shift + n <= out.numel()) bounds
// shift by out.numel() - n, and is not passed by a shift near 2^63 whose
// sum wraps negative (signed overflow is undefined; no caller relies on
// it). Left out, such a shift made an out[shift + i] kernel's indices
// wrap in the witness search.
func (x *executor) exactFor(cs []*sym.Term) []*sym.Term {
	if len(x.exact) == 0 {
		return nil
	}
	var out []*sym.Term
	seen := map[*sym.Term]bool{}
	added := map[string]bool{}
	var walk func(t *sym.Term)
	walk = func(t *sym.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.Op == sym.OpAdd || t.Op == sym.OpSub {
			k := t.Key()
			if e, ok := x.exact[k]; ok && !added[k] {
				added[k] = true
				out = append(out, e)
			}
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, c := range cs {
		walk(c)
	}
	return out
}

func (x *executor) binary(e *ir.Binary, st *state) value {
	a, b := x.eval(e.X, st), x.eval(e.Y, st)
	if v, ok := nullCompare(e.Op, a, b); ok {
		return v
	}
	if e.Op == ir.Eq || e.Op == ir.Ne {
		c := x.strEq(x.stringOperand(e.X, a), x.stringOperand(e.Y, b))
		if c == nil {
			c = x.sameShape(a, b)
		}
		if c != nil {
			if e.Op == ir.Ne {
				c = sym.BNot(c)
			}
			return value{t: c}
		}
	}
	switch e.Op {
	case ir.LAnd, ir.LOr:
		if a.t == nil || b.t == nil {
			return x.unknown("condition", e.P, e.T)
		}
		if e.Op == ir.LAnd {
			return value{t: sym.BAnd(truth(a.t), truth(b.t))}
		}
		return value{t: sym.BOr(truth(a.t), truth(b.t))}
	}
	if a.t == nil || b.t == nil || a.t.IsBool() || b.t.IsBool() {
		return x.unknown("binary", e.P, e.T)
	}
	signed := isSigned(e.X.Type())
	p, q := a.t, b.t
	if (e.Op == ir.Eq || e.Op == ir.Ne) && p.Width != q.Width {
		// Operands C does not promote, since one is not an integer type:
		// x.dtype() (a caffe2::TypeMeta, its scalar type here) compared
		// with at::ScalarType::Float through an overloaded operator==.
		w := max(p.Width, q.Width)
		p, q = sym.Resize(p, w, signed), sym.Resize(q, w, isSigned(e.Y.Type()))
	}
	if e.Op != ir.Shl && e.Op != ir.Shr && p.Width != q.Width {
		return x.unknown("binary", e.P, e.T)
	}
	if e.Op == ir.Shl || e.Op == ir.Shr {
		q = sym.Resize(q, p.Width, false)
	}
	switch e.Op {
	case ir.Add:
		return value{t: x.signedOp(sym.Add(p, q), sym.OpAddOvf, p, q, signed)}
	case ir.Sub:
		return value{t: x.signedOp(sym.Sub(p, q), sym.OpSubOvf, p, q, signed)}
	case ir.Mul:
		x.packing(p, q)
		x.packing(q, p)
		return value{t: sym.Mul(p, q)}
	case ir.Div:
		if r := x.exactQuotient(a, b); r != nil {
			return value{t: sym.Resize(r, p.Width, true)}
		}
		if a.numelOf != nil {
			if w := x.rowsQuotient(a.numelOf, q); w != nil {
				return value{t: sym.Resize(w, p.Width, true), factors: []*sym.Term{w}}
			}
		}
		if signed {
			return value{t: sym.SDiv(p, q)}
		}
		return value{t: sym.UDiv(p, q)}
	case ir.Rem:
		if signed {
			return value{t: sym.SRem(p, q)}
		}
		return value{t: sym.URem(p, q)}
	case ir.Shl:
		return value{t: sym.Shl(p, q)}
	case ir.Shr:
		if signed {
			return value{t: sym.AShr(p, q)}
		}
		return value{t: sym.LShr(p, q)}
	case ir.And:
		return value{t: sym.And(p, q)}
	case ir.Or:
		return value{t: sym.Or(p, q)}
	case ir.Xor:
		return value{t: sym.Xor(p, q)}
	case ir.Eq:
		return value{t: sym.Eq(p, q)}
	case ir.Ne:
		return value{t: sym.Ne(p, q)}
	case ir.Lt:
		return value{t: lt(p, q, signed)}
	case ir.Le:
		return value{t: sym.BNot(lt(q, p, signed))}
	case ir.Gt:
		return value{t: lt(q, p, signed)}
	case ir.Ge:
		return value{t: sym.BNot(lt(p, q, signed))}
	}
	return x.unknown("binary", e.P, e.T)
}

// packing notes a dimension d of a parameter tensor multiplied by a
// power of two k from 2 to 32: a packed width (AWQ's
// `_kernel.size(1) * 8`, Marlin's `qweight.size(1) * pack_factor`) when
// the tensor turns out to hold integers (hvar.packed, applied by the spec
// builder). Read as a model width, the packed dimension made the unpacked
// one 8 times a real model's.
func (x *executor) packing(d, k *sym.Term) {
	c, ok := k.Const()
	if !ok || c < 2 || c > 32 || c&(c-1) != 0 {
		return
	}
	v := stripResize(d)
	if v.Op != sym.OpVar {
		return
	}
	if h := x.vars[v.Name]; h != nil && h.kind == sizeVar && h.ten != nil && isParam(h.ten.name) && h.packed == 0 {
		h.packed = int64(c)
	}
}

func lt(p, q *sym.Term, signed bool) *sym.Term {
	if signed {
		return sym.Slt(p, q)
	}
	return sym.Ult(p, q)
}

// exactQuotient divides a product of sizes by one of its factors
// (numel / size(-1)): the factors cannot overflow, so the quotient is the
// product of the others. It returns nil when b is not a factor of a.
func (x *executor) exactQuotient(a, b value) *sym.Term {
	if len(a.factors) == 0 || b.t == nil {
		return nil
	}
	fs := x.expand(a.factors)
	bk := stripResize(b.t).Key()
	for i, f := range fs {
		if stripResize(f).Key() == bk {
			rest := sym.Const(64, 1)
			for j, g := range fs {
				if j != i {
					rest = sym.Mul(rest, g)
				}
			}
			return rest
		}
	}
	return nil
}

// stripResize removes the extensions and truncations around a variable
// ((int64_t)(int)x.size(-1) is x.size(-1): sizes fit every integer type
// the code converts them through). Other terms are returned as they are.
func stripResize(t *sym.Term) *sym.Term {
	u := t
	for u.Op == sym.OpZExt || u.Op == sym.OpSExt || u.Op == sym.OpTrunc {
		u = u.Args[0]
	}
	if u.Op == sym.OpVar {
		return u
	}
	return t
}

func (x *executor) convert(e *ir.Convert, st *state) value {
	v := x.eval(e.X, st)
	switch t := e.T.(type) {
	case *ir.IntType:
		switch {
		case v.t != nil && v.t.IsBool():
			return value{t: sym.Ite(v.t, sym.Const(t.Bits, 1), sym.Const(t.Bits, 0))}
		case v.t != nil:
			out := value{t: sym.Resize(v.t, t.Bits, isSigned(e.X.Type()))}
			if t.Bits == 64 {
				out.factors, out.numelOf = v.factors, v.numelOf
			}
			return out
		}
	case *ir.BoolType:
		if c := truthOf(v, e.X.Type()); c != nil {
			return value{t: c}
		}
		if v.t != nil {
			return value{t: truth(v.t)}
		}
	case *ir.PointerType:
		if v.ptr != nil {
			elem := t.Elem.Size()
			if elem < 0 {
				elem = 0
			}
			if _, isInt := t.Elem.(*ir.IntType); isInt && v.ptr.ten != nil && !v.ptr.ten.typed {
				v.ptr.ten.ints = true // (const int32_t*)qweight.data_ptr()
			}
			return value{ptr: &pointer{ten: v.ptr.ten, off: v.ptr.off, elem: elem, telem: v.ptr.telem, null: v.ptr.null, view: v.ptr.view}}
		}
		if c, ok := constant(v); ok && c == 0 {
			return nullPointer()
		}
	default:
		if isDim3(e.T) && v.t != nil && !v.t.IsBool() {
			one := sym.Const(32, 1)
			return value{dim3: &[3]*sym.Term{sym.Resize(v.t, 32, false), one, one}}
		}
		if v.known() {
			return v // records, references, tensors: the same value
		}
	}
	return x.unknown("conversion", e.P, e.T)
}

func (x *executor) intrinsic(e *ir.Intrinsic, st *state) value {
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = x.eval(a, st)
	}
	name := strings.TrimPrefix(e.Name, "std::")
	if v, ok := minMax(name, args, e.T); ok {
		return v
	}
	if v, ok := gcd(name, args, e.T); ok {
		return v
	}
	return x.because(x.unknown(e.Name, e.P, e.T), causeCall)
}

// maxGCDConst bounds the constant operand gcd expands over its divisors.
const maxGCDConst = 4096

// gcd computes std::gcd (and libstdc++'s std::__gcd) of two integers when
// both are constants, or when one is a constant c (16 / sizeof(DType): a
// launcher's vector width, std::gcd(16 / sizeof(T), d)): then it is the
// largest divisor of c that divides the other operand, a choice over c's
// divisors. Other forms are not computed.
func gcd(name string, args []value, t ir.Type) (value, bool) {
	name, _, _ = strings.Cut(name, "<")
	it, ok := t.(*ir.IntType)
	if (name != "gcd" && name != "__gcd") || !ok || len(args) != 2 || args[0].t == nil || args[1].t == nil || args[0].t.IsBool() || args[1].t.IsBool() {
		return value{}, false
	}
	a, b := sym.Resize(args[0].t, it.Bits, it.Signed), sym.Resize(args[1].t, it.Bits, it.Signed)
	abs := func(c uint64, w int) uint64 {
		if v := sym.SignExtend(c, w); it.Signed && v < 0 {
			return uint64(-v)
		}
		return c
	}
	ca, aok := a.Const()
	cb, bok := b.Const()
	var other *sym.Term // the symbolic operand
	var c uint64        // the constant one
	switch {
	case aok && bok:
		p, q := abs(ca, it.Bits), abs(cb, it.Bits)
		for q != 0 {
			p, q = q, p%q
		}
		return value{t: sym.Const(it.Bits, p)}, true
	case aok:
		other, c = b, abs(ca, it.Bits)
	case bok:
		other, c = a, abs(cb, it.Bits)
	default:
		return value{}, false
	}
	if c == 0 || c > maxGCDConst {
		return value{}, false
	}
	rem := sym.URem
	if it.Signed {
		rem = sym.SRem
	}
	zero := sym.Const(it.Bits, 0)
	out := sym.Const(it.Bits, 1)
	for d := uint64(2); d <= c; d++ {
		if c%d != 0 {
			continue
		}
		divides := sym.Eq(rem(other, sym.Const(it.Bits, d)), zero)
		if d&(d-1) == 0 { // a power of two divides x when x's low bits are 0
			divides = sym.Eq(sym.And(other, sym.Const(it.Bits, d-1)), zero)
		}
		out = sym.Ite(divides, sym.Const(it.Bits, d), out)
	}
	return value{t: out}, true
}

// minMax computes min and max of integers.
func minMax(name string, args []value, t ir.Type) (value, bool) {
	it, ok := t.(*ir.IntType)
	if !ok || len(args) != 2 || args[0].t == nil || args[1].t == nil || args[0].t.IsBool() || args[1].t.IsBool() {
		return value{}, false
	}
	a, b := sym.Resize(args[0].t, it.Bits, it.Signed), sym.Resize(args[1].t, it.Bits, it.Signed)
	switch name {
	case "min", "umin", "llmin", "ullmin":
		return value{t: sym.Ite(lt(a, b, it.Signed), a, b)}, true
	case "max", "umax", "llmax", "ullmax":
		return value{t: sym.Ite(lt(a, b, it.Signed), b, a)}, true
	}
	return value{}, false
}

// call evaluates a call: lambdas and host functions with bodies are
// inlined, the PyTorch API is summarised (tensor.go), std::min/max are
// computed, anything else is unknown.
func (x *executor) call(e *ir.Call, st *state) value {
	if e.Closure != nil {
		return x.inline(nil, e.Closure.Body, nil, nil, e, st)
	}
	var recv value
	if e.Recv != nil {
		recv = x.eval(e.Recv, st)
	}
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = x.eval(a, st)
	}
	// A device function called from host code is __host__ __device__
	// (round_up, ceil_div): nvcc rejects any other.
	if f := e.Fn; f != nil && f.Body != nil && (f.Kind == ir.Host || f.Kind == ir.Device) {
		return x.inline(f, f.Body, f.Params, args, e, st)
	}
	if v, ok := x.optional(e, recv, args, st); ok {
		return v
	}
	if v, ok := x.torch(e, recv, args, st); ok {
		return v
	}
	name := e.Name
	if i := strings.LastIndex(name, "::"); i >= 0 && strings.HasPrefix(name, "std::") {
		name = name[i+2:]
	}
	if v, ok := minMax(name, args, e.T); ok {
		return v
	}
	if v, ok := gcd(name, args, e.T); ok {
		return v
	}
	if isStringType(e.T) && len(args) == 1 && args[0].str != nil && strings.HasSuffix(e.Name, "basic_string") {
		return args[0] // std::string s = "fp8_e4m3": the constructor's copy
	}
	x.clobberOutArgs(e, st)
	return x.because(x.unknown(shortName(e.Name), e.P, e.T), causeCall)
}

// clobberOutArgs forgets the locals whose address a call the analysis
// does not summarise is given (cudaMalloc(&p, n), cudaStreamCreate(&s)):
// it may write them. A pointer given that way is taken to be set to
// memory of its own (not null, of unknown length): one initialised to
// nullptr and allocated so on one path only is null on the others.
func (x *executor) clobberOutArgs(e *ir.Call, st *state) {
	for _, a := range e.Args {
		ad, ok := ir.StripConvert(a).(*ir.AddrOf)
		if !ok || ad.Var == nil {
			continue
		}
		if _, isPtr := ad.Var.Type.(*ir.PointerType); isPtr {
			// An allocation: not null, into memory no tensor describes.
			st.Env[ad.Var] = value{ptr: &pointer{off: sym.Const(64, 0), null: sym.False}}
			continue
		}
		st.Env[ad.Var] = x.because(x.unknown(ad.Var.Name, e.P, ad.Var.Type), causeCall)
	}
}

func shortName(n string) string {
	if i := strings.LastIndex(n, "::"); i >= 0 {
		return n[i+2:] + "()"
	}
	return n + "()"
}

// inline runs a host function's (or a lambda's) body with its parameters
// bound, and returns the merge of its return values. Past the depth limit
// or in recursion the result is unknown.
func (x *executor) inline(f *ir.Func, body *ir.Block, params []*ir.Var, args []value, e *ir.Call, st *state) value {
	if x.tooDeep(f) || (f != nil && x.onStack(f)) {
		x.cut["host calls not inlined (depth or recursion)"]++
		return x.because(x.unknown("call", e.P, e.T), causeCall)
	}
	callee := st
	if f != nil {
		callee = interp.NewState[value](st.PC, struct{}{})
		for i, p := range params {
			if i < len(args) {
				callee.Env[p] = args[i]
			}
		}
	}
	fr := &frame{fn: f, call: e.P}
	x.frames = append(x.frames, fr)
	end := x.m.Call(body, callee)
	x.frames = x.frames[:len(x.frames)-1]
	if end != nil {
		fr.returns = append(fr.returns, end)
		fr.retVals = append(fr.retVals, value{})
	}
	out := x.join(st, fr.returns)
	if out == nil {
		// Every path through the callee ended (a failed check): so does
		// the caller's.
		st.PC = append(st.PC, sym.False)
		return value{}
	}
	if f == nil {
		// A lambda shares the caller's variables: take its merged state.
		for k, v := range out.Env {
			st.Env[k] = v
		}
	}
	st.PC = out.PC
	return x.returnValue(st, fr)
}

// tooDeep reports whether inlining f would pass maxInline. A call that
// runs another instantiation of its caller's template (compile-time
// recursion: LoopUnroller<k>::unroll calling LoopUnroller<k + 1>::unroll,
// one level per dispatched value) adds no level: FlashInfer's router GEMM
// dispatches 16 token counts so, and past the sixth its kernels were
// checked alone, where a 1-thread block left its reduction slots
// unwritten. The recursion ends with the instantiations the compiler made
// (each is a function of its own, and onStack stops a repeat), and
// maxSteps bounds the work.
func (x *executor) tooDeep(f *ir.Func) bool {
	n := len(x.frames)
	if n > 0 && sameTemplate(x.frames[n-1].fn, f) {
		return false
	}
	depth := 0
	for i, fr := range x.frames {
		if i == 0 || !sameTemplate(x.frames[i-1].fn, fr.fn) {
			depth++
		}
	}
	return depth > maxInline
}

// sameTemplate reports whether a and b are two instantiations of one
// function template (or of one member of a class template).
func sameTemplate(a, b *ir.Func) bool {
	return a != nil && b != nil && a != b && a.Base != "" && a.Base == b.Base && a.Name != b.Name
}

func (x *executor) onStack(f *ir.Func) bool {
	for _, fr := range x.frames {
		if fr.fn == f {
			return true
		}
	}
	return false
}

// returnValue merges the return values of a frame: ite over the extra
// path conditions of each return.
func (x *executor) returnValue(st *state, fr *frame) value {
	var out value
	for i, v := range fr.retVals {
		if i == 0 {
			out = v
			continue
		}
		extra := sym.BAnd(fr.returns[i].PC[min(len(st.PC), len(fr.returns[i].PC)):]...)
		out = mergeValue(extra, v, out)
	}
	return out
}

// condExpr evaluates c ? a : b with each arm under its side of the
// condition: an arm that ends a path where it runs (data_ptr() of an
// undefined tensor throws) constrains only its side.
func (x *executor) condExpr(e *ir.Cond, st *state) value {
	c := x.cond(e.C, st)
	ts, es := st.Assume(c), st.Assume(sym.BNot(c))
	var a, b value
	if ts != nil {
		a = x.eval(e.X, ts)
	}
	if es != nil {
		b = x.eval(e.Y, es)
	}
	for _, sub := range []*state{ts, es} {
		if sub == nil {
			continue
		}
		for k, v := range sub.Env {
			if _, ok := st.Env[k]; !ok {
				st.Env[k] = v
			}
		}
	}
	switch {
	case ts == nil && es == nil:
		return value{}
	case ts == nil:
		st.PC = es.PC
		return b
	case es == nil:
		st.PC = ts.PC
		return a
	}
	st.PC, _ = sym.JoinPC(st.PC, ts.PC, es.PC)
	return mergeValue(c, a, b)
}
