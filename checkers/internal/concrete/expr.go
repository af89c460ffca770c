package concrete

import (
	"fmt"
	"go/token"

	"github.com/cudavet/cudavet/frontend/ir"
)

// kind is what a value holds.
type kind uint8

const (
	opaque  kind = iota // a float, vector, record or aggregate: no value
	integer             // an integer or bool: i
	pointer             // an address: off bytes into r (r nil: not known)
	null                // the null pointer
)

// value is a concrete value. An integer is kept as its type says C keeps
// it: truncated to the width, then sign-extended (signed types) or
// zero-extended (unsigned) to 64 bits (ir.Truncate), so a uint64_t is its
// bit pattern.
type value struct {
	k   kind
	i   int64
	r   *region
	off int64
}

func intVal(i int64) value              { return value{k: integer, i: i} }
func ptrVal(r *region, off int64) value { return value{k: pointer, r: r, off: off} }

func boolVal(b bool) value {
	if b {
		return intVal(1)
	}
	return intVal(0)
}

// region is a memory object: its name and size in bytes (-1: unknown).
type region struct {
	name  string
	bytes int64
}

// fit converts an integer value to t's representation (the IR already
// converted it: this only re-canonicalises).
func fit(v value, t ir.Type) value {
	if v.k == integer {
		v.i = ir.Truncate(t, v.i)
	}
	return v
}

// equal compares two integer values (a switch tag and a case value).
func equal(a, b value) bool { return a.k == integer && b.k == integer && a.i == b.i }

// eval computes e's value.
func (m *machine) eval(e ir.Expr) value {
	if m.err != nil {
		return value{}
	}
	switch e := e.(type) {
	case nil:
		return value{}
	case *ir.Const:
		if _, isPtr := e.T.(*ir.PointerType); isPtr && e.Val == 0 {
			return value{k: null}
		}
		return intVal(ir.Truncate(e.T, e.Val))
	case *ir.Builtin:
		return m.builtin(e)
	case *ir.VarRef:
		return m.varRef(e)
	case *ir.AddrOf:
		if at, ok := e.Var.Type.(*ir.ArrayType); ok {
			return ptrVal(m.arrayRegion(e.Var, at), 0)
		}
		return ptrVal(m.scalarRegion(e.Var), 0)
	case *ir.Unary:
		return m.unary(e)
	case *ir.Binary:
		return m.binary(e)
	case *ir.Convert:
		return m.convert(e)
	case *ir.Cond:
		if m.truth(e.C) {
			return fit(m.eval(e.X), e.T)
		}
		return fit(m.eval(e.Y), e.T)
	case *ir.Load:
		m.access(e, e.Ptr, e.Index, false)
		return m.loaded(e.P, e.T)
	case *ir.PtrAdd:
		return m.ptrAdd(e)
	case *ir.PtrDiff:
		return m.ptrDiff(e)
	case *ir.Call:
		return m.call(e)
	case *ir.Intrinsic:
		return m.intrinsic(e)
	case *ir.Atomic:
		m.eval(e.Val)
		m.eval(e.Cmp)
		m.access(e, e.Ptr, e.Index, true)
		return m.loaded(e.P, e.T)
	case *ir.Warp:
		m.evalAll(e.Mask, e.Val, e.Lane, e.Width)
		return m.opaqueOf(e.P, e.T)
	case *ir.Sync:
		m.evalAll(e.Mask, e.Pred)
		return m.opaqueOf(e.P, e.Type())
	case *ir.Field:
		return m.field(e)
	case *ir.Dim3Lit:
		m.evalAll(e.X, e.Y, e.Z)
		return value{}
	case *ir.InitList:
		m.evalAll(e.Elems...)
		return value{}
	case *ir.Unknown:
		m.fail(e.P, ErrUnknownIR, e.Reason)
		return value{}
	case *ir.FloatConst, *ir.Closure, *ir.FuncRef:
		return value{}
	case *ir.StringLit:
		return ptrVal(nil, 0)
	case *ir.TemplateParamRef:
		return m.opaqueOf(e.P, e.T)
	}
	m.fail(e.Pos(), ErrUnknownIR, fmt.Sprintf("expression %T", e))
	return value{}
}

func (m *machine) evalAll(es ...ir.Expr) {
	for _, e := range es {
		m.eval(e)
	}
}

func (m *machine) builtin(e *ir.Builtin) value {
	var dims [3]uint32
	switch e.Kind {
	case ir.ThreadIdx:
		dims = m.in.ThreadIdx
	case ir.BlockIdx:
		dims = m.in.BlockIdx
	case ir.BlockDim:
		dims = m.in.BlockDim
	case ir.GridDim:
		dims = m.in.GridDim
	case ir.WarpSize:
		return intVal(32)
	}
	return intVal(int64(dims[e.Dim]))
}

