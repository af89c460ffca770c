package frontend_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// TestDeepNesting loads units whose expressions nest deeper than
// libclang's own 8 MiB parse thread holds: 4,000 unary operators in a
// row (found by FuzzLower: the process died of a stack overflow) parse on
// the binding's larger stack; 20,000 are refused with a parse error, and
// so are 20,000 casts in a row (500,000 overflowed even the binding's
// 1 GiB stack) and 20,000 unbraced ifs nested in each other (which took
// clang seconds and the analysis minutes). Long runs that do not nest
// stay: a sum of 20,000 parenthesised terms, a banner comment of 20,000
// stars.
func TestDeepNesting(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, body string
		want       string // a parse diagnostic's message; "" for none
	}{
		{"4000 unary", "p[0] = 64 " + strings.Repeat("- ", 4000) + "n;", ""},
		{"20000 unary", "p[0] = 64 " + strings.Repeat("*", 20000) + " p;", "a run of 20000 unary operators nests deeper than cudavet parses"},
		{"4000 casts", "p[0] = " + strings.Repeat("(int)", 4000) + "n;", ""},
		{"20000 casts", "p[0] = " + strings.Repeat("(int)", 20000) + "n;", "a run of 20000 prefixes (unary operators, casts, unbraced if/for/while) nests deeper"},
		{"20000 ifs", strings.Repeat("if (n) ", 20000) + "p[0] = 1;", "a run of 40000 prefixes"},
		{"20000 terms", "p[0] = 0" + strings.Repeat(" + (n)", 20000) + ";", ""},
		{"banner", "/*" + strings.Repeat("****\n", 5000) + "*/ p[0] = 1;", ""},
	} {
		name := filepath.Join(dir, "deep.cu")
		src := "__global__ void k(int* p, int n) {\n  if (n > 0) {\n" + c.body + "\n}\n}\n"
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		prog, err := frontend.Load(&frontend.Config{}, name)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range prog.Diagnostics {
			if d.Category == "parse" && c.want != "" && strings.Contains(d.Message, c.want) {
				found = true
			}
		}
		if c.want != "" && !found {
			t.Errorf("%s: no parse diagnostic %q (have %v)", c.name, c.want, prog.Diagnostics)
		}
		if c.want == "" && (len(prog.Funcs) == 0 || len(prog.Diagnostics) > 0) {
			t.Errorf("%s: want it lowered without diagnostics, have %d functions and %v", c.name, len(prog.Funcs), diagText(prog.Diagnostics))
		}
	}
}

func diagText(ds []*ir.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Category + ": " + d.Message + "; ")
	}
	return b.String()
}
