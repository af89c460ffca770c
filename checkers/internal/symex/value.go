package symex

import (
	"go/token"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Value is the symbolic value of an IR expression on one state.
//   - Integers and bools: T (a bit-vector of the IR type's width, or a sym
//     boolean); Ops lists the overflow-prone operations T was computed
//     from, so that a use as an index or bound can be traced back to them.
//   - Pointers: Ptr (region and byte offset), with the Ops of the offset.
//   - Floats computed exactly from small integers: R (see Rat).
//   - Anything else (other floats, records): opaque, T, Ptr and R nil.
type Value struct {
	T   *sym.Term
	Ptr *Pointer
	R   *Rat
	Ops []*Op
	// C is a lambda (closure.go), with Env the variables it saw where it
	// was made.
	C   *ir.Closure
	Env map[*ir.Var]Value
	// Of, for a floating-point value the engine does not evaluate exactly
	// (no T, R or Ptr), names the variables it is a function of (Pure
	// set: the operands were known; none named: a constant). A conversion
	// of it to an integer records them (VarInfo.Of).
	Of   []string
	Pure bool
	// S is the kernel's by-value struct parameter (a params struct) this
	// value is, unmodified: its fields read what the launch stored in
	// them (Spec.Fields).
	S *ir.Var
}

// varsOf returns the variables v is a function of, and whether v is known
// well enough to say: a term, an exact rational, a pointer into a known
// region, or a pure floating-point value.
func varsOf(v Value) ([]string, bool) {
	var t *sym.Term
	switch {
	case v.T != nil:
		t = v.T
	case v.R != nil && v.R.Num != nil:
		t = v.R.Num
	case v.Ptr != nil && v.Ptr.Region != nil && v.Ptr.Off != nil:
		t = v.Ptr.Off
	case v.Pure:
		return v.Of, true
	default:
		return nil, false
	}
	var out []string
	for _, u := range t.Vars() {
		out = append(out, u.Name)
	}
	return out, true
}

// pureOf is the inexact floating-point result of an operation on args: a
// function of their variables when each is known (varsOf), else unknown.
func pureOf(ops []*Op, args ...Value) Value {
	var of []string
	seen := map[string]bool{}
	for _, a := range args {
		vs, ok := varsOf(a)
		if !ok {
			return Value{Ops: ops}
		}
		for _, n := range vs {
			if !seen[n] {
				seen[n] = true
				of = append(of, n)
			}
		}
	}
	return Value{Ops: ops, Of: of, Pure: true}
}

// Pointer is an address: Off bytes (64-bit, two's complement) into Region.
// A pointer whose region is not known has Region nil.
//
// Null, when set, is the condition (a boolean) under which the pointer is
// nullptr: a parameter the launch may pass as null, a helper's `return
// nullptr` merged with a real pointer. Nil means not null for a pointer
// into a region and not known for one without (see nullOf); the null
// constant itself has no region and Null true.
type Pointer struct {
	Region *Region
	Off    *sym.Term
	Null   *sym.Term
}

// Region is one memory object: a kernel pointer parameter's buffer, a
// __shared__, __constant__ or local array, or a memory-resident scalar.
type Region struct {
	Name string // the parameter or variable name
	// Weight is set for a parameter that receives a layer's weight
	// (Spec.Weights).
	Weight bool
	Space  ir.AddrSpace
	Var    *ir.Var
	// Bytes is the region's length in bytes (64-bit); nil when unknown,
	// in which case its accesses are not checked but counted.
	Bytes *sym.Term
	// ElemSize is the size of the declared element type (1 if unknown);
	// lengths in messages are in these elements.
	ElemSize int64
	// LenVar, when the length is symbolic, is the variable holding the
	// length in elements (named in witnesses).
	LenVar *sym.Term
	// Null, for a pointer parameter, is the condition under which it is
	// nullptr: the launch's (Spec.Nulls), or, when the launch does not
	// say, a User variable standing for the kernel's own belief
	// (NullBelief set). NullChecks are the kernel's comparisons of the
	// parameter with nullptr: a belief without them is no belief.
	Null       *sym.Term
	NullBelief bool
	NullChecks []token.Pos
	// Index, for a const parameter whose elements index a dimension
	// (Spec.Indexes), is that dimension's size; loaded is its loaded
	// values by offset, so that one address reads one value.
	Index  *sym.Term
	loaded map[string]Value
	// Floor is the least entry of an index region: 0, or −1 for a map
	// with a "none" sentinel (Spec.Sentinels).
	Floor int64
}

// Op is one execution of an integer operation that can leave the range of
// its type: + - * << and unary - on integers, and narrowing conversions.
type Op struct {
	Node   ir.Expr // *ir.Binary, *ir.Unary or *ir.Convert
	Pos    token.Pos
	Kind   sym.Op // sym.OpAddOvf, OpSubOvf, OpMulOvf; OpTrunc for a narrowing conversion; OpShl
	X, Y   *sym.Term
	Signed bool        // operands signed; for OpTrunc, the source value is signed
	Type   *ir.IntType // the type the operation is computed in (the target type of a conversion)
	PC     []*sym.Term // path condition where it runs
	Inline []token.Pos // call sites of the device functions it was inlined through
	// In lists the operations its operands were computed by (all of
	// them, transitively): an operation that wraps only where one of
	// them wrapped first is a consequence, not a finding of its own.
	In []*Op
}

// Overflow returns the predicate "this operation leaves its type".
func (o *Op) Overflow() *sym.Term {
	switch o.Kind {
	case sym.OpTrunc:
		// The source value X (signed when Signed) is not a value of the
		// narrower type.
		if !o.Signed {
			if o.Type.Bits > o.X.Width || (o.Type.Bits == o.X.Width && !o.Type.Signed) {
				return sym.False
			}
			return sym.Ugt(o.X, sym.Const(o.X.Width, o.Type.Max()))
		}
		back := sym.Resize(sym.Trunc(o.X, o.Type.Bits), o.X.Width, o.Type.Signed)
		return sym.Ne(back, o.X)
	case sym.OpShl:
		// Bits shifted out, or into the sign bit for signed types.
		w := o.X.Width
		shifted := sym.Shl(o.X, o.Y)
		var back *sym.Term
		if o.Signed {
			back = sym.AShr(shifted, o.Y)
		} else {
			back = sym.LShr(shifted, o.Y)
		}
		inRange := sym.Ult(o.Y, sym.Const(w, uint64(w)))
		return sym.BAnd(inRange, sym.Ne(back, o.X))
	}
	return sym.Overflows(o.Kind, o.X, o.Y, o.Signed)
}

// FirstOverflow returns "this operation leaves its type, and none of the
// operations its operands come from did": the wrap a finding names is
// the first one of the expression: where row * K wraps, row * K + col is
// reported at the product, and the sum is checked only where the
// product is exact.
func (o *Op) FirstOverflow() *sym.Term {
	v := o.Overflow()
	if len(o.In) == 0 {
		return v
	}
	terms := []*sym.Term{v}
	for _, in := range o.In {
		terms = append(terms, sym.BNot(in.Overflow()))
	}
	return sym.BAnd(terms...)
}

// Access is one memory access: Size bytes at Off in Region.
type Access struct {
	Node   ir.Node // *ir.Load, *ir.Store or *ir.Atomic
	Pos    token.Pos
	Region *Region
	Off    *sym.Term // byte offset, 64-bit
	Size   int64     // bytes accessed (the element type's size)
	Write  bool
	// Align is the alignment the access needs (the vector type's size for
	// float4, int4, __half2 ... accesses; 0 for scalar accesses).
	Align  int64
	Vector string // the vector type's name when Align > 0
	// Index is the element index as written (for messages), and Elem the
	// element type accessed.
	Index  *sym.Term
	Elem   ir.Type
	PC     []*sym.Term
	Ops    []*Op // operations the offset was computed from
	Inline []token.Pos
	// Epoch is the number of block barriers the thread has passed before
	// the access, WarpEpoch the number of warp and block barriers (64-bit
	// terms over per-thread iteration variables; see epoch.go). Two
	// accesses of one block with equal epochs are in the same barrier
	// interval.
	Epoch, WarpEpoch *sym.Term
	// Stored is the value a store writes where the engine knows it: an
	// integer or bool term, or for a pointer its byte offset into
	// StoredIn; nil otherwise (a float, a pointer of unknown region).
	Stored   *sym.Term
	StoredIn *Region
	// GridEpoch is the number of grid barriers (this_grid().sync()) the
	// thread has passed: accesses of different blocks with different grid
	// epochs are ordered.
	GridEpoch *sym.Term
	// Value is the loaded value's variable for an integer or bool load
	// (nil otherwise).
	Value *sym.Term
	// Null is the condition under which the pointer accessed is nullptr
	// (nil: never, or not known).
	Null *sym.Term
}

// SinkKind says how an overflow-prone value is used.
type SinkKind int

// Sink kinds: the uses that make a wrapped value a memory error.
const (
	SinkIndex     SinkKind = iota // a memory index
	SinkOffset                    // a pointer offset
	SinkLoopBound                 // a loop condition
	SinkAlloc                     // a size in bytes (dynamic shared memory)
)

var sinkNames = [...]string{"memory index", "pointer offset", "loop bound", "allocation size"}

func (k SinkKind) String() string { return sinkNames[k] }

// Sink is a use of values computed by overflow-prone operations.
type Sink struct {
	Kind SinkKind
	Pos  token.Pos
	Ops  []*Op
}

// mergeOps returns the union of op lists (by identity, order kept).
func mergeOps(lists ...[]*Op) []*Op {
	var out []*Op
	seen := map[*Op]bool{}
	for _, l := range lists {
		for _, o := range l {
			if !seen[o] {
				seen[o] = true
				out = append(out, o)
			}
		}
	}
	return out
}

// Rat is a floating-point value known exactly as the rational Num / Den:
// Num a 64-bit signed term with |Num| ≤ Max, Den a power of two (at most
// maxDen). Values computed from small integers (blockDim.x / 32.f,
// (float)lane, ceilf(n / 4.f)) are exact in float while Max < 2^24 (2^53
// for double): int-to-float conversion, multiplication and addition of
// such values, and division by a power of two do not round. A value that
// would leave that range is not a Rat (it is opaque).
type Rat struct {
	Num *sym.Term
	Den uint64
	Max uint64
}

const maxDen = 1 << 8

// mantissa returns the precision of a floating-point type in bits (the
// integers below 2^mantissa are exact), 0 for other types.
func mantissa(t ir.Type) uint {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return 0
	}
	switch ft.Bits {
	case 64:
		return 53
	case 32:
		return 24
	case 16:
		return 8 // bfloat16 (half has 11)
	}
	return 0
}

