package clang

/*
#include "cv.h"

typedef struct { CXFile file; unsigned line, column, offset; } cvPos;

static inline cvPos cv_expansionLocation(cvLoc l) {
	cvPos p; clang_getExpansionLocation(cvL(l), &p.file, &p.line, &p.column, &p.offset); return p;
}
static inline cvPos cv_spellingLocation(cvLoc l) {
	cvPos p; clang_getSpellingLocation(cvL(l), &p.file, &p.line, &p.column, &p.offset); return p;
}
static inline cvPos cv_fileLocation(cvLoc l) {
	cvPos p; clang_getFileLocation(cvL(l), &p.file, &p.line, &p.column, &p.offset); return p;
}
typedef struct { cvString file; unsigned line, column; } cvPresumed;
static inline cvPresumed cv_presumedLocation(cvLoc l) {
	CXString s; cvPresumed p;
	clang_getPresumedLocation(cvL(l), &s, &p.line, &p.column);
	p.file = cvSOut(s);
	return p;
}
static inline int cv_isInSystemHeader(cvLoc l) { return clang_Location_isInSystemHeader(cvL(l)); }
static inline int cv_isFromMainFile(cvLoc l) { return clang_Location_isFromMainFile(cvL(l)); }
static inline unsigned cv_equalLocations(cvLoc a, cvLoc b) { return clang_equalLocations(cvL(a), cvL(b)); }
static inline cvLoc cv_nullLocation(void) { return cvLOut(clang_getNullLocation()); }

static inline cvRange cv_nullRange(void) { return cvROut(clang_getNullRange()); }
static inline cvRange cv_getRange(cvLoc a, cvLoc b) { return cvROut(clang_getRange(cvL(a), cvL(b))); }
static inline cvLoc cv_rangeStart(cvRange r) { return cvLOut(clang_getRangeStart(cvR(r))); }
static inline cvLoc cv_rangeEnd(cvRange r) { return cvLOut(clang_getRangeEnd(cvR(r))); }
static inline int cv_rangeIsNull(cvRange r) { return clang_Range_isNull(cvR(r)); }
static inline unsigned cv_equalRanges(cvRange a, cvRange b) { return clang_equalRanges(cvR(a), cvR(b)); }

static inline cvString cv_fileName(CXFile f) { return cvSOut(clang_getFileName(f)); }
typedef struct { int ok; unsigned long long data[3]; } cvUID;
static inline cvUID cv_fileUniqueID(CXFile f) {
	CXFileUniqueID id; cvUID r;
	r.ok = clang_getFileUniqueID(f, &id) == 0;
	memcpy(r.data, id.data, sizeof r.data);
	return r;
}
*/
import "C"

// SourceLocation is a position in a translation unit's source: in a file, or
// inside a macro expansion. It is valid while its TranslationUnit is.
type SourceLocation struct {
	c C.cvLoc
}

// NewNullLocation returns the null location, which IsNull reports.
func NewNullLocation() SourceLocation { return SourceLocation{C.cv_nullLocation()} }

// IsNull reports whether l is the null location.
func (l SourceLocation) IsNull() bool { return l.Equal(NewNullLocation()) }

// Equal reports whether l and o are the same location.
func (l SourceLocation) Equal(o SourceLocation) bool { return C.cv_equalLocations(l.c, o.c) != 0 }

func unpackPos(p C.cvPos) (f File, line, column, offset uint32) {
	return File{p.file}, uint32(p.line), uint32(p.column), uint32(p.offset)
}

// ExpansionLocation returns the file, 1-based line and byte column, and
// 0-based byte offset where l ends up after macro expansion: for a location
// inside a macro body, the place of the macro invocation.
func (l SourceLocation) ExpansionLocation() (f File, line, column, offset uint32) {
	return unpackPos(C.cv_expansionLocation(l.c))
}

// SpellingLocation returns the position of l like ExpansionLocation. In
// libclang 15 it maps macro locations to their file location, like
// FileLocation, and not to the macro body.
func (l SourceLocation) SpellingLocation() (f File, line, column, offset uint32) {
	return unpackPos(C.cv_spellingLocation(l.c))
}

// FileLocation returns the file position of l: for a macro argument, where
// the argument is written; for a macro body token, the invocation.
func (l SourceLocation) FileLocation() (f File, line, column, offset uint32) {
	return unpackPos(C.cv_fileLocation(l.c))
}

// PresumedLocation returns the position of l as adjusted by #line
// directives.
func (l SourceLocation) PresumedLocation() (filename string, line, column uint32) {
	p := C.cv_presumedLocation(l.c)
	return cxString(p.file), uint32(p.line), uint32(p.column)
}

// IsInSystemHeader reports whether l is in a system header.
func (l SourceLocation) IsInSystemHeader() bool { return C.cv_isInSystemHeader(l.c) != 0 }

// IsFromMainFile reports whether l is written in the main file, as
// clang_Location_isFromMainFile does: a location inside a macro expansion is
// not, even when the macro is invoked in the main file (Cursor.IsFromMainFile
// looks through expansions).
func (l SourceLocation) IsFromMainFile() bool { return C.cv_isFromMainFile(l.c) != 0 }

// SourceRange is a half-open range of source between two SourceLocations;
// it is valid while its TranslationUnit is.
type SourceRange struct {
	c C.cvRange
}

// NewNullRange returns the null range, which IsNull reports.
func NewNullRange() SourceRange { return SourceRange{C.cv_nullRange()} }

// NewRange returns the range from begin to end.
func NewRange(begin, end SourceLocation) SourceRange {
	return SourceRange{C.cv_getRange(begin.c, end.c)}
}

// Start returns the first location of r.
func (r SourceRange) Start() SourceLocation { return SourceLocation{C.cv_rangeStart(r.c)} }

// End returns the location just past the last character of r.
func (r SourceRange) End() SourceLocation { return SourceLocation{C.cv_rangeEnd(r.c)} }

// IsNull reports whether r is the null range.
func (r SourceRange) IsNull() bool { return C.cv_rangeIsNull(r.c) != 0 }

// Equal reports whether r and o are the same range.
func (r SourceRange) Equal(o SourceRange) bool { return C.cv_equalRanges(r.c, o.c) != 0 }

// File is a source file of a translation unit, on disk or unsaved. It is
// valid while its TranslationUnit is.
type File struct {
	c C.CXFile
}

// IsNil reports whether f is no file, such as the file of a null location.
func (f File) IsNil() bool { return f.c == nil }

// Name returns the file's path as the parser saw it ("" for a nil File).
func (f File) Name() string {
	if f.c == nil {
		return ""
	}
	return cxString(C.cv_fileName(f.c))
}

// Equal reports whether f and o are the same file.
func (f File) Equal(o File) bool { return C.clang_File_isEqual(f.c, o.c) != 0 }

// UniqueID returns an identifier of the file on disk that is equal for two
// paths of the same file; ok is false when there is none (a nil File).
func (f File) UniqueID() (id [3]uint64, ok bool) {
	if f.c == nil {
		return id, false
	}
	r := C.cv_fileUniqueID(f.c)
	for i := range id {
		id[i] = uint64(r.data[i])
	}
	return id, r.ok != 0
}

// ID returns clang's raw encoding of the location: within one translation
// unit, equal IDs denote the same location, including the same token of
// the same macro expansion (which expansion and spelling locations do not
// tell apart). Template instantiations keep their pattern's locations.
func (l SourceLocation) ID() uint32 { return uint32(l.c.int_data) }
