package clang

/*
#include "cv.h"

typedef struct { cvCursor *items; unsigned n, cap; } cvCursorList;

static enum CXChildVisitResult cv_collect(CXCursor c, CXCursor parent, CXClientData data) {
	cvCursorList *l = data;
	if (l->n == l->cap) {
		unsigned cap = l->cap ? 2 * l->cap : 8;
		cvCursor *items = realloc(l->items, cap * sizeof *items);
		if (!items) return CXChildVisit_Break;
		l->items = items;
		l->cap = cap;
	}
	l->items[l->n++] = cvCOut(c);
	return CXChildVisit_Continue;
}

// cv_children returns the direct children of c in a malloc'd array (free it).
static inline cvCursorList cv_children(cvCursor c) {
	cvCursorList l = {0, 0, 0};
	clang_visitChildren(cvC(c), cv_collect, &l);
	return l;
}

static inline cvCursor cv_nullCursor(void) { return cvCOut(clang_getNullCursor()); }
static inline int cv_kind(cvCursor c) { return clang_getCursorKind(cvC(c)); }
static inline cvString cv_spelling(cvCursor c) { return cvSOut(clang_getCursorSpelling(cvC(c))); }
static inline cvString cv_displayName(cvCursor c) { return cvSOut(clang_getCursorDisplayName(cvC(c))); }
static inline cvString cv_usr(cvCursor c) { return cvSOut(clang_getCursorUSR(cvC(c))); }
static inline cvType cv_type(cvCursor c) { return cvTOut(clang_getCursorType(cvC(c))); }
static inline cvType cv_resultType(cvCursor c) { return cvTOut(clang_getCursorResultType(cvC(c))); }
// cv_isFromMainFile reports whether the expansion location of c is in the
// main file. clang_Location_isFromMainFile alone is false for every location
// inside a macro expansion, even one invoked in the main file.
static inline int cv_cursorIsFromMainFile(cvCursor c) {
	CXCursor x = cvC(c);
	CXFile f = NULL;
	unsigned off = 0;
	clang_getExpansionLocation(clang_getCursorLocation(x), &f, NULL, NULL, &off);
	if (!f) return 0;
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(x);
	return tu && clang_Location_isFromMainFile(clang_getLocationForOffset(tu, f, off));
}
static inline cvLoc cv_location(cvCursor c) { return cvLOut(clang_getCursorLocation(cvC(c))); }
static inline cvRange cv_extent(cvCursor c) { return cvROut(clang_getCursorExtent(cvC(c))); }
static inline cvCursor cv_referenced(cvCursor c) { return cvCOut(clang_getCursorReferenced(cvC(c))); }
static inline cvCursor cv_definition(cvCursor c) { return cvCOut(clang_getCursorDefinition(cvC(c))); }
static inline unsigned cv_num_overloaded(cvCursor c) { return clang_getNumOverloadedDecls(cvC(c)); }
static inline cvCursor cv_overloaded(cvCursor c, unsigned i) { return cvCOut(clang_getOverloadedDecl(cvC(c), i)); }
static inline cvCursor cv_canonical(cvCursor c) { return cvCOut(clang_getCanonicalCursor(cvC(c))); }
static inline cvCursor cv_semanticParent(cvCursor c) { return cvCOut(clang_getCursorSemanticParent(cvC(c))); }
static inline cvCursor cv_lexicalParent(cvCursor c) { return cvCOut(clang_getCursorLexicalParent(cvC(c))); }
static inline int cv_isNull(cvCursor c) { return clang_Cursor_isNull(cvC(c)); }
static inline unsigned cv_equal(cvCursor a, cvCursor b) { return clang_equalCursors(cvC(a), cvC(b)); }
static inline unsigned cv_hash(cvCursor c) { return clang_hashCursor(cvC(c)); }
static inline unsigned cv_isDefinition(cvCursor c) { return clang_isCursorDefinition(cvC(c)); }
static inline unsigned cv_isInvalidDecl(cvCursor c) { return clang_isInvalidDeclaration(cvC(c)); }
static inline int cv_storageClass(cvCursor c) { return clang_Cursor_getStorageClass(cvC(c)); }
static inline unsigned cv_hasAttrs(cvCursor c) { return clang_Cursor_hasAttrs(cvC(c)); }
static inline long long cv_offsetOfField(cvCursor c) { return clang_Cursor_getOffsetOfField(cvC(c)); }
static inline int cv_numArguments(cvCursor c) { return clang_Cursor_getNumArguments(cvC(c)); }
static inline cvCursor cv_argument(cvCursor c, unsigned i) { return cvCOut(clang_Cursor_getArgument(cvC(c), i)); }
static inline cvCursor cv_specializedTemplate(cvCursor c) { return cvCOut(clang_getSpecializedCursorTemplate(cvC(c))); }
static inline int cv_templateCursorKind(cvCursor c) { return clang_getTemplateCursorKind(cvC(c)); }
static inline int cv_numTemplateArgs(cvCursor c) { return clang_Cursor_getNumTemplateArguments(cvC(c)); }
static inline int cv_templateArgKind(cvCursor c, unsigned i) { return clang_Cursor_getTemplateArgumentKind(cvC(c), i); }
static inline cvType cv_templateArgType(cvCursor c, unsigned i) { return cvTOut(clang_Cursor_getTemplateArgumentType(cvC(c), i)); }
static inline long long cv_templateArgValue(cvCursor c, unsigned i) { return clang_Cursor_getTemplateArgumentValue(cvC(c), i); }
static inline unsigned long long cv_templateArgUValue(cvCursor c, unsigned i) { return clang_Cursor_getTemplateArgumentUnsignedValue(cvC(c), i); }
static inline cvType cv_typedefUnderlying(cvCursor c) { return cvTOut(clang_getTypedefDeclUnderlyingType(cvC(c))); }
static inline cvType cv_enumIntegerType(cvCursor c) { return cvTOut(clang_getEnumDeclIntegerType(cvC(c))); }
static inline long long cv_enumConstValue(cvCursor c) { return clang_getEnumConstantDeclValue(cvC(c)); }
static inline unsigned long long cv_enumConstUValue(cvCursor c) { return clang_getEnumConstantDeclUnsignedValue(cvC(c)); }
static inline int cv_fieldBitWidth(cvCursor c) { return clang_getFieldDeclBitWidth(cvC(c)); }
static inline unsigned cv_isBitField(cvCursor c) { return clang_Cursor_isBitField(cvC(c)); }
static inline unsigned cv_isVariadic(cvCursor c) { return clang_Cursor_isVariadic(cvC(c)); }
static inline unsigned cv_methodIsStatic(cvCursor c) { return clang_CXXMethod_isStatic(cvC(c)); }
static inline unsigned cv_methodIsConst(cvCursor c) { return clang_CXXMethod_isConst(cvC(c)); }
static inline unsigned cv_methodIsVirtual(cvCursor c) { return clang_CXXMethod_isVirtual(cvC(c)); }
static inline cvString cv_prettyPrinted(cvCursor c) {
	CXCursor x = cvC(c);
	CXPrintingPolicy p = clang_getCursorPrintingPolicy(x);
	CXString s = clang_getCursorPrettyPrinted(x, p);
	clang_PrintingPolicy_dispose(p);
	return cvSOut(s);
}

typedef struct { int kind; int isUnsigned; long long i; unsigned long long u; double f; char *str; } cvEval;

// cv_evaluate evaluates c and copies the result out; str is malloc'd.
static inline cvEval cv_evaluate(cvCursor c) {
	cvEval r = {0, 0, 0, 0, 0, 0};
	CXEvalResult e = clang_Cursor_Evaluate(cvC(c));
	if (!e) return r;
	r.kind = clang_EvalResult_getKind(e);
	switch (r.kind) {
	case CXEval_Int:
		r.isUnsigned = clang_EvalResult_isUnsignedInt(e);
		r.i = clang_EvalResult_getAsLongLong(e);
		r.u = clang_EvalResult_getAsUnsigned(e);
		break;
	case CXEval_Float:
		r.f = clang_EvalResult_getAsDouble(e);
		break;
	case CXEval_StrLiteral:
	case CXEval_ObjCStrLiteral:
	case CXEval_CFStr: {
		const char *s = clang_EvalResult_getAsStr(e);
		r.str = s ? strdup(s) : NULL;
		break;
	}
	}
	clang_EvalResult_dispose(e);
	return r;
}
*/
import "C"