// exactIn returns r when it is exact in floating-point type t, else nil.
func (r *Rat) exactIn(t ir.Type) *Rat {
	if r == nil || r.Den > maxDen {
		return nil
	}
	if m := mantissa(t); m == 0 || r.Max >= 1<<m {
		return nil
	}
	return r
}

// scaled returns r's numerator over the denominator d (a multiple of
// r.Den) and its bound.
func (r *Rat) scaled(d uint64) (*sym.Term, uint64) {
	k := d / r.Den
	if k == 1 {
		return r.Num, r.Max
	}
	return sym.Mul(r.Num, sym.Const(64, k)), satMul(r.Max, k)
}

func satMul(a, b uint64) uint64 {
	if a != 0 && b > ^uint64(0)/a {
		return ^uint64(0)
	}
	return a * b
}

func satAdd(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}

// ratConst returns the Rat of a floating-point constant that is an
// integer over a small power of two, else nil.
func ratConst(v float64) *Rat {
	for d := uint64(1); d <= maxDen; d *= 2 {
		n := v * float64(d)
		if n == float64(int64(n)) && n > -(1<<53) && n < 1<<53 {
			m := int64(n)
			abs := uint64(m)
			if m < 0 {
				abs = uint64(-m)
			}
			return &Rat{Num: sym.Int(64, m), Den: d, Max: abs}
		}
	}
	return nil
}

