package annot

import (
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"
)

// tokKind is the class of a token.
type tokKind int

const (
	tEOF     tokKind = iota // end of the comment text
	tIdent                  // C identifier (keywords are identifiers too)
	tInt                    // integer literal; tok.val set
	tPunct                  // operator or delimiter, one of puncts
	tIllegal                // a character or literal that cannot be lexed; tok.msg says why
)

// tok is one token of a directive's text.
type tok struct {
	kind tokKind
	text string
	off  int      // byte offset in the comment text
	val  *big.Int // tInt
	msg  string   // tIllegal
}

// puncts are the operators and delimiters, longest first so that the
// lexer takes "<<" before "<".
var puncts = []string{
	"<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+", "-", "*", "/", "%", "&", "|", "^", "~", "!", "<", ">",
	"(", ")", "[", "]", "{", "}", ",", ";", "=",
}

// maxLiteral is the largest integer literal: C's unsigned long long.
var maxLiteral = new(big.Int).SetUint64(^uint64(0))

// lex splits text into tokens, ending with one tEOF. It never fails: a
// character it cannot read becomes a tIllegal token, reported by the
// parser when (and only when) it reaches it.
func lex(text string) []tok {
	var toks []tok
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			i++
		case isIdentStart(c):
			j := i + 1
			for j < len(text) && isIdentPart(text[j]) {
				j++
			}
			toks = append(toks, tok{kind: tIdent, text: text[i:j], off: i})
			i = j
		case isDigit(c):
			j := i + 1
			for j < len(text) && isIdentPart(text[j]) {
				j++
			}
			toks = append(toks, lexInt(text[i:j], i))
			i = j
		default:
			t := lexPunct(text, i)
			toks = append(toks, t)
			i += len(t.text)
		}
	}
	return append(toks, tok{kind: tEOF, off: len(text)})
}

// lexPunct reads the operator at text[i], or one illegal character.
func lexPunct(text string, i int) tok {
	for _, p := range puncts {
		if strings.HasPrefix(text[i:], p) {
			return tok{kind: tPunct, text: p, off: i}
		}
	}
	r, n := utf8.DecodeRuneInString(text[i:])
	return tok{kind: tIllegal, text: text[i : i+n], off: i, msg: fmt.Sprintf("unexpected character %q", r)}
}

// intSuffixes are C's integer suffixes, longest first, lowercased.
var intSuffixes = []string{"ull", "llu", "ul", "lu", "ll", "u", "l"}

// lexInt reads an integer literal: decimal, 0x hexadecimal, 0b binary or
// 0 octal, with an optional u/l/ll suffix (the suffix does not change the
// value: expressions compute over the integers).
func lexInt(lit string, off int) tok {
	body := lit
	low := strings.ToLower(lit)
	for _, s := range intSuffixes {
		if strings.HasSuffix(low, s) {
			body = lit[:len(lit)-len(s)]
			break
		}
	}
	digits, base := body, 10
	switch {
	case len(body) > 2 && (body[:2] == "0x" || body[:2] == "0X"):
		digits, base = body[2:], 16
	case len(body) > 2 && (body[:2] == "0b" || body[:2] == "0B"):
		digits, base = body[2:], 2
	case len(body) > 1 && body[0] == '0':
		digits, base = body[1:], 8
	}
	v, ok := new(big.Int).SetString(digits, base)
	switch {
	case !ok || strings.Contains(digits, "_"):
		return tok{kind: tIllegal, text: lit, off: off, msg: fmt.Sprintf("invalid integer literal %q", lit)}
	case v.Cmp(maxLiteral) > 0:
		return tok{kind: tIllegal, text: lit, off: off, msg: fmt.Sprintf("integer literal %s out of range", lit)}
	}
	return tok{kind: tInt, text: lit, off: off, val: v}
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) }
