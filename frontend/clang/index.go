package clang

/*
#cgo CFLAGS: -I/usr/lib/llvm-15/include
#cgo LDFLAGS: -L/usr/lib/llvm-15/lib -lclang -lpthread
#include "cv.h"
*/
import "C"

import (
	"fmt"
	"os"
	"unsafe"
)

func init() {
	// libclang's crash recovery installs signal handlers that turn a Go panic
	// (even a recovered one) on another goroutine into a raw SIGSEGV. It must
	// be off before the first clang_createIndex.
	os.Setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1")
	// libclang parses on a thread of its own with an 8 MiB stack unless
	// this is set; cv_parse gives the parse a far larger one (cv.h).
	os.Setenv("LIBCLANG_NOTHREADS", "1")
}

// Index is a libclang index: a set of translation units that share state.
// It must be disposed with Dispose after its translation units. Use one Index
// per goroutine; libclang objects are not safe for concurrent use.
type Index struct {
	c C.CXIndex
}

// NewIndex creates an Index. excludeDeclarationsFromPCH non-zero hides
// declarations that come from a precompiled header; displayDiagnostics
// non-zero makes libclang print diagnostics to stderr.
func NewIndex(excludeDeclarationsFromPCH, displayDiagnostics int32) Index {
	return Index{C.clang_createIndex(C.int(excludeDeclarationsFromPCH), C.int(displayDiagnostics))}
}

// Dispose frees the index. All its translation units must be disposed first.
func (idx Index) Dispose() {
	if idx.c != nil {
		C.clang_disposeIndex(idx.c)
	}
}

// UnsavedFile is an in-memory file handed to the parser in place of (or in
// addition to) the file on disk with the same name. Its path need not exist.
type UnsavedFile struct {
	filename string
	contents string
}

// NewUnsavedFile returns an UnsavedFile named filename holding contents.
func NewUnsavedFile(filename, contents string) UnsavedFile {
	return UnsavedFile{filename: filename, contents: contents}
}

// Filename returns the path under which the parser sees the file.
func (u UnsavedFile) Filename() string { return u.filename }

// Contents returns the file's bytes.
func (u UnsavedFile) Contents() string { return u.contents }

// Length returns len(Contents()).
func (u UnsavedFile) Length() uint32 { return uint32(len(u.contents)) }

// cUnsaved copies files into C memory; the caller frees the result with
// C.cv_freeUnsaved(result, len(files)). libclang copies the contents again
// while parsing, so the C copy need only live for the call.
func cUnsaved(files []UnsavedFile) *C.struct_CXUnsavedFile {
	u := C.cv_newUnsaved(C.uint(len(files)))
	for i, f := range files {
		C.cv_setUnsaved(u, C.uint(i), C.CString(f.filename), C.CString(f.contents), C.ulong(len(f.contents)))
	}
	return u
}

// cArgs copies args into a C array; the caller frees it with C.cv_freeArgs.
func cArgs(args []string) **C.char {
	a := C.cv_newArgs(C.uint(len(args)))
	for i, s := range args {
		C.cv_setArg(a, C.uint(i), C.CString(s))
	}
	return a
}

// ParseTranslationUnit2 parses sourceFilename with the given compiler
// arguments (without the compiler name), unsaved files and options (an OR of
// TranslationUnit_* flags), stores the result in outTU and returns
// Error_Success or the reason for failure. On failure *outTU is nil.
func (idx Index) ParseTranslationUnit2(sourceFilename string, commandLineArgs []string, unsavedFiles []UnsavedFile, options uint32, outTU *TranslationUnit) ErrorCode {
	name := C.CString(sourceFilename)
	defer C.free(unsafe.Pointer(name))
	args := cArgs(commandLineArgs)
	defer C.cv_freeArgs(args, C.uint(len(commandLineArgs)))
	unsaved := cUnsaved(unsavedFiles)
	defer C.cv_freeUnsaved(unsaved, C.uint(len(unsavedFiles)))

	var tu C.CXTranslationUnit
	code := C.cv_parse(idx.c, name, args, C.int(len(commandLineArgs)),
		unsaved, C.uint(len(unsavedFiles)), C.uint(options), &tu)
	*outTU = TranslationUnit{tu}
	return ErrorCode(code)
}

// Parse is ParseTranslationUnit2 returning an error instead of a code. A
// source with compile errors still parses: its problems are in Diagnostics.
func (idx Index) Parse(file string, args []string, unsaved []UnsavedFile, options uint32) (TranslationUnit, error) {
	var tu TranslationUnit
	if code := idx.ParseTranslationUnit2(file, args, unsaved, options, &tu); code != Error_Success {
		return TranslationUnit{}, fmt.Errorf("parse %s: %w", file, code)
	}
	if tu.IsNil() {
		return TranslationUnit{}, fmt.Errorf("parse %s: no translation unit", file)
	}
	return tu, nil
}

// ErrorCode is libclang's CXErrorCode, the result of parsing and reparsing.
// Every value but Error_Success is an error.
type ErrorCode uint32

// The ErrorCode values.
const (
	// Error_Success means no error.
	Error_Success ErrorCode = C.CXError_Success
	// Error_Failure is a generic failure with no more detail.
	Error_Failure ErrorCode = C.CXError_Failure
	// Error_Crashed means libclang crashed while performing the operation.
	Error_Crashed ErrorCode = C.CXError_Crashed
	// Error_InvalidArguments means a function argument was invalid.
	Error_InvalidArguments ErrorCode = C.CXError_InvalidArguments
	// Error_ASTReadError means an AST deserialization error occurred.
	Error_ASTReadError ErrorCode = C.CXError_ASTReadError
)