// ratArith returns a op b for + - * and division by a power of two, or
// nil when the result is not a Rat.
func ratArith(op ir.BinOp, a, b *Rat) *Rat {
	switch op {
	case ir.Add, ir.Sub:
		d := max(a.Den, b.Den)
		an, am := a.scaled(d)
		bn, bm := b.scaled(d)
		if op == ir.Add {
			return &Rat{Num: sym.Add(an, bn), Den: d, Max: satAdd(am, bm)}
		}
		return &Rat{Num: sym.Sub(an, bn), Den: d, Max: satAdd(am, bm)}
	case ir.Mul:
		return &Rat{Num: sym.Mul(a.Num, b.Num), Den: satMul(a.Den, b.Den), Max: satMul(a.Max, b.Max)}
	case ir.Div:
		// Division by a constant power of two (or its negation).
		c, ok := b.Num.Const()
		if !ok || b.Den != 1 {
			return nil
		}
		neg := int64(c) < 0
		if neg {
			c = uint64(-int64(c))
		}
		if c == 0 || c&(c-1) != 0 {
			return nil
		}
		n := a.Num
		if neg {
			n = sym.Neg(n)
		}
		return &Rat{Num: n, Den: satMul(a.Den, c), Max: a.Max}
	}
	return nil
}

// ratLess returns a < b (or a <= b when orEq) on exact values.
func ratLess(a, b *Rat, orEq bool) *sym.Term {
	d := max(a.Den, b.Den)
	an, _ := a.scaled(d)
	bn, _ := b.scaled(d)
	if orEq {
		return sym.Sle(an, bn)
	}
	return sym.Slt(an, bn)
}

