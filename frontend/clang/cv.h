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
#include <pthread.h>
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

// Parsing runs on a thread of its own with a CV_PARSE_STACK-byte stack
// (address space: only the pages a parse touches are used). Clang's parser
// recurses once or twice per nested unary operator, cast or statement;
// libclang's own parse thread has 8 MiB, which a 6 KB file of 3,600 `*`
// in a row overflows, and a stack overflow there ends the process
// (crash recovery is off, see doc.go). index.go sets LIBCLANG_NOTHREADS so
// that libclang parses on the calling thread, this one.
#define CV_PARSE_STACK ((size_t)1 << 30)

typedef struct {
	CXIndex idx;
	CXTranslationUnit tu;
	const char *name;
	const char *const *args;
	int nargs;
	struct CXUnsavedFile *unsaved;
	unsigned nunsaved;
	unsigned options;
	int reparse;
	int code;
} cvParseJob;

static void *cv_parseMain(void *p) {
	cvParseJob *j = (cvParseJob *)p;
	if (j->reparse) {
		j->code = clang_reparseTranslationUnit(j->tu, j->nunsaved, j->unsaved, j->options);
	} else {
		j->code = clang_parseTranslationUnit2(j->idx, j->name, j->args, j->nargs, j->unsaved, j->nunsaved,
		                                      j->options, &j->tu);
	}
	return NULL;
}

// cv_runParse runs the job on a thread with a large stack (on the calling
// thread when no such thread can be made) and returns its code.
static int cv_runParse(cvParseJob *j) {
	pthread_attr_t attr;
	pthread_t t;
	int made = 0;
	if (pthread_attr_init(&attr) == 0) {
		if (pthread_attr_setstacksize(&attr, CV_PARSE_STACK) == 0 && pthread_create(&t, &attr, cv_parseMain, j) == 0) {
			made = 1;
		}
		pthread_attr_destroy(&attr);
	}
	if (made) {
		pthread_join(t, NULL);
	} else {
		cv_parseMain(j);
	}
	return j->code;
}

static inline int cv_parse(CXIndex idx, const char *name, char **args, int nargs, struct CXUnsavedFile *unsaved,
                           unsigned nunsaved, unsigned options, CXTranslationUnit *out) {
	cvParseJob j = {idx, NULL, name, (const char *const *)args, nargs, unsaved, nunsaved, options, 0, 0};
	int code = cv_runParse(&j);
	*out = j.tu;
	return code;
}

static inline int cv_reparse(CXTranslationUnit tu, struct CXUnsavedFile *unsaved, unsigned nunsaved, unsigned options) {
	cvParseJob j = {NULL, tu, NULL, NULL, 0, unsaved, nunsaved, options, 1, 0};
	return cv_runParse(&j);
}
#endif