import "unsafe"

// Cursor is a node of a translation unit's AST (a declaration, statement,
// expression, attribute, reference or preprocessing entity). It is a plain
// value, valid while its TranslationUnit is, and never holds Go or C
// pointers that cgo would check.
type Cursor struct {
	c C.cvCursor
}

// NewNullCursor returns the null cursor, which IsNull reports.
func NewNullCursor() Cursor { return Cursor{C.cv_nullCursor()} }

// Kind returns the cursor's kind.
func (c Cursor) Kind() CursorKind { return CursorKind(C.cv_kind(c.c)) }

// Spelling returns the cursor's name: a declaration's name, the referenced
// name of a DeclRefExpr or MemberRefExpr, the callee name of a CallExpr.
func (c Cursor) Spelling() string { return cxString(C.cv_spelling(c.c)) }

// DisplayName returns the name with extra detail, such as a function's
// parameter types or a template specialization's arguments.
func (c Cursor) DisplayName() string { return cxString(C.cv_displayName(c.c)) }

// USR returns the Unified Symbol Resolution string of the entity the cursor
// declares, the same in every translation unit ("" when none).
func (c Cursor) USR() string { return cxString(C.cv_usr(c.c)) }

// Type returns the type of the declaration or expression at the cursor.
func (c Cursor) Type() Type { return Type{C.cv_type(c.c)} }

