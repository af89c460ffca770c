package ir

import (
	"go/token"
	"strings"
)

// An Expr is a side-effect-free IR value, except for Call, Atomic, Warp and
// Sync, whose effects happen where they occur in statement order. The
// lowering hoists C side effects (i++, nested assignments) into statements.
// Every Expr has a position and a type.
type Expr interface {
	Node
	Type() Type
	isExpr()
}

// A Node is any IR element with a source position.
type Node interface {
	Pos() token.Pos
}

// Const is an integer or bool constant. Val holds the value sign- or
// zero-extended to 64 bits according to T.
type Const struct {
	P   token.Pos
	T   Type // *IntType or *BoolType
	Val int64
}

// FloatConst is a floating-point constant.
type FloatConst struct {
	P   token.Pos
	T   Type
	Val float64
}

// StringLit is a string literal (format strings, dispatch names).
type StringLit struct {
	P   token.Pos
	Val string
}

// VarRef reads a variable. A VarRef of array type denotes the array's
// region (it decays to a pointer to its first element).
type VarRef struct {
	P   token.Pos
	Var *Var
}

// BuiltinKind names a CUDA thread-geometry builtin.
type BuiltinKind int

// Builtin kinds.
const (
	ThreadIdx BuiltinKind = iota
	BlockIdx
	BlockDim
	GridDim
	WarpSize
)

var builtinNames = [...]string{"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"}

func (k BuiltinKind) String() string { return builtinNames[k] }

// Builtin is threadIdx.x, blockIdx.y, blockDim.z, gridDim.x or warpSize.
// Dim is 0, 1 or 2 for x, y, z (0 for warpSize). Its type is unsigned int
// (int for warpSize), as in CUDA.
type Builtin struct {
	P    token.Pos
	Kind BuiltinKind
	Dim  int
}

// TemplateParamRef is a non-type template parameter that is not bound
// (primary template lowered with symbolic parameters).
type TemplateParamRef struct {
	P    token.Pos
	Name string
	T    Type
}

// UnOp is a unary operator.
type UnOp int

// Unary operators.
const (
	Neg    UnOp = iota // -x
	Not                // !x
	BitNot             // ~x
)

var unNames = [...]string{"-", "!", "~"}

func (o UnOp) String() string { return unNames[o] }

// Unary is a unary operation. For Neg and BitNot, X already has the
// promoted type, which is also the result type; Not yields bool.
type Unary struct {
	P  token.Pos
	Op UnOp
	X  Expr
	T  Type
}

// BinOp is a binary operator.
type BinOp int

// Binary operators.
const (
	Add BinOp = iota
	Sub
	Mul
	Div
	Rem
	Shl
	Shr
	And
	Or
	Xor
	Lt
	Le
	Gt
	Ge
	Eq
	Ne
	LAnd
	LOr
)

var binNames = [...]string{"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=", "&&", "||"}

func (o BinOp) String() string { return binNames[o] }

// IsComparison reports whether o is <, <=, >, >=, == or !=.
func (o BinOp) IsComparison() bool { return o >= Lt && o <= Ne }

// Binary is a binary operation with C semantics. For arithmetic, bitwise
// and comparison operators both operands have already been converted to
// the common type of the usual arithmetic conversions (explicit Convert
// nodes), so X.Type() and Y.Type() are identical and, for arithmetic, equal
// T: an int Mul wraps at 32 bits. For shifts, X and Y are promoted
// independently and T is X's type. Comparisons and && || yield bool.
// Pointer comparisons compare addresses; pointer + integer is PtrAdd.
type Binary struct {
	P    token.Pos
	Op   BinOp
	X, Y Expr
	T    Type
}

// Convert converts X to T (integer truncation or extension, int↔float,
// pointer casts including reinterpret_cast to vector types). Implicit is
// true for conversions the C rules insert.
type Convert struct {
	P        token.Pos
	X        Expr
	T        Type
	Implicit bool
}

// Cond is C's c ? x : y on values.
type Cond struct {
	P       token.Pos
	C, X, Y Expr
	T       Type
}

