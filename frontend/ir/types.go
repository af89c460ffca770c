package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// A Type is the type of an IR value. Integer types carry their exact width
// and signedness so that checkers can reproduce C's wrap-around semantics.
// Types are compared by value with Identical; the predefined pointers (Int,
// Int64, ...) are conveniences, not identities.
type Type interface {
	// String returns the C spelling of the type (for messages).
	String() string
	// Size is the size in bytes, or -1 when it is unknown.
	Size() int64
	isType()
}

// IntType is a C integer type (bool is BoolType, not IntType).
type IntType struct {
	Bits   int    // 8, 16, 32 or 64
	Signed bool   // true for signed types
	Name   string // C spelling, e.g. "int", "int64_t", "unsigned int", "size_t"; may be empty
}

// BoolType is C++ bool.
type BoolType struct{}

// FloatType is a floating-point scalar type: float, double and the 16- and
// 8-bit types of CUDA and torch (__half, __nv_bfloat16, c10::Half, fp8 ...).
type FloatType struct {
	Bits int    // 8, 16, 32 or 64
	Name string // C spelling
}

// VectorType is a CUDA vector type such as float4, int2, __half2 or
// __nv_bfloat162: N elements of Elem, aligned to Align bytes.
type VectorType struct {
	Elem  Type
	N     int
	Align int64
	Name  string
}

// AddrSpace is the CUDA memory space a pointer or array lives in.
type AddrSpace int

// Address spaces. Generic means "not known statically".
const (
	Generic AddrSpace = iota
	Global
	Shared
	Local
	Constant
)

var spaceNames = [...]string{"generic", "global", "shared", "local", "constant"}

func (s AddrSpace) String() string {
	if int(s) < len(spaceNames) {
		return spaceNames[s]
	}
	return "space(" + strconv.Itoa(int(s)) + ")"
}

// PointerType is a pointer to Elem. Space is the address space when the
// lowering knows it (kernel pointer parameters are Global).
type PointerType struct {
	Elem  Type
	Space AddrSpace
	Const bool // pointee is const-qualified
}

// ArrayType is a C array of Len elements; Len is -1 for an array of unknown
// bound (extern __shared__ T s[]). Multi-dimensional arrays nest.
type ArrayType struct {
	Elem Type
	Len  int64
}

// StructType is a record type the IR treats as opaque, apart from its fields'
// names in Field expressions (dim3, kernel parameter structs, cub storage).
type StructType struct {
	Name  string
	Bytes int64 // size in bytes, -1 if unknown
}

// TensorType is a torch::Tensor (at::Tensor) value of host code.
type TensorType struct{}

// VoidType is void.
type VoidType struct{}

// TypeParam is a template type parameter that is not bound (the primary
// template lowered with symbolic parameters).
type TypeParam struct{ Name string }

// UnknownType is a type the lowering could not understand, such as a type
// that failed to parse. It is never silently replaced by int.
type UnknownType struct {
	Spelling string
	Reason   string
}

func (*IntType) isType()     {}
func (*BoolType) isType()    {}
func (*FloatType) isType()   {}
func (*VectorType) isType()  {}
func (*PointerType) isType() {}
func (*ArrayType) isType()   {}
func (*StructType) isType()  {}
func (*TensorType) isType()  {}
func (*VoidType) isType()    {}
func (*TypeParam) isType()   {}
func (*UnknownType) isType() {}

// Predefined types.
var (
	Bool   Type = &BoolType{}
	Void   Type = &VoidType{}
	Tensor Type = &TensorType{}
	Char   Type = &IntType{8, true, "char"}
	Int    Type = &IntType{32, true, "int"}
	Uint   Type = &IntType{32, false, "unsigned int"}
	Int64  Type = &IntType{64, true, "int64_t"}
	Uint64 Type = &IntType{64, false, "uint64_t"}
	Float  Type = &FloatType{32, "float"}
	Double Type = &FloatType{64, "double"}
	// Dim3 is CUDA's dim3 (and uint3): three unsigned int fields x, y, z.
	Dim3 Type = &StructType{Name: "dim3", Bytes: 12}
)

func (t *IntType) String() string {
	if t.Name != "" {
		return t.Name
	}
	if t.Signed {
		return fmt.Sprintf("int%d_t", t.Bits)
	}
	return fmt.Sprintf("uint%d_t", t.Bits)
}
func (t *IntType) Size() int64 { return int64(t.Bits / 8) }

// Min and Max return the smallest and largest value of t.
func (t *IntType) Min() int64 {
	if !t.Signed {
		return 0
	}
	return -1 << (t.Bits - 1)
}

// Max returns the largest value of t as a uint64.
func (t *IntType) Max() uint64 {
	if t.Signed {
		return 1<<(t.Bits-1) - 1
	}
	if t.Bits == 64 {
		return ^uint64(0)
	}
	return 1<<t.Bits - 1
}

func (*BoolType) String() string { return "bool" }
func (*BoolType) Size() int64    { return 1 }

func (t *FloatType) String() string {
	if t.Name != "" {
		return t.Name
	}
	return fmt.Sprintf("float%d", t.Bits)
}
func (t *FloatType) Size() int64 { return int64(t.Bits / 8) }