// ResultType returns the result type of a function or method cursor.
func (c Cursor) ResultType() Type { return Type{C.cv_resultType(c.c)} }

// Location returns the cursor's main location (a declaration's name, an
// expression's operator or start).
func (c Cursor) Location() SourceLocation { return SourceLocation{C.cv_location(c.c)} }

// Extent returns the source range the cursor covers.
func (c Cursor) Extent() SourceRange { return SourceRange{C.cv_extent(c.c)} }

// IsFromMainFile reports whether the cursor's location, after macro
// expansion, is in the main file. Unlike SourceLocation.IsFromMainFile it
// keeps cursors that come from a macro invoked in the main file (such as the
// attribute that __shared__ expands to, or an expression in IDX(row, col)).
func (c Cursor) IsFromMainFile() bool { return C.cv_cursorIsFromMainFile(c.c) != 0 }

// Children returns the direct children of c in libclang's visiting order.
func (c Cursor) Children() []Cursor {
	l := C.cv_children(c.c)
	if l.items == nil {
		return nil
	}
	defer C.free(unsafe.Pointer(l.items))
	src := unsafe.Slice(l.items, int(l.n))
	out := make([]Cursor, len(src))
	for i := range src {
		out[i] = Cursor{src[i]}
	}
	return out
}

// Visit walks the descendants of c in depth-first pre-order, calling visitor
// with each cursor and its parent. The visitor's result says whether to
// descend into the cursor (ChildVisit_Recurse), skip to its next sibling
// (ChildVisit_Continue) or stop the whole walk (ChildVisit_Break). Visit
// reports whether the walk was stopped by ChildVisit_Break.
func (c Cursor) Visit(visitor func(cursor, parent Cursor) ChildVisitResult) bool {
	for _, child := range c.Children() {
		switch visitor(child, c) {
		case ChildVisit_Break:
			return true
		case ChildVisit_Recurse:
			if child.Visit(visitor) {
				return true
			}
		}
	}
	return false
}

// Referenced returns the declaration that a reference or expression cursor
// refers to (for a CallExpr, the callee; for a kernel launch, the kernel
// specialization), or a null cursor.
func (c Cursor) Referenced() Cursor { return Cursor{C.cv_referenced(c.c)} }

// NumOverloadedDecls returns the number of declarations an
// OverloadedDeclRef cursor may denote (0 for other cursors).
func (c Cursor) NumOverloadedDecls() uint32 { return uint32(C.cv_num_overloaded(c.c)) }

// OverloadedDecl returns the i-th declaration an OverloadedDeclRef cursor
// may denote (a function template a dependent call names), or a null
// cursor.
func (c Cursor) OverloadedDecl(i uint32) Cursor { return Cursor{C.cv_overloaded(c.c, C.uint(i))} }

