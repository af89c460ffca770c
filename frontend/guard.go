package frontend

import "bytes"

// maxUnaryRun is the longest run of unary operators (`*`, `&`, `!`, `~`,
// `-`, `+`, whitespace between them allowed) a unit may have. Clang's
// parser recurses once or twice per nested unary operator; the parse
// thread's stack (frontend/clang's cv.h) holds a few hundred thousand, and
// a run this long takes seconds to lower. No real code comes near: the
// fuzzer found 3,600 `*` in a row, which overflowed libclang's own stack.
const maxUnaryRun = 10000

// unaryRun returns the length of the longest run of unary operator
// characters in src and the line it starts on.
func unaryRun(src []byte) (n, line int) {
	cur, curLine, ln := 0, 0, 1
	for _, c := range src {
		switch c {
		case '*', '&', '!', '~', '-', '+':
			if cur == 0 {
				curLine = ln
			}
			cur++
			if cur > n {
				n, line = cur, curLine
			}
		case ' ', '\t', '\r', '\f', '\v':
		case '\n':
			ln++
		default:
			cur = 0
		}
	}
	return n, line
}

// tooDeep says why src is deeper than the parser can take, "" if not.
func tooDeep(src []byte) (string, int) {
	if bytes.IndexAny(src, "*&!~-+") < 0 {
		return "", 0
	}
	if n, line := unaryRun(src); n > maxUnaryRun {
		return "a run of " + itoa(n) + " unary operators nests deeper than cudavet parses (at most " + itoa(maxUnaryRun) + ")", line
	}
	return "", 0
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
