package frontend

import (
	"bytes"
	"testing"
)

// FuzzTooDeep checks the nesting guard on arbitrary text: it never
// panics, a refusal names a line of the text, and the run it measures
// never exceeds the text's length.
func FuzzTooDeep(f *testing.F) {
	for _, s := range []string{
		"", "*", "/*", "//", "\"", "'\\", "(int)(int)x", "if (c) if (c) x;",
		"/* ** */ - - (a) + (b)", "a = '\\'' + \"*\\\"*\";", "((((", "))))",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		n, line, _ := prefixRun(src)
		if n < 0 || n > len(src) {
			t.Fatalf("run %d of a %d-byte text", n, len(src))
		}
		if n > 0 && (line < 1 || line > bytes.Count(src, []byte("\n"))+1) {
			t.Fatalf("run starts on line %d of %d", line, bytes.Count(src, []byte("\n"))+1)
		}
		tooDeep(src)
	})
}