// varRef reads a variable: arrays denote their region; a variable with
// no cell (a namespace-scope constant, a parameter of a type with no
// value) is its constant value or opaque.
func (m *machine) varRef(e *ir.VarRef) value {
	v := e.Var
	if c := m.top().env.lookup(v); c != nil {
		return c.v
	}
	if at, ok := v.Type.(*ir.ArrayType); ok {
		return ptrVal(m.arrayRegion(v, at), 0)
	}
	if v.Value != nil {
		return intVal(ir.Truncate(v.Type, *v.Value))
	}
	return m.opaqueOf(e.P, v.Type)
}

// truth evaluates a condition (C truth: non-zero, non-null).
func (m *machine) truth(e ir.Expr) bool { return m.truthOf(m.eval(e), e) }

// opaqueOf is the value of type t that the interpreter does not compute:
// Input.Opaque's for integers and bools, an unknown address for pointers.
func (m *machine) opaqueOf(pos token.Pos, t ir.Type) value {
	switch t.(type) {
	case *ir.IntType, *ir.BoolType:
		return intVal(ir.Truncate(t, m.hook(m.in.Opaque, pos)))
	case *ir.PointerType:
		return ptrVal(nil, 0)
	}
	return value{}
}

// loaded is the value a load or atomic at pos reads.
func (m *machine) loaded(pos token.Pos, t ir.Type) value {
	switch t.(type) {
	case *ir.IntType, *ir.BoolType:
		return intVal(ir.Truncate(t, m.hook(m.in.Load, pos)))
	case *ir.PointerType:
		return ptrVal(nil, 0)
	}
	return value{}
}

func (m *machine) hook(f func(token.Pos) (int64, bool), pos token.Pos) int64 {
	if f == nil {
		return 0
	}
	v, _ := f(pos)
	return v
}

// field reads a field: dim3(...).x and friends; other records are opaque.
func (m *machine) field(e *ir.Field) value {
	if d, ok := e.X.(*ir.Dim3Lit); ok {
		comp := map[string]ir.Expr{"x": d.X, "y": d.Y, "z": d.Z}[e.Name]
		if comp != nil {
			return fit(m.eval(comp), e.T)
		}
	}
	m.eval(e.X)
	return m.opaqueOf(e.P, e.T)
}

// access records a load, store or atomic of ptr[index]: the element's
// size at the pointer's offset plus index elements.
func (m *machine) access(n ir.Node, ptrE, idxE ir.Expr, write bool) {
	p := m.eval(ptrE)
	idx := m.eval(idxE)
	elem := ir.Elem(ptrE.Type())
	if m.err != nil || p.k != pointer || p.r == nil || elem == nil || elem.Size() <= 0 {
		return
	}
	i := idx.i
	if idx.k != integer {
		i = 0 // a nil index: the lowering's 0
	}
	size := elem.Size()
	m.res.Accesses = append(m.res.Accesses, Access{Node: n, Pos: n.Pos(), Region: p.r.name,
		Off: p.off + i*size, Size: size, Bytes: p.r.bytes, Write: write})
}

func (m *machine) ptrAdd(e *ir.PtrAdd) value {
	p := m.eval(e.Ptr)
	o := m.eval(e.Off)
	if p.k != pointer || o.k != integer {
		return ptrVal(nil, 0)
	}
	size := int64(1)
	if elem := ir.Elem(e.Ptr.Type()); elem != nil {
		size = sizeOr1(elem)
	}
	return ptrVal(p.r, p.off+o.i*size)
}

// ptrDiff is x - y in elements, for pointers into one region.
func (m *machine) ptrDiff(e *ir.PtrDiff) value {
	x, y := m.eval(e.X), m.eval(e.Y)
	elem := ir.Elem(e.X.Type())
	if x.k == pointer && y.k == pointer && x.r != nil && x.r == y.r && elem != nil && elem.Size() > 0 {
		return intVal(ir.Truncate(e.T, (x.off-y.off)/elem.Size()))
	}
	return m.opaqueOf(e.P, e.T)
}

// arrayRegion returns an array's region: a new one for each declaration
// of a local array, one per variable for __shared__, __constant__ and
// __device__ arrays (extern __shared__ arrays have Input.Smem bytes).
func (m *machine) arrayRegion(v *ir.Var, at *ir.ArrayType) *region {
	if v.Kind == ir.LocalVar || v.Kind == ir.ParamVar {
		return &region{name: v.Name, bytes: at.Size()}
	}
	if r := m.static[v]; r != nil {
		return r
	}
	r := &region{name: v.Name, bytes: at.Size()}
	if at.Len < 0 && v.Kind == ir.SharedVar {
		r.bytes = m.in.Smem
	}
	m.static[v] = r
	return r
}

// scalarRegion returns the one-element region of a scalar whose address
// is taken: one per variable for memory-resident scalars, one per frame
// for locals.
func (m *machine) scalarRegion(v *ir.Var) *region {
	if v.Kind == ir.LocalVar || v.Kind == ir.ParamVar {
		return &region{name: v.Name, bytes: v.Type.Size()}
	}
	if r := m.static[v]; r != nil {
		return r
	}
	r := &region{name: v.Name, bytes: v.Type.Size()}
	m.static[v] = r
	return r
}

