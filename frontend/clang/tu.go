package clang

/*
#include "cv.h"

static inline cvCursor cv_tuCursor(CXTranslationUnit tu) { return cvCOut(clang_getTranslationUnitCursor(tu)); }
static inline cvString cv_tuSpelling(CXTranslationUnit tu) { return cvSOut(clang_getTranslationUnitSpelling(tu)); }
static inline cvLoc cv_getLocation(CXTranslationUnit tu, CXFile f, unsigned line, unsigned col) {
	return cvLOut(clang_getLocation(tu, f, line, col));
}
static inline const char *cv_fileContents(CXTranslationUnit tu, CXFile f, size_t *size) {
	return clang_getFileContents(tu, f, size);
}
static inline cvLoc cv_getLocationForOffset(CXTranslationUnit tu, CXFile f, unsigned off) {
	return cvLOut(clang_getLocationForOffset(tu, f, off));
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// TranslationUnit is a parsed source file and everything it includes. Every
// Cursor, Type, SourceLocation, SourceRange, Token and File obtained from it
// is valid only until Dispose; copy what must outlive it into Go values. A
// TranslationUnit must not be used by two goroutines at once.
type TranslationUnit struct {
	c C.CXTranslationUnit
}

// IsNil reports whether tu holds no translation unit (a failed parse).
func (tu TranslationUnit) IsNil() bool { return tu.c == nil }

// Dispose frees the translation unit. Calling it on a nil unit does nothing.
func (tu TranslationUnit) Dispose() {
	if tu.c != nil {
		C.clang_disposeTranslationUnit(tu.c)
	}
}

// TranslationUnitCursor returns the root cursor, of kind Cursor_TranslationUnit.
func (tu TranslationUnit) TranslationUnitCursor() Cursor {
	return Cursor{C.cv_tuCursor(tu.c)}
}

// Spelling returns the main file's name as it was given to the parser.
func (tu TranslationUnit) Spelling() string {
	return cxString(C.cv_tuSpelling(tu.c))
}

// DefaultReparseOptions returns the options libclang recommends for
// ReparseTranslationUnit.
func (tu TranslationUnit) DefaultReparseOptions() uint32 {
	return uint32(C.clang_defaultReparseOptions(tu.c))
}

// ReparseTranslationUnit parses the unit again with the same arguments and
// the given unsaved files (which replace the earlier ones). Cursors and
// other values from before the reparse become invalid. On error the unit is
// unusable and the only valid operation left is Dispose.
func (tu TranslationUnit) ReparseTranslationUnit(unsaved []UnsavedFile, options uint32) error {
	u := cUnsaved(unsaved)
	defer C.cv_freeUnsaved(u, C.uint(len(unsaved)))
	code := ErrorCode(C.cv_reparse(tu.c, u, C.uint(len(unsaved)), C.uint(options)))
	if code != Error_Success {
		return fmt.Errorf("reparse %s: %w", tu.Spelling(), code)
	}
	return nil
}

// File returns the file named name within the unit, or a nil File when the
// unit does not include it.
func (tu TranslationUnit) File(name string) File {
	s := C.CString(name)
	defer C.free(unsafe.Pointer(s))
	return File{C.clang_getFile(tu.c, s)}
}

// IsFileMultipleIncludeGuarded reports whether f is guarded against
// multiple inclusion (by #pragma once or an include guard).
func (tu TranslationUnit) IsFileMultipleIncludeGuarded(f File) bool {
	return C.clang_isFileMultipleIncludeGuarded(tu.c, f.c) != 0
}

// Location returns the location of the 1-based line and column (a byte
// column) in f.
func (tu TranslationUnit) Location(f File, line, column uint32) SourceLocation {
	return SourceLocation{C.cv_getLocation(tu.c, f.c, C.uint(line), C.uint(column))}
}

// LocationForOffset returns the location of the byte offset in f.
func (tu TranslationUnit) LocationForOffset(f File, offset uint32) SourceLocation {
	return SourceLocation{C.cv_getLocationForOffset(tu.c, f.c, C.uint(offset))}
}

// FileContents returns the bytes of f as the parser saw them (the unsaved
// contents for an unsaved file), or "" when f is not part of the unit.
func (tu TranslationUnit) FileContents(f File) string {
	var n C.size_t
	p := C.cv_fileContents(tu.c, f.c, &n)
	if p == nil {
		return ""
	}
	return C.GoStringN(p, C.int(n))
}

// Save writes the unit to path as an AST file that a later parse can use
// as a precompiled header (-include-pch path) when the unit was parsed with
// TranslationUnit_Incomplete (a header, not a complete program).
func (tu TranslationUnit) Save(path string) error {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	if rc := C.clang_saveTranslationUnit(tu.c, cpath, C.clang_defaultSaveOptions(tu.c)); rc != C.CXSaveError_None {
		return fmt.Errorf("save %s to %s: libclang save error %d", tu.Spelling(), path, int(rc))
	}
	return nil
}
