package clang

/*
#include "cv.h"

typedef struct { cvToken *items; unsigned n; } cvTokenList;

// cv_tokenize returns a malloc'd copy of the tokens of r (free it). CXToken
// values stay meaningful after clang_disposeTokens: they encode a kind, a
// source location and a length, and the spelling is read from the unit.
static inline cvTokenList cv_tokenize(CXTranslationUnit tu, cvRange r) {
	CXToken *toks = NULL;
	unsigned n = 0;
	cvTokenList l = {NULL, 0};
	clang_tokenize(tu, cvR(r), &toks, &n);
	if (!toks) return l;
	if (n) {
		l.items = malloc(n * sizeof *l.items);
		if (l.items) {
			memcpy(l.items, toks, n * sizeof *l.items);
			l.n = n;
		}
	}
	clang_disposeTokens(tu, toks, n);
	return l;
}

typedef struct { char *buf; unsigned *lens; unsigned n; } cvSpellings;

// cv_tokenSpellings tokenizes r and returns every token's spelling in one
// malloc'd buffer (buf, concatenated) and their lengths (lens); free both.
static inline cvSpellings cv_tokenSpellings(CXTranslationUnit tu, cvRange r) {
	CXToken *toks = NULL;
	unsigned n = 0;
	cvSpellings out = {NULL, NULL, 0};
	clang_tokenize(tu, cvR(r), &toks, &n);
	if (!toks) return out;
	CXString *ss = malloc((n ? n : 1) * sizeof *ss);
	out.lens = malloc((n ? n : 1) * sizeof *out.lens);
	size_t total = 0;
	if (!ss || !out.lens) goto fail;
	for (unsigned i = 0; i < n; i++) {
		ss[i] = clang_getTokenSpelling(tu, toks[i]);
		out.lens[i] = strlen(clang_getCString(ss[i]));
		total += out.lens[i];
	}
	out.buf = malloc(total ? total : 1);
	if (out.buf) {
		size_t off = 0;
		for (unsigned i = 0; i < n; i++) {
			memcpy(out.buf + off, clang_getCString(ss[i]), out.lens[i]);
			off += out.lens[i];
		}
		out.n = n;
	}
	for (unsigned i = 0; i < n; i++) clang_disposeString(ss[i]);
fail:
	free(ss);
	clang_disposeTokens(tu, toks, n);
	if (!out.buf) { free(out.lens); out.lens = NULL; }
	return out;
}

static inline int cv_tokenKind(cvToken t) { return clang_getTokenKind(cvK(t)); }
static inline cvString cv_tokenSpelling(CXTranslationUnit tu, cvToken t) { return cvSOut(clang_getTokenSpelling(tu, cvK(t))); }
static inline cvLoc cv_tokenLocation(CXTranslationUnit tu, cvToken t) { return cvLOut(clang_getTokenLocation(tu, cvK(t))); }
static inline cvRange cv_tokenExtent(CXTranslationUnit tu, cvToken t) { return cvROut(clang_getTokenExtent(tu, cvK(t))); }
*/
import "C"

import "unsafe"

// Token is a preprocessing token of a translation unit's source. Read its
// spelling, location and extent through the TranslationUnit that made it.
type Token struct {
	c C.cvToken
}

// TokenKind classifies a Token.
type TokenKind uint32

// The TokenKind values, from libclang's CXTokenKind.
const (
	// Token_Punctuation is an operator or punctuator ("+", "<<<", "{").
	Token_Punctuation TokenKind = C.CXToken_Punctuation
	// Token_Keyword is a language keyword ("for", "unsigned", "__restrict__").
	Token_Keyword TokenKind = C.CXToken_Keyword
	// Token_Identifier is an identifier, including macro names.
	Token_Identifier TokenKind = C.CXToken_Identifier
	// Token_Literal is a numeric, character or string literal.
	Token_Literal TokenKind = C.CXToken_Literal
	// Token_Comment is a comment.
	Token_Comment TokenKind = C.CXToken_Comment
)

// Spelling returns the kind's name ("Punctuation", "Keyword", …).
func (k TokenKind) Spelling() string {
	switch k {
	case Token_Punctuation:
		return "Punctuation"
	case Token_Keyword:
		return "Keyword"
	case Token_Identifier:
		return "Identifier"
	case Token_Literal:
		return "Literal"
	case Token_Comment:
		return "Comment"
	}
	return "Unknown"
}

// String returns k.Spelling().
func (k TokenKind) String() string { return k.Spelling() }

// Kind returns the token's kind.
func (t Token) Kind() TokenKind { return TokenKind(C.cv_tokenKind(t.c)) }

// Tokenize returns the tokens that overlap r, in source order. For a range
// that starts inside a macro expansion the tokens are those of the file, not
// of the expanded macro body.
func (tu TranslationUnit) Tokenize(r SourceRange) []Token {
	l := C.cv_tokenize(tu.c, r.c)
	if l.items == nil {
		return nil
	}
	defer C.free(unsafe.Pointer(l.items))
	src := unsafe.Slice(l.items, int(l.n))
	out := make([]Token, len(src))
	for i := range src {
		out[i] = Token{src[i]}
	}
	return out
}

// TokenSpellings returns the spellings of the tokens that Tokenize(r)
// returns, in one cgo round trip.
func (tu TranslationUnit) TokenSpellings(r SourceRange) []string {
	s := C.cv_tokenSpellings(tu.c, r.c)
	if s.buf == nil {
		return nil
	}
	defer C.free(unsafe.Pointer(s.buf))
	defer C.free(unsafe.Pointer(s.lens))
	lens := unsafe.Slice(s.lens, int(s.n))
	total := 0
	for _, n := range lens {
		total += int(n)
	}
	all := C.GoStringN(s.buf, C.int(total))
	out := make([]string, len(lens))
	off := 0
	for i, n := range lens {
		out[i] = all[off : off+int(n)]
		off += int(n)
	}
	return out
}

// TokenSpelling returns the text of t.
func (tu TranslationUnit) TokenSpelling(t Token) string {
	return cxString(C.cv_tokenSpelling(tu.c, t.c))
}

// TokenLocation returns the location of the start of t.
func (tu TranslationUnit) TokenLocation(t Token) SourceLocation {
	return SourceLocation{C.cv_tokenLocation(tu.c, t.c)}
}

// TokenExtent returns the source range of t.
func (tu TranslationUnit) TokenExtent(t Token) SourceRange {
	return SourceRange{C.cv_tokenExtent(tu.c, t.c)}
}
