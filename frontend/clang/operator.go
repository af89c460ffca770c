package clang

/*
#include "cv.h"

// cv_logicalLineEnd returns the offset of the end of the logical source line
// (backslash continuations joined) that contains off in f, at most off+limit.
static inline unsigned cv_logicalLineEnd(CXTranslationUnit tu, CXFile f, unsigned off, unsigned limit) {
	size_t n = 0;
	const char *p = clang_getFileContents(tu, f, &n);
	if (!p || off >= n) return off;
	size_t end = (size_t)off + limit < n ? (size_t)off + limit : n;
	for (size_t i = off; i < end; i++) {
		if (p[i] != '\n') continue;
		size_t j = i;
		if (j > off && p[j - 1] == '\r') j--;
		if (j > off && p[j - 1] == '\\') continue;
		return i;
	}
	return end;
}

// cv_logicalLineStart returns the offset of the start of the logical source
// line that contains off in f, at most limit bytes before off.
static inline unsigned cv_logicalLineStart(CXTranslationUnit tu, CXFile f, unsigned off, unsigned limit) {
	size_t n = 0;
	const char *p = clang_getFileContents(tu, f, &n);
	if (!p || off > n) return off;
	size_t stop = off > limit ? off - limit : 0;
	for (size_t i = off; i > stop; i--) {
		if (p[i - 1] != '\n') continue;
		size_t j = i - 1;
		if (j > 0 && p[j - 1] == '\r') j--;
		if (j > 0 && p[j - 1] == '\\') continue;
		return i;
	}
	return stop;
}
*/
import "C"

// libclang 15 has no clang_getCursorBinaryOperatorKind (it arrived in 17),
// and clang_getCursorPrettyPrinted prints declarations only, so operators
// are read from tokens:
//
//   - Binary: the one token that lies, after macro expansion, between the
//     end of the LHS and the start of the RHS. This is exact for operators
//     written in the file, including between two macro invocations
//     (IDX(a, b) + IDX(c, d)).
//   - Binary inside a macro body, RHS spelled in the body (i < (n) in a
//     loop macro): the body token right before the RHS, when it is an
//     operator (a plain body token precedes the RHS in the expansion too).
//   - Binary inside a macro body or argument otherwise ((a)*N in IDX(row,
//     col)): the tokens where the expression is spelled are parsed by
//     precedence (opmacro.go), and the operator is the one whose left operand
//     has the LHS's shape. Any doubt gives "".
//   - Unary prefix: the token where the expression is spelled, which is the
//     operator itself. Unary postfix: the token after the operand.

// binaryOps and assignOps are the spellings of the operators of
// Cursor_BinaryOperator and Cursor_CompoundAssignOperator cursors.
var (
	binaryOps = []string{"*", "/", "%", "+", "-", "<<", ">>", "<=>", "<", ">", "<=", ">=",
		"==", "!=", "&", "^", "|", "&&", "||", ",", "=", ".*", "->*"}
	assignOps  = []string{"*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|="}
	prefixOps  = []string{"++", "--", "-", "+", "!", "~", "*", "&", "__extension__", "__real__", "__imag__", "__real", "__imag", "co_await"}
	postfixOps = []string{"++", "--"}
)

// altTokens maps C++ alternative operator tokens to their usual spelling.
var altTokens = map[string]string{
	"and": "&&", "or": "||", "not": "!", "compl": "~", "bitand": "&", "bitor": "|", "xor": "^",
	"not_eq": "!=", "and_eq": "&=", "or_eq": "|=", "xor_eq": "^=",
}

func isOneOf(s string, set []string) bool {
	for _, op := range set {
		if s == op {
			return true
		}
	}
	return false
}

// canonOp returns the usual spelling of an operator token.
func canonOp(s string) string {
	if alt, ok := altTokens[s]; ok {
		return alt
	}
	return s
}

