package frontend

import (
	"go/token"
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// scanDirectives finds the `// cudavet:` and `/* cudavet: */` comments of
// a file. It skips string and character literals so that a "//" inside a
// string does not start a comment.
func scanDirectives(tf *token.File, src []byte) []*ir.Directive {
	var out []*ir.Directive
	s := string(src)
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\'':
			i = skipLiteral(s, i)
		case '/':
			if i+1 >= len(s) {
				continue
			}
			var end, textEnd int
			switch s[i+1] {
			case '/':
				end = strings.IndexByte(s[i:], '\n')
				if end < 0 {
					end = len(s) - i
				}
				end += i
				textEnd = end
			case '*':
				e := strings.Index(s[i+2:], "*/")
				if e < 0 {
					return out
				}
				textEnd = i + 2 + e
				end = textEnd + 2
			default:
				continue
			}
			text := strings.TrimSpace(s[i+2 : textEnd])
			if rest, ok := strings.CutPrefix(text, "cudavet:"); ok {
				out = append(out, &ir.Directive{Pos: tf.Pos(i), End: tf.Pos(end), Text: strings.TrimSpace(rest)})
			}
			i = end - 1
		}
	}
	return out
}

// skipLiteral returns the index of the closing quote of the literal that
// starts at i.
func skipLiteral(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q, '\n':
			return j
		}
	}
	return len(s)
}
