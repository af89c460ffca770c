package clang

/*
#include "cv.h"

// Every wrapper first rejects the null type (no QualType in data[0], as in
// Type_Invalid and the zero Type): libclang 15 dereferences it in several
// functions (clang_getTypedefName crashes). The fallbacks are the values
// libclang documents for "no such thing": an invalid type, an empty string
// (an all-zero CXString), a null cursor, -1 or 0.
#define CV_T(t) cvT(t)
#define CV_NULLTYPE(t) ((t).data[0] == 0)
static const cvType cvNoType;
static const cvString cvNoString;

static inline cvString cv_typeSpelling(cvType t) { return CV_NULLTYPE(t) ? cvNoString : cvSOut(clang_getTypeSpelling(CV_T(t))); }
static inline cvType cv_canonicalType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_getCanonicalType(CV_T(t))); }
static inline cvType cv_pointeeType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_getPointeeType(CV_T(t))); }
static inline cvType cv_elementType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_getElementType(CV_T(t))); }
static inline cvType cv_arrayElementType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_getArrayElementType(CV_T(t))); }
static inline long long cv_arraySize(cvType t) { return CV_NULLTYPE(t) ? -1 : clang_getArraySize(CV_T(t)); }
static inline long long cv_numElements(cvType t) { return CV_NULLTYPE(t) ? -1 : clang_getNumElements(CV_T(t)); }
// cv_layoutUnsafe reports types whose layout query crashes libclang 15: the
// null type and clang's placeholder types ("<overloaded function type>",
// "<bound member function type>", "<builtin fn type>", …), which libclang
// exposes as Overload or as Unexposed types whose canonical type is
// Unexposed too and whose spelling starts with '<'.
static inline int cv_layoutUnsafe(cvType t) {
	if (CV_NULLTYPE(t) || t.kind == CXType_Overload) return 1;
	if (t.kind != CXType_Unexposed || clang_getCanonicalType(CV_T(t)).kind != CXType_Unexposed) return 0;
	CXString s = clang_getTypeSpelling(CV_T(t));
	const char *c = clang_getCString(s);
	int placeholder = c && c[0] == '<';
	clang_disposeString(s);
	return placeholder;
}
static inline long long cv_sizeOf(cvType t) {
	return cv_layoutUnsafe(t) ? CXTypeLayoutError_Invalid : clang_Type_getSizeOf(CV_T(t));
}
static inline long long cv_alignOf(cvType t) {
	return cv_layoutUnsafe(t) ? CXTypeLayoutError_Invalid : clang_Type_getAlignOf(CV_T(t));
}
static inline unsigned cv_isConst(cvType t) { return CV_NULLTYPE(t) ? 0 : clang_isConstQualifiedType(CV_T(t)); }
static inline unsigned cv_isVolatile(cvType t) { return CV_NULLTYPE(t) ? 0 : clang_isVolatileQualifiedType(CV_T(t)); }
static inline unsigned cv_isRestrict(cvType t) { return CV_NULLTYPE(t) ? 0 : clang_isRestrictQualifiedType(CV_T(t)); }
static inline cvCursor cv_typeDeclaration(cvType t) {
	return cvCOut(CV_NULLTYPE(t) ? clang_getNullCursor() : clang_getTypeDeclaration(CV_T(t)));
}
static inline cvType cv_namedType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_Type_getNamedType(CV_T(t))); }
static inline int cv_typeNumTemplateArgs(cvType t) { return CV_NULLTYPE(t) ? -1 : clang_Type_getNumTemplateArguments(CV_T(t)); }
static inline cvType cv_typeTemplateArg(cvType t, unsigned i) {
	return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_Type_getTemplateArgumentAsType(CV_T(t), i));
}
static inline cvType cv_typeResultType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_getResultType(CV_T(t))); }
static inline int cv_numArgTypes(cvType t) { return CV_NULLTYPE(t) ? -1 : clang_getNumArgTypes(CV_T(t)); }
static inline cvType cv_argType(cvType t, unsigned i) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_getArgType(CV_T(t), i)); }
static inline unsigned cv_isFunctionVariadic(cvType t) { return CV_NULLTYPE(t) ? 0 : clang_isFunctionTypeVariadic(CV_T(t)); }
static inline unsigned cv_isPOD(cvType t) { return CV_NULLTYPE(t) ? 0 : clang_isPODType(CV_T(t)); }
static inline cvString cv_typedefName(cvType t) { return CV_NULLTYPE(t) ? cvNoString : cvSOut(clang_getTypedefName(CV_T(t))); }
static inline unsigned cv_equalTypes(cvType a, cvType b) { return clang_equalTypes(CV_T(a), CV_T(b)); }
static inline cvType cv_modifiedType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_Type_getModifiedType(CV_T(t))); }
static inline cvType cv_valueType(cvType t) { return CV_NULLTYPE(t) ? cvNoType : cvTOut(clang_Type_getValueType(CV_T(t))); }
static inline unsigned cv_addressSpace(cvType t) { return CV_NULLTYPE(t) ? 0 : clang_getAddressSpace(CV_T(t)); }
static inline cvString cv_typeKindSpelling(int k) { return cvSOut(clang_getTypeKindSpelling(k)); }
*/
import "C"