// BinaryOperator returns the spelling of the operator of a
// Cursor_BinaryOperator ("+", "<", "=", ",", "->*") or
// Cursor_CompoundAssignOperator ("+=", ">>=") cursor, alternative tokens
// normalized ("and" is "&&"). It returns "" for other cursors and when the
// operator cannot be found with certainty, which can happen for an
// expression spelled inside a macro body.
func (tu TranslationUnit) BinaryOperator(c Cursor) string {
	var ops []string
	switch c.Kind() {
	case Cursor_BinaryOperator:
		ops = binaryOps
	case Cursor_CompoundAssignOperator:
		ops = assignOps
	default:
		return ""
	}
	kids := c.Children()
	if len(kids) != 2 {
		return ""
	}
	if op := canonOp(tu.tokenBetween(kids[0].Extent().End(), kids[1].Extent().Start())); isOneOf(op, ops) {
		return op
	}
	if op := canonOp(tu.tokenBeforeInBody(kids[1].Extent().Start())); op != "," && isOneOf(op, ops) {
		return op
	}
	if op := tu.binaryOpInSpelling(c, kids[0], kids[1]); isOneOf(op, ops) {
		return op
	}
	if c.Kind() == Cursor_BinaryOperator && kids[0].Type().CanonicalType().Kind() == Type_Void {
		// The operator is spelled in a macro's body (CHECK(c) << msg
		// expanding to assume(c), sink() << msg): of the built-in binary
		// operators only the comma takes a void operand.
		return ","
	}
	return ""
}

// UnaryOperator returns the spelling of the operator of a
// Cursor_UnaryOperator cursor ("-", "!", "~", "*", "&", "++", "--", "+",
// "__extension__", "__real__", "__imag__") and whether it is postfix
// (x++, x--). It returns "" for other cursors and when the operator cannot
// be found. sizeof and alignof are Cursor_UnaryExpr, not handled here.
func (tu TranslationUnit) UnaryOperator(c Cursor) (op string, postfix bool) {
	if c.Kind() != Cursor_UnaryOperator {
		return "", false
	}
	kids := c.Children()
	if len(kids) != 1 {
		return "", false
	}
	fe, te, ok := tu.spelledAt(c.Extent().Start())
	fx, tx, okx := tu.spelledAt(kids[0].Extent().Start())
	if ok && !okx && !c.Extent().Start().Equal(kids[0].Extent().Start()) {
		// The operand comes from a builtin macro (-FLT_MAX): the
		// expression starts before it, at the prefix operator.
		if op := canonOp(te.text); isOneOf(op, prefixOps) {
			return op, false
		}
	}
	if !ok || !okx {
		return "", false
	}
	if !fe.Equal(fx) || te.off != tx.off {
		// A prefix operator is the first token of its expression.
		if op := canonOp(te.text); isOneOf(op, prefixOps) {
			return op, false
		}
		return "", false
	}
	if op := tu.tokenBetween(kids[0].Extent().End(), c.Extent().End()); isOneOf(op, postfixOps) {
		return op, true
	}
	if op := tu.postfixInSpelling(fx, tx, kids[0]); isOneOf(op, postfixOps) {
		return op, true
	}
	return "", false
}

// lexTok is a token copied into Go: its text, kind and file offset.
type lexTok struct {
	text string
	kind TokenKind
	off  uint32
}

// lex returns the non-comment tokens of f that start in [from, to).
func (tu TranslationUnit) lex(f File, from, to uint32) []lexTok {
	if to <= from {
		return nil
	}
	var out []lexTok
	for _, t := range tu.Tokenize(NewRange(tu.LocationForOffset(f, from), tu.LocationForOffset(f, to))) {
		_, _, _, off := tu.TokenLocation(t).ExpansionLocation()
		if t.Kind() == Token_Comment || off < from || off >= to {
			continue
		}
		out = append(out, lexTok{tu.TokenSpelling(t), t.Kind(), off})
	}
	return out
}

