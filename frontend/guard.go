package frontend

import "bytes"

// maxPrefixRun is the longest run of prefixes a unit may have: unary
// operators (`*`, `&`, `!`, `~`, `-`, `+`), parenthesised groups in a
// row (casts `(int)(int)…`, the conditions of `if (c) if (c) …`) and the
// keywords that start a nested statement or operand (`if`, `else`, `for`,
// `while`, `switch`, `do`, `return`, `sizeof`). Clang's parser recurses
// once or twice per prefix; the parse thread's stack (frontend/clang's
// cv.h) holds a few hundred thousand (500,000 casts in a row overflowed
// it), and long before that such a unit takes seconds to parse and
// minutes to analyse. No real code comes near: the fuzzer found 3,600
// `*` in a row, which overflowed libclang's own stack.
const maxPrefixRun = 10000

// maxGroup is the longest parenthesised group (in bytes) that counts as
// a prefix: a cast's type or a short condition.
const maxGroup = 64

// prefixRun returns the length of the longest run of prefixes in src, the
// line it starts on and whether it holds more than unary operators.
// Comments count as whitespace, literals as operands. A unary operator character
// right after a group ends the run: `(x) + (x)` is a binary operator
// between operands, which clang parses without recursing.
func prefixRun(src []byte) (n, line int, mixed bool) {
	cur, curLine, curMixed, ln := 0, 0, false, 1
	afterGroup := false
	extend := func(group bool) {
		if cur == 0 {
			curLine, curMixed = ln, false
		}
		cur++
		curMixed = curMixed || group
		if cur > n {
			n, line, mixed = cur, curLine, curMixed
		}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			ln++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			// A comment is whitespace to the parser (a banner of stars
			// is no operator).
			end := []byte("\n")
			if src[i+1] == '*' {
				end = []byte("*/")
			}
			j := bytes.Index(src[i+2:], end)
			if j < 0 {
				j = len(src) - i - 2
			} else if end[0] == '*' {
				j += 2 // past the */; a line comment stops at its newline
			}
			ln += bytes.Count(src[i:i+2+j], []byte("\n"))
			i += 2 + j
		case c == '"' || c == '\'':
			// A literal is an operand.
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			cur, afterGroup = 0, false
			i = min(j+1, len(src))
		case c == '*' || c == '&' || c == '!' || c == '~' || c == '-' || c == '+':
			if afterGroup {
				cur = 0
			} else {
				extend(false)
			}
			afterGroup = false
			i++
		case c == '(':
			j := i + 1
			for j < len(src) && j-i <= maxGroup {
				if d := src[j]; d == ')' || d == '(' || d == ';' || d == '{' || d == '}' || d == '\n' {
					break
				}
				j++
			}
			if j < len(src) && src[j] == ')' {
				extend(true)
				afterGroup = true
				i = j + 1
			} else {
				cur, afterGroup = 0, false
				i++
			}
		case isIdentByte(c) && !(c >= '0' && c <= '9'):
			j := i + 1
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			switch string(src[i:j]) {
			case "if", "else", "for", "while", "switch", "do", "return", "sizeof":
				extend(true)
			default:
				cur = 0
			}
			afterGroup = false
			i = j
		default:
			cur, afterGroup = 0, false
			i++
		}
	}
	return n, line, mixed
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// tooDeep says why src is deeper than the parser can take, "" if not.
func tooDeep(src []byte) (string, int) {
	n, line, mixed := prefixRun(src)
	if n <= maxPrefixRun {
		return "", 0
	}
	what := "unary operators"
	if mixed {
		what = "prefixes (unary operators, casts, unbraced if/for/while)"
	}
	return "a run of " + itoa(n) + " " + what + " nests deeper than cudavet parses (at most " + itoa(maxPrefixRun) + ")", line
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}