import "fmt"

// Type is the type of a declaration or expression. It is a plain value,
// valid while its TranslationUnit is.
type Type struct {
	c C.cvType
}

// Kind returns the type's kind; Type_Invalid for no type.
func (t Type) Kind() TypeKind { return TypeKind(t.c.kind) }

// Spelling returns the type as clang prints it ("const float *",
// "unsigned int", "<dependent type>" inside a template).
func (t Type) Spelling() string { return cxString(C.cv_typeSpelling(t.c)) }

// CanonicalType returns t with every typedef, alias and elaboration removed.
func (t Type) CanonicalType() Type { return Type{C.cv_canonicalType(t.c)} }

// PointeeType returns the type a pointer or reference type refers to.
func (t Type) PointeeType() Type { return Type{C.cv_pointeeType(t.c)} }

// ElementType returns the element type of an array, vector or complex type.
func (t Type) ElementType() Type { return Type{C.cv_elementType(t.c)} }

// ArrayElementType returns the element type of an array type.
func (t Type) ArrayElementType() Type { return Type{C.cv_arrayElementType(t.c)} }

// ArraySize returns the length of a constant array type, or -1.
func (t Type) ArraySize() int64 { return int64(C.cv_arraySize(t.c)) }

// NumElements returns the length of an array or vector type, or -1.
func (t Type) NumElements() int64 { return int64(C.cv_numElements(t.c)) }

// SizeOf returns sizeof(t) in bytes, or a negative CXTypeLayoutError (-2
// incomplete, -3 dependent, …).
func (t Type) SizeOf() int64 { return int64(C.cv_sizeOf(t.c)) }

// AlignOf returns alignof(t) in bytes, or a negative CXTypeLayoutError.
func (t Type) AlignOf() int64 { return int64(C.cv_alignOf(t.c)) }

// IsConstQualified reports whether t itself (not a pointee) is const.
func (t Type) IsConstQualified() bool { return C.cv_isConst(t.c) != 0 }

// IsVolatileQualified reports whether t itself is volatile.
func (t Type) IsVolatileQualified() bool { return C.cv_isVolatile(t.c) != 0 }

// IsRestrictQualified reports whether t itself is restrict (__restrict__).
func (t Type) IsRestrictQualified() bool { return C.cv_isRestrict(t.c) != 0 }

// Declaration returns the declaration of a record, enum or typedef type,
// or a cursor of kind Cursor_NoDeclFound.
func (t Type) Declaration() Cursor { return Cursor{C.cv_typeDeclaration(t.c)} }

// NamedType returns the type an elaborated type (Type_Elaborated, such as
// "struct dim3" or "ns::T") names.
func (t Type) NamedType() Type { return Type{C.cv_namedType(t.c)} }

// NumTemplateArguments returns the number of template arguments of a
// template specialization type, or -1.
func (t Type) NumTemplateArguments() int32 { return int32(C.cv_typeNumTemplateArgs(t.c)) }

// TemplateArgumentAsType returns template argument i as a type (invalid
// when it is not a type).
func (t Type) TemplateArgumentAsType(i uint32) Type {
	return Type{C.cv_typeTemplateArg(t.c, C.uint(i))}
}

// ResultType returns the result type of a function type.
func (t Type) ResultType() Type { return Type{C.cv_typeResultType(t.c)} }

// NumArgTypes returns the number of parameters of a function type, or -1.
func (t Type) NumArgTypes() int32 { return int32(C.cv_numArgTypes(t.c)) }

// ArgType returns the type of parameter i of a function type.
func (t Type) ArgType(i uint32) Type { return Type{C.cv_argType(t.c, C.uint(i))} }

// IsFunctionTypeVariadic reports whether a function type takes "...".
func (t Type) IsFunctionTypeVariadic() bool { return C.cv_isFunctionVariadic(t.c) != 0 }

// IsPODType reports whether t is a plain old data type.
func (t Type) IsPODType() bool { return C.cv_isPOD(t.c) != 0 }

// TypedefName returns the name of a typedef type, or "".
func (t Type) TypedefName() string { return cxString(C.cv_typedefName(t.c)) }

// ModifiedType returns the type an attributed type (Type_Attributed) modifies.
func (t Type) ModifiedType() Type { return Type{C.cv_modifiedType(t.c)} }

// ValueType returns the value type of an _Atomic type.
func (t Type) ValueType() Type { return Type{C.cv_valueType(t.c)} }

// AddressSpace returns the target address space of t (0 for generic).
func (t Type) AddressSpace() uint32 { return uint32(C.cv_addressSpace(t.c)) }

// Equal reports whether t and o are the same type.
func (t Type) Equal(o Type) bool { return C.cv_equalTypes(t.c, o.c) != 0 }

// Spelling returns libclang's name of the kind ("Int", "Pointer", …), or
// "TypeKind(N)" for a value that is no enumerator.
func (k TypeKind) Spelling() string {
	if !k.isEnumerator() {
		return fmt.Sprintf("TypeKind(%d)", uint32(k))
	}
	return cxString(C.cv_typeKindSpelling(C.int(k)))
}

// String returns k.Spelling().
func (k TypeKind) String() string { return k.Spelling() }
