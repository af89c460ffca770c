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
//   - Anything else (floats, records): opaque, T and Ptr nil.
type Value struct {
	T   *sym.Term
	Ptr *Pointer
	Ops []*Op
}

// Pointer is an address: Off bytes (64-bit, two's complement) into Region.
// A pointer whose region is not known has Region nil.
type Pointer struct {
	Region *Region
	Off    *sym.Term
}

// Region is one memory object: a kernel pointer parameter's buffer, a
// __shared__, __constant__ or local array, or a memory-resident scalar.
type Region struct {
	Name  string // the parameter or variable name
	Space ir.AddrSpace
	Var   *ir.Var
	// Bytes is the region's length in bytes (64-bit); nil when unknown,
	// in which case its accesses are not checked but counted.
	Bytes *sym.Term
	// ElemSize is the size of the declared element type (1 if unknown);
	// lengths in messages are in these elements.
	ElemSize int64
	// LenVar, when the length is symbolic, is the variable holding the
	// length in elements (named in witnesses).
	LenVar *sym.Term
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
	// Value is the loaded value's variable for an integer or bool load
	// (nil otherwise).
	Value *sym.Term
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
