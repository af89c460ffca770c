package clang

/*
#include <stdlib.h>
#include <string.h>
#include "cv.h"

// cvNames is a growable array of file names (C strings), filled by the
// inclusion visitor: Go callbacks from C are not needed.
typedef struct { char **names; unsigned n, cap; } cvNames;

static void cv_inclusionVisitor(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data) {
	cvNames *out = (cvNames *)data;
	CXString s = clang_getFileName(f);
	const char *cs = clang_getCString(s);
	if (cs) {
		if (out->n == out->cap) {
			out->cap = out->cap ? 2 * out->cap : 64;
			out->names = realloc(out->names, out->cap * sizeof(char *));
		}
		out->names[out->n++] = strdup(cs);
	}
	clang_disposeString(s);
}

static inline cvNames cv_inclusions(CXTranslationUnit tu) {
	cvNames out = {0, 0, 0};
	clang_getInclusions(tu, cv_inclusionVisitor, &out);
	return out;
}

static inline char *cv_nameAt(cvNames n, unsigned i) { return n.names[i]; }

static inline void cv_freeNames(cvNames n) {
	for (unsigned i = 0; i < n.n; i++) free(n.names[i]);
	free(n.names);
}
*/
import "C"

// IncludedFiles returns the names of every file of the unit: the main file
// and each file it includes, directly or not (clang_getInclusions).
func (tu TranslationUnit) IncludedFiles() []string {
	if tu.c == nil {
		return nil
	}
	n := C.cv_inclusions(tu.c)
	defer C.cv_freeNames(n)
	out := make([]string, 0, int(n.n))
	for i := C.uint(0); i < n.n; i++ {
		out = append(out, C.GoString(C.cv_nameAt(n, i)))
	}
	return out
}