// Spelling returns a short lowercase description of e.
func (e ErrorCode) Spelling() string {
	switch e {
	case Error_Success:
		return "success"
	case Error_Failure:
		return "libclang failure"
	case Error_Crashed:
		return "libclang crashed"
	case Error_InvalidArguments:
		return "invalid arguments"
	case Error_ASTReadError:
		return "AST read error"
	}
	return fmt.Sprintf("libclang error %d", uint32(e))
}

// String returns e.Spelling().
func (e ErrorCode) String() string { return e.Spelling() }

// Error returns e.Spelling(), so that an ErrorCode is an error.
func (e ErrorCode) Error() string { return e.Spelling() }

// The TranslationUnit_* flags are options for ParseTranslationUnit2, from
// libclang's enum CXTranslationUnit_Flags.
const (
	// TranslationUnit_None asks for no special options.
	TranslationUnit_None uint32 = C.CXTranslationUnit_None
	// TranslationUnit_DetailedPreprocessingRecord records macro definitions
	// and expansions as cursors.
	TranslationUnit_DetailedPreprocessingRecord uint32 = C.CXTranslationUnit_DetailedPreprocessingRecord
	// TranslationUnit_Incomplete marks the unit as intentionally incomplete
	// (such as a header parsed on its own).
	TranslationUnit_Incomplete uint32 = C.CXTranslationUnit_Incomplete
	// TranslationUnit_PrecompiledPreamble precompiles the preamble (the
	// leading #includes) on reparse, which makes later reparses fast.
	TranslationUnit_PrecompiledPreamble uint32 = C.CXTranslationUnit_PrecompiledPreamble
	// TranslationUnit_CacheCompletionResults caches code-completion results.
	TranslationUnit_CacheCompletionResults uint32 = C.CXTranslationUnit_CacheCompletionResults
	// TranslationUnit_ForSerialization prepares the unit to be saved.
	TranslationUnit_ForSerialization uint32 = C.CXTranslationUnit_ForSerialization
	// TranslationUnit_CXXChainedPCH is deprecated and has no effect.
	TranslationUnit_CXXChainedPCH uint32 = C.CXTranslationUnit_CXXChainedPCH
	// TranslationUnit_SkipFunctionBodies parses declarations only.
	TranslationUnit_SkipFunctionBodies uint32 = C.CXTranslationUnit_SkipFunctionBodies
	// TranslationUnit_IncludeBriefCommentsInCodeCompletion keeps brief
	// documentation comments in code-completion results.
	TranslationUnit_IncludeBriefCommentsInCodeCompletion uint32 = C.CXTranslationUnit_IncludeBriefCommentsInCodeCompletion
	// TranslationUnit_CreatePreambleOnFirstParse builds the precompiled
	// preamble on the first parse instead of the first reparse.
	TranslationUnit_CreatePreambleOnFirstParse uint32 = C.CXTranslationUnit_CreatePreambleOnFirstParse
	// TranslationUnit_KeepGoing keeps parsing after a fatal error such as a
	// missing #include; cudavet always sets it.
	TranslationUnit_KeepGoing uint32 = C.CXTranslationUnit_KeepGoing
	// TranslationUnit_SingleFileParse parses the main file alone, without
	// its #includes.
	TranslationUnit_SingleFileParse uint32 = C.CXTranslationUnit_SingleFileParse
	// TranslationUnit_LimitSkipFunctionBodiesToPreamble limits
	// SkipFunctionBodies to the preamble.
	TranslationUnit_LimitSkipFunctionBodiesToPreamble uint32 = C.CXTranslationUnit_LimitSkipFunctionBodiesToPreamble
	// TranslationUnit_IncludeAttributedTypes exposes attributed types
	// (Type_Attributed) instead of skipping to the modified type.
	TranslationUnit_IncludeAttributedTypes uint32 = C.CXTranslationUnit_IncludeAttributedTypes
	// TranslationUnit_VisitImplicitAttributes also visits implicit attributes.
	TranslationUnit_VisitImplicitAttributes uint32 = C.CXTranslationUnit_VisitImplicitAttributes
	// TranslationUnit_IgnoreNonErrorsFromIncludedFiles drops warnings and
	// notes that come from included files.
	TranslationUnit_IgnoreNonErrorsFromIncludedFiles uint32 = C.CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles
	// TranslationUnit_RetainExcludedConditionalBlocks tokenizes the blocks
	// that the preprocessor skipped.
	TranslationUnit_RetainExcludedConditionalBlocks uint32 = C.CXTranslationUnit_RetainExcludedConditionalBlocks
)

// DefaultEditingTranslationUnitOptions returns libclang's recommended parse
// options for a unit that will be reparsed often (an editor buffer).
func DefaultEditingTranslationUnitOptions() uint32 {
	return uint32(C.clang_defaultEditingTranslationUnitOptions())
}

// cxString converts s to a Go string and disposes s.
func cxString(s C.cvString) string {
	r := C.GoString(C.cv_getCString(s))
	C.cv_disposeString(s)
	return r
}