// Load reads the element Ptr[Index] (Index in elements of Ptr's element
// type), then, if Field is not empty, that field of the element. Ptr is a
// pointer- or array-typed expression.
type Load struct {
	P     token.Pos
	Ptr   Expr
	Index Expr
	Field string
	T     Type
}

// PtrAdd is pointer arithmetic Ptr + Off, Off counted in elements of Ptr's
// element type; &a[i] lowers to PtrAdd{a, i}. T is a pointer type.
type PtrAdd struct {
	P   token.Pos
	Ptr Expr
	Off Expr
	T   Type
}

// PtrDiff is X - Y on pointers into the same region, in elements.
type PtrDiff struct {
	P    token.Pos
	X, Y Expr
	T    Type
}

// AddrOf takes the address of a scalar local variable (&x). Arrays and
// memory elements use VarRef and PtrAdd instead.
type AddrOf struct {
	P   token.Pos
	Var *Var
	T   Type
}

// Field reads field Name of the struct or vector value X (params.n, v.x,
// grid.x on host, tensor-less kernel parameter structs).
type Field struct {
	P    token.Pos
	X    Expr
	Name string
	T    Type
}

// Dim3Lit is dim3(X, Y, Z) (missing components are the constant 1).
type Dim3Lit struct {
	P       token.Pos
	X, Y, Z Expr
}

// InitList is a brace initializer {a, b, c} of an aggregate.
type InitList struct {
	P     token.Pos
	Elems []Expr
	T     Type
}

// Call calls a function. Fn is the lowered callee when its body is known
// (device functions and their template instantiations), else nil and Name
// is the callee's qualified name (e.g. "at::Tensor::size", "std::min").
// Recv is the receiver of a method call, TypeArgs the explicit template
// arguments of the callee (data_ptr<float>). A Call to a Closure invokes it.
// Link is the USR of a host function the unit declares in an analysed file
// but does not define (a .cpp binding calling the launcher a .cu defines);
// the loader sets Fn when another unit of the program defines it.
type Call struct {
	P        token.Pos
	Fn       *Func
	Name     string
	Link     string
	Recv     Expr
	Closure  *Closure
	Args     []Expr
	TypeArgs []Type
	T        Type
}

// Closure is a C++ lambda. Host dispatch macros wrap launches in lambdas
// that are called at once; Captures is not modelled: the body reads the
// enclosing function's variables directly.
type Closure struct {
	P      token.Pos
	Params []*Var
	Body   *Block
	T      Type
}

// Intrinsic is a pure device builtin: math (expf, sqrtf, fmaxf), integer
// helpers (min, max, __popc, __clz, __mul24, __umulhi), type conversions
// (__half2float, __float2half_rn, __float_as_int), __ldg (a load; see Load
// for memory reads: __ldg(&p[i]) lowers to a Load) and similar.
type Intrinsic struct {
	P    token.Pos
	Name string
	Args []Expr
	T    Type
}

// ByteOp names the byte operation an intrinsic of that name is:
// "memcpy" (memcpy, memmove and their __builtin_ forms: Args dst, src,
// n) or "memset" (memset, __builtin_memset: Args dst, value, n); "" for
// any other. The lowering makes these intrinsics whatever declares them,
// and the checkers read their bytes.
func ByteOp(name string) string {
	switch strings.TrimPrefix(name, "__builtin_") {
	case "memcpy", "memmove":
		return "memcpy"
	case "memset":
		return "memset"
	}
	return ""
}

// Atomic is an atomic read-modify-write of Ptr[Index] (atomicAdd, atomicCAS,
// ...). Op is the operation without the "atomic" prefix ("Add", "CAS",
// "Exch", "Max"...), Val the operand, Cmp the compare value of CAS. Scope is
// "", "block" or "system". The value is the old contents.
type Atomic struct {
	P     token.Pos
	Op    string
	Ptr   Expr
	Index Expr
	Val   Expr
	Cmp   Expr
	Scope string
	T     Type
}

// WarpOp is a warp-level collective.
type WarpOp int