func (t *VectorType) String() string {
	if t.Name != "" {
		return t.Name
	}
	return fmt.Sprintf("%s%d", t.Elem, t.N)
}
func (t *VectorType) Size() int64 {
	if s := t.Elem.Size(); s >= 0 {
		return s * int64(t.N)
	}
	return -1
}

func (t *PointerType) String() string {
	s := t.Elem.String()
	if t.Const {
		s = "const " + s
	}
	return s + "*"
}
func (*PointerType) Size() int64 { return 8 }

// String spells the array as C does: float[32][33] is 32 rows of 33.
func (t *ArrayType) String() string {
	dims := ""
	var e Type = t
	for {
		a, ok := e.(*ArrayType)
		if !ok {
			break
		}
		if a.Len < 0 {
			dims += "[]"
		} else {
			dims += fmt.Sprintf("[%d]", a.Len)
		}
		e = a.Elem
	}
	return e.String() + dims
}
func (t *ArrayType) Size() int64 {
	es := t.Elem.Size()
	if t.Len < 0 || es < 0 {
		return -1
	}
	return es * t.Len
}

func (t *StructType) String() string { return t.Name }
func (t *StructType) Size() int64    { return t.Bytes }
func (*TensorType) String() string   { return "torch::Tensor" }
func (*TensorType) Size() int64      { return -1 }
func (*VoidType) String() string     { return "void" }
func (*VoidType) Size() int64        { return -1 }
func (t *TypeParam) String() string  { return t.Name }
func (*TypeParam) Size() int64       { return -1 }
func (t *UnknownType) String() string {
	if strings.HasPrefix(t.Spelling, "&") {
		return t.Spelling // a function template argument
	}
	if t.Spelling != "" {
		return "unknown(" + t.Spelling + ")"
	}
	return "unknown"
}
func (*UnknownType) Size() int64 { return -1 }

// IsInteger reports whether t is an integer type (not bool).
func IsInteger(t Type) bool { _, ok := t.(*IntType); return ok }

// IsUnknown reports whether t is, or is built from, an UnknownType or TypeParam.
func IsUnknown(t Type) bool {
	switch t := t.(type) {
	case *UnknownType, *TypeParam:
		return true
	case *PointerType:
		return IsUnknown(t.Elem)
	case *ArrayType:
		return IsUnknown(t.Elem)
	}
	return false
}

// Elem returns the element type of a pointer or array type, or nil.
func Elem(t Type) Type {
	switch t := t.(type) {
	case *PointerType:
		return t.Elem
	case *ArrayType:
		return t.Elem
	}
	return nil
}

// Identical reports whether a and b denote the same type.
func Identical(a, b Type) bool {
	switch a := a.(type) {
	case *IntType:
		b, ok := b.(*IntType)
		return ok && a.Bits == b.Bits && a.Signed == b.Signed
	case *FloatType:
		b, ok := b.(*FloatType)
		return ok && a.Bits == b.Bits && a.Name == b.Name
	case *PointerType:
		b, ok := b.(*PointerType)
		return ok && Identical(a.Elem, b.Elem)
	case *ArrayType:
		b, ok := b.(*ArrayType)
		return ok && a.Len == b.Len && Identical(a.Elem, b.Elem)
	case *VectorType:
		b, ok := b.(*VectorType)
		return ok && a.N == b.N && Identical(a.Elem, b.Elem)
	case *StructType:
		b, ok := b.(*StructType)
		return ok && a.Name == b.Name
	case *TypeParam:
		b, ok := b.(*TypeParam)
		return ok && a.Name == b.Name
	case *UnknownType:
		return false
	}
	return fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b)
}

// Promote applies C's integer promotion: bool and integer types narrower
// than int become int (C++ [conv.prom]); other types are returned unchanged.
func Promote(t Type) Type {
	switch t := t.(type) {
	case *BoolType:
		return Int
	case *IntType:
		if t.Bits < 32 {
			return Int
		}
	}
	return t
}

// UsualArith returns the common type of the usual arithmetic conversions
// ([expr.arith.conv]) for operands of types a and b: if either is floating,
// the wider floating type; otherwise both are promoted and the integer type
// of greater rank wins, the unsigned one when ranks are equal, and a signed
// type of greater rank wins only if it can represent every value of the
// unsigned one (which, for our LP64 widths, means it is wider).
// It returns nil when either type is not arithmetic.
func UsualArith(a, b Type) Type {
	fa, aok := a.(*FloatType)
	fb, bok := b.(*FloatType)
	switch {
	case aok && bok:
		if fb.Bits > fa.Bits {
			return fb
		}
		return fa
	case aok:
		if isArith(b) {
			return fa
		}
		return nil
	case bok:
		if isArith(a) {
			return fb
		}
		return nil
	}
	ia, ok1 := Promote(a).(*IntType)
	ib, ok2 := Promote(b).(*IntType)
	if !ok1 || !ok2 {
		return nil
	}
	switch {
	case ia.Signed == ib.Signed:
		if ib.Bits > ia.Bits {
			return ib
		}
		return ia
	case ia.Signed: // ib unsigned
		if ia.Bits > ib.Bits {
			return ia
		}
		return ib
	default: // ia unsigned, ib signed
		if ib.Bits > ia.Bits {
			return ib
		}
		return ia
	}
}

func isArith(t Type) bool {
	switch t.(type) {
	case *IntType, *BoolType, *FloatType:
		return true
	}
	return false
}
