package clang

/*
#include "cv.h"

static inline cvString cv_cursorKindSpelling(int k) { return cvSOut(clang_getCursorKindSpelling(k)); }
*/
import "C"

import "fmt"

//go:generate go run ./internal/gen -header /usr/lib/llvm-15/include/clang-c/Index.h -o kinds_gen.go

// CursorKind is the kind of a Cursor, libclang's enum CXCursorKind. Its
// values, Cursor_*, are generated into kinds_gen.go.
type CursorKind uint32

// TypeKind is the kind of a Type, libclang's enum CXTypeKind. Its values,
// Type_*, are generated into kinds_gen.go.
type TypeKind uint32

// Spelling returns libclang's name of the kind ("CallExpr",
// "attribute(global)", …), or "CursorKind(N)" for a value that is no
// enumerator (libclang would abort on it).
func (k CursorKind) Spelling() string {
	if !k.isEnumerator() {
		return fmt.Sprintf("CursorKind(%d)", uint32(k))
	}
	return cxString(C.cv_cursorKindSpelling(C.int(k)))
}

// String returns k.Spelling().
func (k CursorKind) String() string { return k.Spelling() }

// IsDeclaration reports whether k is a declaration kind.
func (k CursorKind) IsDeclaration() bool { return C.clang_isDeclaration(uint32(k)) != 0 }

// IsReference reports whether k is a reference kind (TypeRef, TemplateRef,
// MemberRef, …), which names an entity without being an expression.
func (k CursorKind) IsReference() bool { return C.clang_isReference(uint32(k)) != 0 }

// IsExpression reports whether k is an expression kind.
func (k CursorKind) IsExpression() bool { return C.clang_isExpression(uint32(k)) != 0 }

// IsStatement reports whether k is a statement kind.
func (k CursorKind) IsStatement() bool { return C.clang_isStatement(uint32(k)) != 0 }

// IsAttribute reports whether k is an attribute kind.
func (k CursorKind) IsAttribute() bool { return C.clang_isAttribute(uint32(k)) != 0 }

// IsInvalid reports whether k is an invalid kind (such as Cursor_NoDeclFound).
func (k CursorKind) IsInvalid() bool { return C.clang_isInvalid(uint32(k)) != 0 }

// IsTranslationUnit reports whether k is Cursor_TranslationUnit.
func (k CursorKind) IsTranslationUnit() bool { return C.clang_isTranslationUnit(uint32(k)) != 0 }

// IsPreprocessing reports whether k is a preprocessing kind (macro
// definition or expansion, inclusion directive).
func (k CursorKind) IsPreprocessing() bool { return C.clang_isPreprocessing(uint32(k)) != 0 }

// IsUnexposed reports whether k is one of the Unexposed kinds, which
// libclang uses for nodes it has no kind for (implicit casts, for example).
func (k CursorKind) IsUnexposed() bool { return C.clang_isUnexposed(uint32(k)) != 0 }

// ChildVisitResult tells Cursor.Visit how to continue.
type ChildVisitResult uint32

// The ChildVisitResult values, from libclang's CXChildVisitResult.
const (
	// ChildVisit_Break stops the walk.
	ChildVisit_Break ChildVisitResult = C.CXChildVisit_Break
	// ChildVisit_Continue skips the cursor's children and goes on with its
	// next sibling.
	ChildVisit_Continue ChildVisitResult = C.CXChildVisit_Continue
	// ChildVisit_Recurse visits the cursor's children, then its siblings.
	ChildVisit_Recurse ChildVisitResult = C.CXChildVisit_Recurse
)

// TemplateArgumentKind is the kind of a template argument.
type TemplateArgumentKind uint32

// The TemplateArgumentKind values, from libclang's CXTemplateArgumentKind.
const (
	// TemplateArgumentKind_Null is no argument.
	TemplateArgumentKind_Null TemplateArgumentKind = C.CXTemplateArgumentKind_Null
	// TemplateArgumentKind_Type is a type argument (float).
	TemplateArgumentKind_Type TemplateArgumentKind = C.CXTemplateArgumentKind_Type
	// TemplateArgumentKind_Declaration is a declaration (a pointer to an object).
	TemplateArgumentKind_Declaration TemplateArgumentKind = C.CXTemplateArgumentKind_Declaration
	// TemplateArgumentKind_NullPtr is a null pointer argument.
	TemplateArgumentKind_NullPtr TemplateArgumentKind = C.CXTemplateArgumentKind_NullPtr
	// TemplateArgumentKind_Integral is an integral value (256).
	TemplateArgumentKind_Integral TemplateArgumentKind = C.CXTemplateArgumentKind_Integral
	// TemplateArgumentKind_Template is a template name.
	TemplateArgumentKind_Template TemplateArgumentKind = C.CXTemplateArgumentKind_Template
	// TemplateArgumentKind_TemplateExpansion is a pack expansion of a template name.
	TemplateArgumentKind_TemplateExpansion TemplateArgumentKind = C.CXTemplateArgumentKind_TemplateExpansion
	// TemplateArgumentKind_Expression is an expression not yet evaluated.
	TemplateArgumentKind_Expression TemplateArgumentKind = C.CXTemplateArgumentKind_Expression
	// TemplateArgumentKind_Pack is a parameter pack.
	TemplateArgumentKind_Pack TemplateArgumentKind = C.CXTemplateArgumentKind_Pack
	// TemplateArgumentKind_Invalid is returned for a bad index or cursor.
	TemplateArgumentKind_Invalid TemplateArgumentKind = C.CXTemplateArgumentKind_Invalid
)

// StorageClass is the C++ storage class of a declaration.
type StorageClass uint32

// The StorageClass values, from libclang's CX_StorageClass.
const (
	// SC_Invalid is returned for a cursor that is not a declaration.
	SC_Invalid StorageClass = C.CX_SC_Invalid
	// SC_None means no storage-class specifier.
	SC_None StorageClass = C.CX_SC_None
	// SC_Extern is extern.
	SC_Extern StorageClass = C.CX_SC_Extern
	// SC_Static is static.
	SC_Static StorageClass = C.CX_SC_Static
	// SC_PrivateExtern is __private_extern__.
	SC_PrivateExtern StorageClass = C.CX_SC_PrivateExtern
	// SC_OpenCLWorkGroupLocal is OpenCL's __local.
	SC_OpenCLWorkGroupLocal StorageClass = C.CX_SC_OpenCLWorkGroupLocal
	// SC_Auto is auto (C).
	SC_Auto StorageClass = C.CX_SC_Auto
	// SC_Register is register.
	SC_Register StorageClass = C.CX_SC_Register
)