// Warp collectives.
const (
	Shfl WarpOp = iota
	ShflUp
	ShflDown
	ShflXor
	Ballot
	Any
	All
	ActiveMask
	MatchAny
	WarpReduce
)

var warpNames = [...]string{"shfl", "shfl_up", "shfl_down", "shfl_xor", "ballot", "any", "all", "activemask", "match_any", "reduce"}

func (o WarpOp) String() string { return warpNames[o] }

// Warp is a warp collective (__shfl_xor_sync, __ballot_sync, tile.shfl...).
// Mask is the participating-lane mask (nil when the call has none, as for
// legacy __shfl_xor and cooperative-group tiles, which use the whole tile),
// Val the value, Lane the lane, delta or xor mask, Width the segment width
// (nil for the default warpSize). Sync is false for the legacy non-_sync
// forms.
type Warp struct {
	P     token.Pos
	Op    WarpOp
	Mask  Expr
	Val   Expr
	Lane  Expr
	Width Expr
	Sync  bool
	T     Type
}

// SyncKind is the scope of a barrier.
type SyncKind int

// Barrier scopes.
const (
	SyncBlock SyncKind = iota // __syncthreads, this_thread_block().sync()
	SyncWarp                  // __syncwarp(mask)
	SyncTile                  // thread_block_tile<N>::sync()
	SyncGrid                  // grid_group::sync()
)

var syncNames = [...]string{"__syncthreads", "__syncwarp", "tile.sync", "grid.sync"}

func (k SyncKind) String() string { return syncNames[k] }

// Sync is a barrier. As a statement it appears as ExprStmt{Sync}. Reduce is
// "", "or", "and" or "count" for __syncthreads_or/_and/_count, whose value
// is block-uniform; Pred is their predicate. Mask is __syncwarp's mask (nil
// means the full mask). Name is the source spelling of the barrier.
type Sync struct {
	P      token.Pos
	Kind   SyncKind
	Mask   Expr
	Pred   Expr
	Reduce string
	Name   string
}

// FuncRef is a function used as a value (a kernel kept in a variable and
// launched through it: auto k = kernel<T>; k<<<g, b>>>(...)). Fn is the
// lowered function when it is defined in the analysed files.
type FuncRef struct {
	P    token.Pos
	Fn   *Func
	Name string
	T    Type
}

// Unknown is a value the lowering could not understand. Checkers treat it
// as any value of type T, never as zero. Reason says what it was.
type Unknown struct {
	P      token.Pos
	Reason string
	T      Type
}

func (e *Const) Pos() token.Pos            { return e.P }
func (e *FloatConst) Pos() token.Pos       { return e.P }
func (e *StringLit) Pos() token.Pos        { return e.P }
func (e *VarRef) Pos() token.Pos           { return e.P }
func (e *Builtin) Pos() token.Pos          { return e.P }
func (e *TemplateParamRef) Pos() token.Pos { return e.P }
func (e *Unary) Pos() token.Pos            { return e.P }
func (e *Binary) Pos() token.Pos           { return e.P }
func (e *Convert) Pos() token.Pos          { return e.P }
func (e *Cond) Pos() token.Pos             { return e.P }
func (e *Load) Pos() token.Pos             { return e.P }
func (e *PtrAdd) Pos() token.Pos           { return e.P }
func (e *PtrDiff) Pos() token.Pos          { return e.P }
func (e *AddrOf) Pos() token.Pos           { return e.P }
func (e *Field) Pos() token.Pos            { return e.P }
func (e *Dim3Lit) Pos() token.Pos          { return e.P }
func (e *InitList) Pos() token.Pos         { return e.P }
func (e *Call) Pos() token.Pos             { return e.P }
func (e *Closure) Pos() token.Pos          { return e.P }
func (e *Intrinsic) Pos() token.Pos        { return e.P }
func (e *Atomic) Pos() token.Pos           { return e.P }
func (e *Warp) Pos() token.Pos             { return e.P }
func (e *Sync) Pos() token.Pos             { return e.P }
func (e *Unknown) Pos() token.Pos          { return e.P }
func (e *FuncRef) Pos() token.Pos          { return e.P }