func (m *machine) unary(e *ir.Unary) value {
	x := m.eval(e.X)
	if e.Op == ir.Not {
		return boolVal(!m.truthOf(x, e.X))
	}
	it, ok := e.T.(*ir.IntType)
	if !ok || x.k != integer {
		return value{}
	}
	if e.Op == ir.BitNot {
		return intVal(ir.Truncate(it, ^x.i))
	}
	return intVal(m.arith(e, ir.Sub, 0, x.i, it))
}

// truthOf is C truth of e's value v: non-zero, non-null (an address in
// a region is not null); an opaque value or unknown address is
// Input.Opaque's.
func (m *machine) truthOf(v value, e ir.Expr) bool {
	switch {
	case v.k == integer:
		return v.i != 0
	case v.k == pointer && v.r != nil:
		return true
	case v.k == null:
		return false
	}
	return m.hook(m.in.Opaque, e.Pos()) != 0
}

func (m *machine) binary(e *ir.Binary) value {
	switch e.Op {
	case ir.LAnd:
		return boolVal(m.truth(e.X) && m.truth(e.Y))
	case ir.LOr:
		return boolVal(m.truth(e.X) || m.truth(e.Y))
	}
	x, y := m.eval(e.X), m.eval(e.Y)
	if m.err != nil {
		return value{}
	}
	if e.Op.IsComparison() {
		return m.compare(e, x, y)
	}
	it, ok := e.T.(*ir.IntType)
	if !ok || x.k != integer || y.k != integer {
		return m.opaqueOf(e.P, e.T)
	}
	switch e.Op {
	case ir.Add, ir.Sub, ir.Mul:
		return intVal(m.arith(e, e.Op, x.i, y.i, it))
	case ir.Shl:
		return intVal(m.shl(e, x.i, shiftCount(y.i, e.Y.Type()), it))
	case ir.Shr:
		return intVal(shr(x.i, shiftCount(y.i, e.Y.Type()), it))
	case ir.Div, ir.Rem:
		if y.i == 0 {
			m.fail(e.P, ErrDivZero, ir.ExprString(e))
			return value{}
		}
		return intVal(divide(e.Op, x.i, y.i, it))
	case ir.And:
		return intVal(ir.Truncate(it, x.i&y.i))
	case ir.Or:
		return intVal(ir.Truncate(it, x.i|y.i))
	}
	return intVal(ir.Truncate(it, x.i^y.i))
}

// compare evaluates a comparison: integers by their type's signedness,
// pointers into one region by offset; anything else is opaque.
func (m *machine) compare(e *ir.Binary, x, y value) value {
	switch {
	case x.k == integer && y.k == integer:
		return boolVal(compareInts(e.Op, x.i, y.i, signed(e.X.Type())))
	case x.k == pointer && y.k == pointer && x.r != nil && x.r == y.r:
		return boolVal(compareInts(e.Op, x.off, y.off, true))
	case (x.k == null && y.k == pointer && y.r != nil) || (y.k == null && x.k == pointer && x.r != nil):
		if e.Op == ir.Eq || e.Op == ir.Ne {
			return boolVal(e.Op == ir.Ne)
		}
	case x.k == null && y.k == null:
		return boolVal(compareInts(e.Op, 0, 0, true))
	}
	return m.opaqueOf(e.P, e.T)
}

func compareInts(op ir.BinOp, a, b int64, signed bool) bool {
	switch op {
	case ir.Eq:
		return a == b
	case ir.Ne:
		return a != b
	}
	lt := a < b
	if !signed {
		lt = uint64(a) < uint64(b)
	}
	switch op {
	case ir.Lt:
		return lt
	case ir.Ge:
		return !lt
	case ir.Gt:
		return !lt && a != b
	}
	return lt || a == b // Le
}

func signed(t ir.Type) bool {
	it, ok := t.(*ir.IntType)
	return ok && it.Signed
}

// convert applies a conversion: integer truncation or extension (a
// narrowing that changes the value is an overflow), integer ↔ bool,
// pointer casts; conversions from or to floats are opaque.
func (m *machine) convert(e *ir.Convert) value {
	x := m.eval(e.X)
	switch t := e.T.(type) {
	case *ir.IntType:
		if x.k == integer {
			return intVal(m.narrow(e, x.i, t))
		}
	case *ir.BoolType:
		return boolVal(m.truthOf(x, e.X))
	case *ir.PointerType:
		switch {
		case x.k == pointer || x.k == null:
			return x
		case x.k == integer && x.i == 0:
			return value{k: null}
		}
		return ptrVal(nil, 0)
	case *ir.ArrayType:
		if x.k == pointer {
			return x
		}
	}
	return m.opaqueOf(e.P, e.T)
}
