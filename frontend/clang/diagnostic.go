package clang

/*
#include "cv.h"

static inline cvString cv_diagSpelling(CXDiagnostic d) { return cvSOut(clang_getDiagnosticSpelling(d)); }
static inline cvString cv_diagFormat(CXDiagnostic d) {
	return cvSOut(clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions()));
}
static inline cvString cv_diagCategory(CXDiagnostic d) { return cvSOut(clang_getDiagnosticCategoryText(d)); }
static inline cvString cv_diagOption(CXDiagnostic d) { return cvSOut(clang_getDiagnosticOption(d, NULL)); }
static inline cvLoc cv_diagLocation(CXDiagnostic d) { return cvLOut(clang_getDiagnosticLocation(d)); }
static inline cvRange cv_diagRange(CXDiagnostic d, unsigned i) { return cvROut(clang_getDiagnosticRange(d, i)); }
*/
import "C"

// DiagnosticSeverity is how serious a Diagnostic is.
type DiagnosticSeverity uint32

// The DiagnosticSeverity values, from libclang's CXDiagnosticSeverity.
const (
	// Diagnostic_Ignored is a diagnostic the user asked to ignore.
	Diagnostic_Ignored DiagnosticSeverity = C.CXDiagnostic_Ignored
	// Diagnostic_Note adds detail to the diagnostic before it.
	Diagnostic_Note DiagnosticSeverity = C.CXDiagnostic_Note
	// Diagnostic_Warning is a warning.
	Diagnostic_Warning DiagnosticSeverity = C.CXDiagnostic_Warning
	// Diagnostic_Error is an error; the code is ill-formed.
	Diagnostic_Error DiagnosticSeverity = C.CXDiagnostic_Error
	// Diagnostic_Fatal is an error after which clang stops (such as a
	// missing #include). With TranslationUnit_KeepGoing clang goes on and
	// reports such errors as Diagnostic_Error.
	Diagnostic_Fatal DiagnosticSeverity = C.CXDiagnostic_Fatal
)

// Spelling returns the severity as clang prints it ("error", "warning", …).
func (s DiagnosticSeverity) Spelling() string {
	switch s {
	case Diagnostic_Ignored:
		return "ignored"
	case Diagnostic_Note:
		return "note"
	case Diagnostic_Warning:
		return "warning"
	case Diagnostic_Error:
		return "error"
	case Diagnostic_Fatal:
		return "fatal error"
	}
	return "unknown"
}

// String returns s.Spelling().
func (s DiagnosticSeverity) String() string { return s.Spelling() }

// Diagnostic is a Go copy of a clang diagnostic; it holds no C memory.
// Location and Ranges, like every location, are valid only while the
// TranslationUnit is; the other fields stay valid forever.
type Diagnostic struct {
	// Severity is how serious the diagnostic is.
	Severity DiagnosticSeverity
	// Spelling is the message alone ("use of undeclared identifier 'x'").
	Spelling string
	// Formatted is the message as clang prints it, with file, line, column
	// and severity ("k.cu:3:5: error: use of undeclared identifier 'x'").
	Formatted string
	// Category is the diagnostic's category ("Semantic Issue", "Lexical or
	// Preprocessor Issue"), possibly "".
	Category string
	// Option is the command-line option that controls the diagnostic
	// ("-Wunused-variable"), or "".
	Option string
	// File is the name of the file of the expansion location of Location,
	// "" when the diagnostic has no location.
	File string
	// Line and Column are 1-based (Column counts bytes); Offset is the
	// 0-based byte offset; all are 0 without a location.
	Line, Column, Offset uint32
	// Location is where clang reports the diagnostic.
	Location SourceLocation
	// Ranges are the source ranges that the diagnostic highlights.
	Ranges []SourceRange
	// Notes are the child diagnostics (usually notes) attached to this one.
	Notes []Diagnostic
}

// Diagnostics returns Go copies of the unit's diagnostics, in clang's order.
func (tu TranslationUnit) Diagnostics() []Diagnostic {
	n := C.clang_getNumDiagnostics(tu.c)
	out := make([]Diagnostic, 0, int(n))
	for i := C.uint(0); i < n; i++ {
		d := C.clang_getDiagnostic(tu.c, i)
		out = append(out, copyDiagnostic(d))
		C.clang_disposeDiagnostic(d)
	}
	return out
}

// copyDiagnostic copies d and its children into Go memory; the caller
// disposes d.
func copyDiagnostic(d C.CXDiagnostic) Diagnostic {
	loc := SourceLocation{C.cv_diagLocation(d)}
	f, line, col, off := loc.ExpansionLocation()
	diag := Diagnostic{
		Severity:  DiagnosticSeverity(C.clang_getDiagnosticSeverity(d)),
		Spelling:  cxString(C.cv_diagSpelling(d)),
		Formatted: cxString(C.cv_diagFormat(d)),
		Category:  cxString(C.cv_diagCategory(d)),
		Option:    cxString(C.cv_diagOption(d)),
		File:      f.Name(),
		Line:      line,
		Column:    col,
		Offset:    off,
		Location:  loc,
	}
	for i := C.uint(0); i < C.clang_getDiagnosticNumRanges(d); i++ {
		diag.Ranges = append(diag.Ranges, SourceRange{C.cv_diagRange(d, i)})
	}
	// The child set belongs to d: it must not be disposed.
	set := C.clang_getChildDiagnostics(d)
	if set != nil {
		for i := C.uint(0); i < C.clang_getNumDiagnosticsInSet(set); i++ {
			child := C.clang_getDiagnosticInSet(set, i)
			diag.Notes = append(diag.Notes, copyDiagnostic(child))
			C.clang_disposeDiagnostic(child)
		}
	}
	return diag
}