// Definition returns the definition of the entity c declares or refers to,
// or a null cursor when the unit has none.
func (c Cursor) Definition() Cursor { return Cursor{C.cv_definition(c.c)} }

// CanonicalCursor returns the canonical (first) declaration of the entity.
func (c Cursor) CanonicalCursor() Cursor { return Cursor{C.cv_canonical(c.c)} }

// SemanticParent returns the scope that semantically contains c (the class
// of an out-of-line method definition).
func (c Cursor) SemanticParent() Cursor { return Cursor{C.cv_semanticParent(c.c)} }

// LexicalParent returns the scope in which c is written.
func (c Cursor) LexicalParent() Cursor { return Cursor{C.cv_lexicalParent(c.c)} }

// IsNull reports whether c is the null cursor.
func (c Cursor) IsNull() bool { return C.cv_isNull(c.c) != 0 }

// Equal reports whether c and o are the same cursor.
func (c Cursor) Equal(o Cursor) bool { return C.cv_equal(c.c, o.c) != 0 }

// HashCursor returns a hash of c consistent with Equal.
func (c Cursor) HashCursor() uint32 { return uint32(C.cv_hash(c.c)) }

// IsDefinition reports whether c is the definition of its entity.
func (c Cursor) IsDefinition() bool { return C.cv_isDefinition(c.c) != 0 }

// IsInvalidDeclaration reports whether c is a declaration that clang
// marked invalid because of an error.
func (c Cursor) IsInvalidDeclaration() bool { return C.cv_isInvalidDecl(c.c) != 0 }

// StorageClass returns the storage class of a function or variable.
func (c Cursor) StorageClass() StorageClass { return StorageClass(C.cv_storageClass(c.c)) }

// HasAttrs reports whether c has attributes, including implicit ones.
func (c Cursor) HasAttrs() bool { return C.cv_hasAttrs(c.c) != 0 }

// NumArguments returns the number of arguments of a CallExpr or the number
// of parameters of a function declaration, or -1 for other cursors. For a
// kernel launch, the configuration call is not counted.
func (c Cursor) NumArguments() int32 { return int32(C.cv_numArguments(c.c)) }

// Argument returns argument (or parameter) i of a call or function.
func (c Cursor) Argument(i uint32) Cursor { return Cursor{C.cv_argument(c.c, C.uint(i))} }

// SpecializedCursorTemplate returns the template that c specializes or
// instantiates, or a null cursor.
func (c Cursor) SpecializedCursorTemplate() Cursor { return Cursor{C.cv_specializedTemplate(c.c)} }

// TemplateCursorKind returns the kind of declaration a template cursor
// would produce when instantiated (Cursor_FunctionDecl, Cursor_ClassDecl, …).
func (c Cursor) TemplateCursorKind() CursorKind { return CursorKind(C.cv_templateCursorKind(c.c)) }

// NumTemplateArguments returns the number of template arguments of a
// function or class template specialization, or -1.
func (c Cursor) NumTemplateArguments() int32 { return int32(C.cv_numTemplateArgs(c.c)) }

// TemplateArgumentKind returns the kind of template argument i.
func (c Cursor) TemplateArgumentKind(i uint32) TemplateArgumentKind {
	return TemplateArgumentKind(C.cv_templateArgKind(c.c, C.uint(i)))
}

// TemplateArgumentType returns template argument i as a type (an invalid
// Type when it is not a type).
func (c Cursor) TemplateArgumentType(i uint32) Type {
	return Type{C.cv_templateArgType(c.c, C.uint(i))}
}

// TemplateArgumentValue returns integral template argument i.
func (c Cursor) TemplateArgumentValue(i uint32) int64 {
	return int64(C.cv_templateArgValue(c.c, C.uint(i)))
}

// TemplateArgumentUnsignedValue returns integral template argument i as an
// unsigned value.
func (c Cursor) TemplateArgumentUnsignedValue(i uint32) uint64 {
	return uint64(C.cv_templateArgUValue(c.c, C.uint(i)))
}

// OffsetOfField returns the offset in bits of the field a FieldDecl cursor
// declares within its record, or a negative CXTypeLayoutError (an
// incomplete or dependent record, a cursor that is not a field).
func (c Cursor) OffsetOfField() int64 { return int64(C.cv_offsetOfField(c.c)) }

