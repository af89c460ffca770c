package frontend_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend"
)

// TestDeepNesting loads units whose expressions nest deeper than
// libclang's own 8 MiB parse thread holds: 4,000 unary operators in a
// row (found by FuzzLower: the process died of a stack overflow) parse on
// the binding's larger stack; 20,000 are refused with a parse error.
func TestDeepNesting(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		n    int
		want string // a parse diagnostic's message; "" for none
	}{
		{4000, ""},
		{20000, "a run of 20000 unary operators nests deeper than cudavet parses"},
	} {
		name := filepath.Join(dir, "deep.cu")
		src := "__global__ void k(int* p, int n) {\n  if (n > 0) p[0] = 64 " + strings.Repeat("*", c.n) + " p;\n}\n"
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
			t.Errorf("%d operators: no parse diagnostic %q (have %v)", c.n, c.want, prog.Diagnostics)
		}
		if c.want == "" && len(prog.Funcs) == 0 {
			t.Errorf("%d operators: nothing lowered (diagnostics %v)", c.n, prog.Diagnostics)
		}
	}
}
