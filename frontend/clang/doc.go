// Package clang is cudavet's thin cgo binding to libclang-15, shaped like
// github.com/go-clang/clang-v15 but binding only what cudavet uses. It is the
// only package that uses cgo for libclang, and no C type appears in its API.
//
// Values such as Cursor, Type, SourceLocation and Token are plain copies of
// libclang's by-value structs held in integer-only mirrors (see cv.h), so
// they can be passed to C without tripping cgocheck, with or without
// -buildmode=pie. They stay valid only while their TranslationUnit lives;
// lowering copies what it needs into the IR. A TranslationUnit and its Index
// must not be used by two goroutines at once.
//
// Importing the package sets LIBCLANG_DISABLE_CRASH_RECOVERY=1: libclang's
// crash recovery otherwise turns recovered Go panics on other goroutines into
// process crashes. A crash inside libclang then ends the process. It also
// sets LIBCLANG_NOTHREADS=1: parses and reparses run on a thread the
// binding makes with a 1 GiB stack (cv.h), where libclang's own has 8 MiB,
// which clang's recursive parser overflows on a few thousand nested unary
// operators.
//
// Files:
//
//	doc.go          this overview
//	cv.h            C mirror structs and their conversions to libclang's structs
//	index.go        Index, UnsavedFile, parsing, ErrorCode, TranslationUnit_* options
//	tu.go           TranslationUnit: root cursor, reparse, files and locations
//	cursor.go       Cursor: kind, names, types, children, references, templates, Evaluate
//	type.go         Type and TypeKind.Spelling
//	source.go       SourceLocation, SourceRange, File
//	token.go        Token, TokenKind, Tokenize, TokenSpellings
//	include.go      TranslationUnit.IncludedFiles: every file a unit includes
//	diagnostic.go   Diagnostic (Go copies) and DiagnosticSeverity
//	operator.go     BinaryOperator and UnaryOperator spellings (libclang 15 has no API)
//	opmacro.go      finding an operator spelled inside a macro body, by precedence
//	kinds.go        CursorKind and TypeKind types, ChildVisitResult, TemplateArgumentKind, StorageClass
//	kinds_gen.go    generated Cursor_* and Type_* constants (go generate; internal/gen)
//
// Tests parse in-memory CUDA through unsaved files with the flags cudavet
// uses (helpers_test.go). cgocheck_test.go proves the mirrors keep cgocheck
// quiet on cursors whose fields look like pointers into the binary,
// sweep_test.go calls every query on every cursor (libclang crashes on some
// queries; the wrappers guard them), and concurrency_test.go checks that
// recovered Go panics survive parallel parses.
package clang