func (e *Const) Type() Type            { return e.T }
func (e *FloatConst) Type() Type       { return e.T }
func (e *StringLit) Type() Type        { return &PointerType{Elem: Char, Const: true} }
func (e *VarRef) Type() Type           { return e.Var.Type }
func (e *TemplateParamRef) Type() Type { return e.T }
func (e *Unary) Type() Type            { return e.T }
func (e *Binary) Type() Type           { return e.T }
func (e *Convert) Type() Type          { return e.T }
func (e *Cond) Type() Type             { return e.T }
func (e *Load) Type() Type             { return e.T }
func (e *PtrAdd) Type() Type           { return e.T }
func (e *PtrDiff) Type() Type          { return e.T }
func (e *AddrOf) Type() Type           { return e.T }
func (e *Field) Type() Type            { return e.T }
func (e *Dim3Lit) Type() Type          { return Dim3 }
func (e *InitList) Type() Type         { return e.T }
func (e *Call) Type() Type             { return e.T }
func (e *Closure) Type() Type          { return e.T }
func (e *Intrinsic) Type() Type        { return e.T }
func (e *Atomic) Type() Type           { return e.T }
func (e *Warp) Type() Type             { return e.T }
func (e *Unknown) Type() Type          { return e.T }
func (e *FuncRef) Type() Type          { return e.T }

// Type of a Sync is int for the reducing forms and void otherwise.
func (e *Sync) Type() Type {
	if e.Reduce != "" {
		return Int
	}
	return Void
}

// Type of a Builtin is unsigned int, or int for warpSize.
func (e *Builtin) Type() Type {
	if e.Kind == WarpSize {
		return Int
	}
	return Uint
}

func (*Const) isExpr()            {}
func (*FloatConst) isExpr()       {}
func (*StringLit) isExpr()        {}
func (*VarRef) isExpr()           {}
func (*Builtin) isExpr()          {}
func (*TemplateParamRef) isExpr() {}
func (*Unary) isExpr()            {}
func (*Binary) isExpr()           {}
func (*Convert) isExpr()          {}
func (*Cond) isExpr()             {}
func (*Load) isExpr()             {}
func (*PtrAdd) isExpr()           {}
func (*PtrDiff) isExpr()          {}
func (*AddrOf) isExpr()           {}
func (*Field) isExpr()            {}
func (*Dim3Lit) isExpr()          {}
func (*InitList) isExpr()         {}
func (*Call) isExpr()             {}
func (*Closure) isExpr()          {}
func (*Intrinsic) isExpr()        {}
func (*Atomic) isExpr()           {}
func (*Warp) isExpr()             {}
func (*Sync) isExpr()             {}
func (*Unknown) isExpr()          {}
func (*FuncRef) isExpr()          {}

// IntConst returns a Const of type t holding v truncated to t's width and
// re-extended according to its signedness.
func IntConst(pos token.Pos, t Type, v int64) *Const {
	return &Const{P: pos, T: t, Val: Truncate(t, v)}
}

// Truncate wraps v to the width and signedness of integer type t (bool
// becomes 0 or 1); other types return v unchanged.
func Truncate(t Type, v int64) int64 {
	switch t := t.(type) {
	case *BoolType:
		if v != 0 {
			return 1
		}
		return 0
	case *IntType:
		if t.Bits >= 64 {
			return v
		}
		shift := 64 - t.Bits
		if t.Signed {
			return v << shift >> shift
		}
		return int64(uint64(v) << shift >> shift)
	}
	return v
}

// ConstValue returns the value of an integer constant expression, seen
// through conversions and variables with a constant value (Var.Value).
func ConstValue(e Expr) (int64, bool) {
	switch e := e.(type) {
	case *Const:
		return e.Val, true
	case *Convert:
		return ConstValue(e.X)
	case *VarRef:
		if e.Var.Value != nil {
			return *e.Var.Value, true
		}
	}
	return 0, false
}