// ratFloor returns floor(r) as a Rat over 1 (Den is a power of two, so
// an arithmetic shift rounds towards -∞).
func ratFloor(r *Rat) *Rat {
	sh := uint64(0)
	for d := r.Den; d > 1; d >>= 1 {
		sh++
	}
	return &Rat{Num: sym.AShr(r.Num, sym.Const(64, sh)), Den: 1, Max: r.Max/r.Den + 1}
}

// ratNeg returns -r.
func ratNeg(r *Rat) *Rat { return &Rat{Num: sym.Neg(r.Num), Den: r.Den, Max: r.Max} }

// upper returns an upper bound of t read as an unsigned integer and
// whether t is known not to exceed it while non-negative as signed too
// (a value below 2^(width-1)). dims bounds the launch builtins.
func upper(t *sym.Term, dims func(name string) (uint64, bool)) (uint64, bool) {
	fits := func(u uint64, w int) (uint64, bool) {
		if w < 64 && u >= 1<<(w-1) {
			return u, false
		}
		return u, true
	}
	switch t.Op {
	case sym.OpConst:
		return fits(t.Val, t.Width)
	case sym.OpVar:
		if u, ok := dims(t.Name); ok {
			return u, true
		}
	case sym.OpZExt, sym.OpSExt:
		return upper(t.Args[0], dims)
	case sym.OpTrunc:
		if u, ok := upper(t.Args[0], dims); ok {
			return fits(u, t.Width)
		}
	case sym.OpAdd, sym.OpMul, sym.OpOr, sym.OpXor:
		a, ok1 := upper(t.Args[0], dims)
		b, ok2 := upper(t.Args[1], dims)
		if ok1 && ok2 {
			if t.Op == sym.OpMul {
				return fits(satMul(a, b), t.Width)
			}
			return fits(satAdd(a, b), t.Width) // a|b, a^b ≤ a+b
		}
	case sym.OpUDiv, sym.OpSDiv, sym.OpLShr, sym.OpAShr:
		return upper(t.Args[0], dims)
	case sym.OpURem, sym.OpSRem:
		a, ok1 := upper(t.Args[0], dims)
		if c, ok := t.Args[1].Const(); ok && c > 0 && ok1 {
			return min(a, c-1), true
		}
		return a, ok1
	case sym.OpAnd:
		a, ok1 := upper(t.Args[0], dims)
		b, ok2 := upper(t.Args[1], dims)
		switch {
		case ok1 && ok2:
			return min(a, b), true
		case ok1:
			return a, true
		case ok2:
			return b, true
		}
	case sym.OpIte:
		a, ok1 := upper(t.Args[1], dims)
		b, ok2 := upper(t.Args[2], dims)
		if ok1 && ok2 {
			return max(a, b), true
		}
	}
	return 0, false
}
