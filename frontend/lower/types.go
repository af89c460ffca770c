package lower

import (
	"regexp"
	"strings"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// floatNames maps the CUDA/torch 16- and 8-bit float types (records in the
// shim) to their width.
var floatNames = map[string]int{
	"__half": 16, "half": 16, "c10::Half": 16, "at::Half": 16,
	"__nv_bfloat16": 16, "nv_bfloat16": 16, "c10::BFloat16": 16, "at::BFloat16": 16,
	"__nv_fp8_e4m3": 8, "__nv_fp8_e5m2": 8, "c10::Float8_e4m3fn": 8, "c10::Float8_e5m2": 8,
	"c10::Float8_e4m3fnuz": 8, "c10::Float8_e5m2fnuz": 8, "__nv_fp8_storage_t": 8,
}

// pairNames maps 2- and 4-element 16/8-bit float vectors to their element.
var pairNames = map[string]struct {
	elem string
	n    int
}{
	"__half2": {"__half", 2}, "half2": {"__half", 2},
	"__nv_bfloat162": {"__nv_bfloat16", 2}, "nv_bfloat162": {"__nv_bfloat16", 2},
	"__nv_fp8x2_e4m3": {"__nv_fp8_e4m3", 2}, "__nv_fp8x4_e4m3": {"__nv_fp8_e4m3", 4},
	"__nv_fp8x2_e5m2": {"__nv_fp8_e5m2", 2}, "__nv_fp8x4_e5m2": {"__nv_fp8_e5m2", 4},
}

// vecElems maps CUDA vector type prefixes to their element type.
var vecElems = map[string]ir.Type{
	"char": &ir.IntType{Bits: 8, Signed: true, Name: "signed char"}, "uchar": &ir.IntType{Bits: 8, Name: "unsigned char"},
	"short": &ir.IntType{Bits: 16, Signed: true, Name: "short"}, "ushort": &ir.IntType{Bits: 16, Name: "unsigned short"},
	"int": ir.Int, "uint": ir.Uint,
	"long": &ir.IntType{Bits: 64, Signed: true, Name: "long"}, "ulong": &ir.IntType{Bits: 64, Name: "unsigned long"},
	"longlong": &ir.IntType{Bits: 64, Signed: true, Name: "long long"}, "ulonglong": &ir.IntType{Bits: 64, Name: "unsigned long long"},
	"float": ir.Float, "double": ir.Double,
}

// recordName returns the qualified name of a record type without
// qualifiers or elaboration ("c10::Half", "float4", "at::Tensor").
func recordName(t clang.Type) string {
	s := t.CanonicalType().Spelling()
	for _, p := range []string{"const ", "volatile ", "struct ", "class ", "union "} {
		s = strings.ReplaceAll(s, p, "")
	}
	return lambdaDirs.ReplaceAllString(strings.TrimSpace(s), "(lambda at ")
}

// lambdaDirs matches the directories in a closure type's name, "(lambda
// at /abs/dir/file.cu:14:16)": names (of instantiations such as
// each<(lambda at file.cu:14:16)>) do not depend on where the tree is.
var lambdaDirs = regexp.MustCompile(`\(lambda at [^():]*/`)

// typeOf converts a clang type to the IR. fl (may be nil) supplies the
// template parameter names of a generic function.
func (l *tuLowerer) typeOf(t clang.Type, fl *funcLowerer) ir.Type {
	switch t.Kind() {
	case clang.Type_Elaborated:
		return l.typeOf(t.NamedType(), fl)
	case clang.Type_Typedef:
		ct := l.typeOf(t.CanonicalType(), fl)
		if it, ok := ct.(*ir.IntType); ok {
			name := strings.TrimPrefix(strings.TrimPrefix(t.Spelling(), "const "), "volatile ")
			name = strings.TrimPrefix(name, "std::")
			return &ir.IntType{Bits: it.Bits, Signed: it.Signed, Name: name}
		}
		return ct
	case clang.Type_LValueReference, clang.Type_RValueReference:
		return l.typeOf(t.PointeeType(), fl)
	}
	c := t.CanonicalType()
	if it := intType(c.Kind()); it != nil {
		return it
	}
	switch c.Kind() {
	case clang.Type_Bool:
		return ir.Bool
	case clang.Type_Float:
		return ir.Float
	case clang.Type_Double, clang.Type_LongDouble:
		return ir.Double
	case clang.Type_Half, clang.Type_Float16:
		return &ir.FloatType{Bits: 16, Name: "_Float16"}
	case clang.Type_BFloat16:
		return &ir.FloatType{Bits: 16, Name: "__bf16"}
	case clang.Type_Void:
		return ir.Void
	case clang.Type_LValueReference, clang.Type_RValueReference:
		// Deduced (auto& h = s_hist_buf[0]): the reference's referent.
		return l.typeOf(c.PointeeType(), fl)
	}
	// Parts come from the type as written (typedef names kept: int64_t*),
	// or from the canonical type where the written one is sugar of another
	// kind (auto, decltype) that has no parts of its own.
	src := t
	if t.Kind() != c.Kind() {
		src = c
	}
	switch c.Kind() {
	case clang.Type_Pointer:
		return &ir.PointerType{Elem: l.typeOf(src.PointeeType(), fl), Const: src.PointeeType().IsConstQualified()}
	case clang.Type_ConstantArray:
		return &ir.ArrayType{Elem: l.typeOf(src.ArrayElementType(), fl), Len: src.ArraySize()}
	case clang.Type_IncompleteArray:
		return &ir.ArrayType{Elem: l.typeOf(src.ArrayElementType(), fl), Len: -1}
	case clang.Type_Enum:
		if it := intType(c.Declaration().EnumDeclIntegerType().CanonicalType().Kind()); it != nil {
			return &ir.IntType{Bits: it.Bits, Signed: it.Signed, Name: recordName(c)}
		}
		return ir.Int
	case clang.Type_Record:
		return l.recordType(c)
	case clang.Type_NullPtr:
		return &ir.PointerType{Elem: ir.Void}
	case clang.Type_Invalid:
		return &ir.UnknownType{Spelling: t.Spelling(), Reason: "invalid type"}
	}
	if fl != nil {
		name := strings.TrimSpace(strings.TrimPrefix(t.Spelling(), "const "))
		if fl.typeParams[name] {
			return &ir.TypeParam{Name: name}
		}
	}
	return &ir.UnknownType{Spelling: t.Spelling(), Reason: "unsupported type " + c.Kind().Spelling()}
}

func (l *tuLowerer) recordType(c clang.Type) ir.Type {
	name := recordName(c)
	switch name {
	case "dim3", "uint3":
		return ir.Dim3
	case "at::Tensor", "torch::Tensor", "tvm::ffi::TensorView", "tvm::ffi::Tensor":
		// TVM FFI's tensors (FlashInfer's bindings) have the members the
		// launcher analysis summarises: size, stride, numel, ndim,
		// data_ptr, dtype, device.
		return ir.Tensor
	}
	if bits, ok := floatNames[name]; ok {
		return &ir.FloatType{Bits: bits, Name: name}
	}
	if p, ok := pairNames[name]; ok {
		return &ir.VectorType{Elem: &ir.FloatType{Bits: floatNames[p.elem], Name: p.elem}, N: p.n, Align: c.AlignOf(), Name: name}
	}
	if n := len(name); n >= 2 && name[n-1] >= '1' && name[n-1] <= '4' {
		if e, ok := vecElems[name[:n-1]]; ok {
			return &ir.VectorType{Elem: e, N: int(name[n-1] - '0'), Align: c.AlignOf(), Name: name}
		}
	}
	size := c.SizeOf()
	if size < 0 {
		size = -1
	}
	return &ir.StructType{Name: name, Bytes: size}
}

// intType returns the IR type of a builtin integer kind (LP64), or nil.
func intType(k clang.TypeKind) *ir.IntType {
	switch k {
	case clang.Type_Char_S, clang.Type_SChar:
		return &ir.IntType{Bits: 8, Signed: true, Name: "char"}
	case clang.Type_Char_U, clang.Type_UChar:
		return &ir.IntType{Bits: 8, Name: "unsigned char"}
	case clang.Type_Short:
		return &ir.IntType{Bits: 16, Signed: true, Name: "short"}
	case clang.Type_UShort, clang.Type_Char16:
		return &ir.IntType{Bits: 16, Name: "unsigned short"}
	case clang.Type_Int:
		return &ir.IntType{Bits: 32, Signed: true, Name: "int"}
	case clang.Type_UInt, clang.Type_Char32:
		return &ir.IntType{Bits: 32, Name: "unsigned int"}
	case clang.Type_WChar:
		return &ir.IntType{Bits: 32, Signed: true, Name: "wchar_t"}
	case clang.Type_Long:
		return &ir.IntType{Bits: 64, Signed: true, Name: "long"}
	case clang.Type_ULong:
		return &ir.IntType{Bits: 64, Name: "unsigned long"}
	case clang.Type_LongLong:
		return &ir.IntType{Bits: 64, Signed: true, Name: "long long"}
	case clang.Type_ULongLong:
		return &ir.IntType{Bits: 64, Name: "unsigned long long"}
	}
	return nil
}
