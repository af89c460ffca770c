// cv.h: mirror structs for libclang's by-value handles, and their conversions.
//
// CXCursor, CXType, CXSourceLocation, CXSourceRange, CXToken and CXString hold
// `const void *` fields. Some of those fields are not pointers at all (a Ref
// cursor keeps a raw source-location offset in data[1]), and such an integer
// can happen to fall inside the Go binary's data segment. Passing the real
// struct by value to a cgo function then makes cgocheck panic with "Go pointer
// to unpinned Go pointer". The mirrors below have identical layout but integer
// fields, so cgo never inspects them; every libclang call goes through a
// static inline wrapper that copies a mirror to and from the real struct.

#ifndef CUDAVET_CV_H
#define CUDAVET_CV_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <clang-c/Index.h>

typedef struct { int kind; int xdata; uintptr_t data[3]; } cvCursor;
typedef struct { int kind; uintptr_t data[2]; } cvType;
typedef struct { uintptr_t ptr_data[2]; unsigned int_data; } cvLoc;
typedef struct { uintptr_t ptr_data[2]; unsigned begin_int_data; unsigned end_int_data; } cvRange;
typedef struct { unsigned int_data[4]; uintptr_t ptr_data; } cvToken;
typedef struct { uintptr_t data; unsigned private_flags; } cvString;

_Static_assert(sizeof(cvCursor) == sizeof(CXCursor), "cvCursor layout");
_Static_assert(sizeof(cvType) == sizeof(CXType), "cvType layout");
_Static_assert(sizeof(cvLoc) == sizeof(CXSourceLocation), "cvLoc layout");
_Static_assert(sizeof(cvRange) == sizeof(CXSourceRange), "cvRange layout");
_Static_assert(sizeof(cvToken) == sizeof(CXToken), "cvToken layout");
_Static_assert(sizeof(cvString) == sizeof(CXString), "cvString layout");

#define CV_CONVERT(MIRROR, REAL, IN, OUT)                                      \
	static inline REAL IN(MIRROR m) { REAL r; memcpy(&r, &m, sizeof r); return r; } \
	static inline MIRROR OUT(REAL x) { MIRROR m; memcpy(&m, &x, sizeof m); return m; }

CV_CONVERT(cvCursor, CXCursor, cvC, cvCOut)
CV_CONVERT(cvType, CXType, cvT, cvTOut)
CV_CONVERT(cvLoc, CXSourceLocation, cvL, cvLOut)
CV_CONVERT(cvRange, CXSourceRange, cvR, cvROut)
CV_CONVERT(cvToken, CXToken, cvK, cvKOut)
CV_CONVERT(cvString, CXString, cvS, cvSOut)

// cv_getCString returns the bytes of s; they stay valid until cv_disposeString.
static inline const char *cv_getCString(cvString s) { return clang_getCString(cvS(s)); }
static inline void cv_disposeString(cvString s) { clang_disposeString(cvS(s)); }

// cv_newUnsaved allocates n CXUnsavedFile; cv_freeUnsaved frees them and
// the strings that cv_setUnsaved stored in them.
static inline struct CXUnsavedFile *cv_newUnsaved(unsigned n) {
	return n ? calloc(n, sizeof(struct CXUnsavedFile)) : NULL;
}
static inline void cv_setUnsaved(struct CXUnsavedFile *u, unsigned i, char *name, char *contents, unsigned long len) {
	u[i].Filename = name;
	u[i].Contents = contents;
	u[i].Length = len;
}
static inline void cv_freeUnsaved(struct CXUnsavedFile *u, unsigned n) {
	for (unsigned i = 0; i < n; i++) {
		free((void *)u[i].Filename);
		free((void *)u[i].Contents);
	}
	free(u);
}
static inline char **cv_newArgs(unsigned n) { return n ? calloc(n, sizeof(char *)) : NULL; }
static inline void cv_setArg(char **a, unsigned i, char *s) { a[i] = s; }
static inline void cv_freeArgs(char **a, unsigned n) {
	for (unsigned i = 0; i < n; i++) free(a[i]);
	free(a);
}
#endif