// TypedefDeclUnderlyingType returns the type a typedef or alias names.
func (c Cursor) TypedefDeclUnderlyingType() Type { return Type{C.cv_typedefUnderlying(c.c)} }

// EnumDeclIntegerType returns the integer type underlying an enum.
func (c Cursor) EnumDeclIntegerType() Type { return Type{C.cv_enumIntegerType(c.c)} }

// EnumConstantDeclValue returns the value of an enumerator.
func (c Cursor) EnumConstantDeclValue() int64 { return int64(C.cv_enumConstValue(c.c)) }

// EnumConstantDeclUnsignedValue returns the value of an enumerator of an
// unsigned enum.
func (c Cursor) EnumConstantDeclUnsignedValue() uint64 { return uint64(C.cv_enumConstUValue(c.c)) }

// FieldDeclBitWidth returns the width of a bit-field, or -1 for other fields.
func (c Cursor) FieldDeclBitWidth() int32 { return int32(C.cv_fieldBitWidth(c.c)) }

// IsBitField reports whether c is a bit-field.
func (c Cursor) IsBitField() bool { return C.cv_isBitField(c.c) != 0 }

// IsVariadic reports whether a function declaration takes "...".
func (c Cursor) IsVariadic() bool { return C.cv_isVariadic(c.c) != 0 }

// CXXMethod_IsStatic reports whether a C++ method is static.
func (c Cursor) CXXMethod_IsStatic() bool { return C.cv_methodIsStatic(c.c) != 0 }

// CXXMethod_IsConst reports whether a C++ method is const-qualified.
func (c Cursor) CXXMethod_IsConst() bool { return C.cv_methodIsConst(c.c) != 0 }

// CXXMethod_IsVirtual reports whether a C++ method is virtual.
func (c Cursor) CXXMethod_IsVirtual() bool { return C.cv_methodIsVirtual(c.c) != 0 }

// PrettyPrinted returns the declaration, statement or expression at c
// printed by clang with the unit's default printing policy: macros are
// expanded and implicit casts are not shown.
func (c Cursor) PrettyPrinted() string { return cxString(C.cv_prettyPrinted(c.c)) }

// EvalKind classifies an EvalResult.
type EvalKind int

// The EvalKind values.
const (
	// Eval_None means the cursor could not be evaluated.
	Eval_None EvalKind = iota
	// Eval_Int means an integer result, in Int (and Uint).
	Eval_Int
	// Eval_Float means a floating-point result, in Float.
	Eval_Float
	// Eval_String means a string literal, in Str.
	Eval_String
	// Eval_Other means a result of another kind, not copied.
	Eval_Other
)

// EvalResult is a Go copy of the result of evaluating a constant
// expression. Only the fields that Kind names are set.
type EvalResult struct {
	// Kind says which field holds the value.
	Kind EvalKind
	// Int is the value as a signed integer; when Unsigned, Uint holds the
	// exact value and Int its two's-complement reinterpretation.
	Int int64
	// Unsigned reports whether the expression has an unsigned type.
	Unsigned bool
	// Uint is the value as an unsigned integer.
	Uint uint64
	// Float is a floating-point value.
	Float float64
	// Str is a string literal's contents.
	Str string
}

// Evaluate evaluates c as a constant expression (an expression, or the
// initializer of a variable declaration). It returns Kind Eval_None when c
// is not a constant, such as a value-dependent expression in a template.
func (c Cursor) Evaluate() EvalResult {
	r := C.cv_evaluate(c.c)
	out := EvalResult{}
	switch r.kind {
	case 0:
		return out
	case C.CXEval_Int:
		out.Kind = Eval_Int
		out.Unsigned = r.isUnsigned != 0
		out.Int = int64(r.i)
		out.Uint = uint64(r.u)
		if out.Unsigned {
			out.Int = int64(out.Uint)
		}
	case C.CXEval_Float:
		out.Kind = Eval_Float
		out.Float = float64(r.f)
	case C.CXEval_StrLiteral, C.CXEval_ObjCStrLiteral, C.CXEval_CFStr:
		out.Kind = Eval_String
		if r.str != nil {
			out.Str = C.GoString(r.str)
			C.free(unsafe.Pointer(r.str))
		}
	default:
		out.Kind = Eval_Other
	}
	return out
}
