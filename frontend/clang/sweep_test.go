package clang

import "testing"

// sweepSrc exercises C++ and CUDA constructs whose cursors and types have
// crashed libclang 15 queries: placeholder types (overload sets, bound
// member functions, builtins), dependent and undeduced types, incomplete
// types, packs, lambdas, structured bindings and recovery from errors.
const sweepSrc = `#include <vector>
#include <memory>
#include <algorithm>
struct H { float v; __device__ int m() const { return 1; } __device__ void m(int); };
__device__ H operator*(H a, int b);
struct Fwd; extern Fwd fwd; extern int unknown_bound[];
template <typename... Ts> __device__ int count(Ts... ts) { return sizeof...(Ts) + sizeof...(ts); }
template <typename T> __global__ void kt(T *x, int n) {
  T y = x[0] * n; x[1] = y; auto l = [&](int i) { return x[i] * n; }; y = l(2);
  typename T::type z = T::value + sizeof(T); x->foo(3); x[0].bar = 1; auto u = x[0]; decltype(auto) w = y;
  H h; h.m(); (void)&H::m; int arr[] = {1, 2}; auto [p, q] = arr; __syncthreads();
}
template <typename T> struct W { static constexpr int v = sizeof(T) * 2; T t; };
__global__ void k2(float *x, int n, H h) {
  x[0] = undeclared_fn(n) + W<float>::v; int zz = undeclared_var; h.m(); auto pm = &H::v; x[1] = h.*pm;
  int c = count(1, 2.0, 'c'); x[2] = c > 0 ? 1.f : 2.f; goto end; end: ;
  [[maybe_unused]] auto g = [](auto a) { return a + 1; };
  const char *s = "str"; x[3] = sizeof(fwd) + s[0];
}
`

// TestNoCrashSweep calls every query on every cursor of sweepSrc (with
// <vector>, <memory>, <algorithm>), on the null cursor and on the zero
// Type. A libclang crash ends the process, so this must simply finish.
func TestNoCrashSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("walks the standard headers")
	}
	tu := parse(t, sweepSrc)
	var n int
	tu.TranslationUnitCursor().Visit(func(c, _ Cursor) ChildVisitResult {
		n++
		queryAll(tu, c)
		return ChildVisit_Recurse
	})
	queryAll(tu, NewNullCursor())
	queryType(Type{})
	for k := CursorKind(0); k <= Cursor_OverloadCandidate; k++ {
		_ = k.Spelling()
	}
	for k := TypeKind(0); k <= Type_BTFTagAttributed; k++ {
		_ = k.Spelling()
	}
	if n < 10000 {
		t.Errorf("only %d cursors", n)
	}
}

func queryAll(tu TranslationUnit, c Cursor) {
	_, _, _, _ = c.Kind(), c.Spelling(), c.DisplayName(), c.USR()
	_, _, _, _ = c.Location(), c.Extent(), c.IsFromMainFile(), c.Evaluate()
	_, _, _, _ = c.Referenced(), c.Definition(), c.CanonicalCursor(), c.SemanticParent()
	_, _, _, _ = c.LexicalParent(), c.HashCursor(), c.IsDefinition(), c.IsInvalidDeclaration()
	_, _, _, _ = c.StorageClass(), c.HasAttrs(), c.NumArguments(), c.Argument(0)
	_, _, _, _ = c.SpecializedCursorTemplate(), c.TemplateCursorKind(), c.NumTemplateArguments(), c.TemplateArgumentKind(0)
	_, _, _, _ = c.TemplateArgumentType(0), c.TemplateArgumentValue(0), c.TemplateArgumentUnsignedValue(0), c.TypedefDeclUnderlyingType()
	_, _, _, _ = c.EnumDeclIntegerType(), c.EnumConstantDeclValue(), c.EnumConstantDeclUnsignedValue(), c.FieldDeclBitWidth()
	_, _, _, _ = c.IsBitField(), c.IsVariadic(), c.CXXMethod_IsStatic(), c.CXXMethod_IsConst()
	_, _ = c.CXXMethod_IsVirtual(), c.PrettyPrinted()
	_ = tu.BinaryOperator(c)
	_, _ = tu.UnaryOperator(c)
	queryType(c.Type())
	queryType(c.ResultType())
}

func queryType(t Type) {
	_, _, _, _ = t.Kind(), t.Spelling(), t.CanonicalType(), t.PointeeType()
	_, _, _, _ = t.ElementType(), t.ArrayElementType(), t.ArraySize(), t.NumElements()
	_, _, _, _ = t.SizeOf(), t.AlignOf(), t.IsConstQualified(), t.IsVolatileQualified()
	_, _, _, _ = t.IsRestrictQualified(), t.Declaration(), t.NamedType(), t.NumTemplateArguments()
	_, _, _, _ = t.TemplateArgumentAsType(0), t.ResultType(), t.NumArgTypes(), t.ArgType(0)
	_, _, _, _ = t.IsFunctionTypeVariadic(), t.IsPODType(), t.TypedefName(), t.ModifiedType()
	_, _, _ = t.ValueType(), t.AddressSpace(), t.Equal(t)
	_, _ = t.CanonicalType().SizeOf(), t.PointeeType().SizeOf()
}