// tokenBetween returns the only token that lies, after macro expansion,
// between from and to, or "" when there is not exactly one.
func (tu TranslationUnit) tokenBetween(from, to SourceLocation) string {
	ff, _, _, fo := from.ExpansionLocation()
	tf, _, _, to2 := to.ExpansionLocation()
	if ff.IsNil() || !ff.Equal(tf) {
		return ""
	}
	if to2 <= fo {
		return ""
	}
	// Lex the range between the two locations directly: building locations
	// from offsets (clang_getLocationForOffset) costs a scan of the file.
	text := ""
	n := 0
	for _, t := range tu.Tokenize(NewRange(from, to)) {
		_, _, _, off := tu.TokenLocation(t).ExpansionLocation()
		if t.Kind() == Token_Comment || off < fo || off >= to2 {
			continue
		}
		if n++; n > 1 {
			return ""
		}
		text = tu.TokenSpelling(t)
	}
	return text
}

// spelledAt returns the token where l is spelled: for a location inside a
// macro expansion, the token in the macro's definition or argument.
// clang_getSpellingLocation cannot do this (libclang 15 maps it to the file
// location), but clang_tokenize lexes an empty range from its spelling.
func (tu TranslationUnit) spelledAt(l SourceLocation) (File, lexTok, bool) {
	toks := tu.Tokenize(NewRange(l, l))
	if len(toks) == 0 {
		return File{}, lexTok{}, false
	}
	f, _, _, off := tu.TokenLocation(toks[0]).ExpansionLocation()
	return f, lexTok{tu.TokenSpelling(toks[0]), toks[0].Kind(), off}, !f.IsNil()
}

// spelledStream returns the tokens from t to the end of its logical line
// (a #define with its continuations, or one line of code), at most 4 KiB.
// When t is spelled in a macro argument that spans several lines
// (TORCH_CHECK(a == b &&\n c, "msg")), the stream extends to the end of
// the macro invocation, which is where expr's expansion range ends.
func (tu TranslationUnit) spelledStream(f File, t lexTok, expr Cursor) []lexTok {
	end := uint32(C.cv_logicalLineEnd(tu.c, f.c, C.uint(t.off), 4096))
	sf, _, _, soff := expr.Extent().Start().ExpansionLocation()
	if ef, _, _, eoff := expr.Extent().End().ExpansionLocation(); !ef.IsNil() && ef.Equal(f) && sf.Equal(f) &&
		soff <= t.off && t.off < eoff && eoff > end && eoff-t.off < 1<<16 {
		end = eoff
	}
	toks := tu.lex(f, t.off, end)
	// A macro argument that holds a statement of its own (a dispatch
	// macro's lambda: status = launch<T>(\n a,\n b);) does not end where
	// the invocation does: its expression goes on, with its brackets
	// open, on the next lines of the file.
	if ff, _, _, off := expr.Extent().Start().FileLocation(); !ff.Equal(f) || off != t.off {
		return toks
	}
	for open := openBrackets(toks); open > 0 && end-t.off < 1<<16; {
		next := uint32(C.cv_logicalLineEnd(tu.c, f.c, C.uint(end+1), 4096))
		if next <= end+1 {
			break
		}
		more := tu.lex(f, end, next)
		open += openBrackets(more)
		toks = append(toks, more...)
		end = next
	}
	return toks
}

// openBrackets returns how many brackets ((, [, {) toks opens and does not
// close (negative: closes more than it opens). A line ending in a binary
// operator is not extended: x = a *\n b; in a macro argument stays
// unknown.
func openBrackets(toks []lexTok) int {
	d := 0
	for _, t := range toks {
		switch t.text {
		case "(", "[", "{":
			d++
		case ")", "]", "}":
			d--
		}
	}
	return d
}

// tokenBeforeInBody returns the token before the one where l is spelled,
// when l is spelled in a macro body (not in the file, not in a macro
// argument), or "".
func (tu TranslationUnit) tokenBeforeInBody(l SourceLocation) string {
	f, t, ok := tu.spelledAt(l)
	if !ok {
		return ""
	}
	if ff, _, _, off := l.FileLocation(); ff.Equal(f) && off == t.off {
		return "" // spelled where it is in the file: a file token or a macro argument
	}
	start := uint32(C.cv_logicalLineStart(tu.c, f.c, C.uint(t.off), 4096))
	toks := tu.lex(f, start, t.off)
	if len(toks) == 0 {
		return ""
	}
	return toks[len(toks)-1].text
}
