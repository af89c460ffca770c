package lower_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

var update = flag.Bool("update", false, "rewrite the golden .ir files")

// TestGolden lowers each testdata/*.cu file and compares the printed IR
// with testdata/*.ir; -update rewrites them. Every lowered function must
// also pass ir.Verify, and the file must parse without errors.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.cu")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			prog, err := frontend.Load(&frontend.Config{}, file)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range prog.Diagnostics {
				t.Errorf("%s: %s: %s", prog.Fset.Position(d.Pos), d.Category, d.Message)
			}
			var b strings.Builder
			for _, f := range prog.Funcs {
				ir.Fprint(&b, prog.Fset, f)
				if err := ir.Verify(f); err != nil {
					t.Errorf("verify %s: %v", f.Name, err)
				}
			}
			golden := strings.TrimSuffix(file, ".cu") + ".ir"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got := b.String(); got != string(want) {
				t.Errorf("IR of %s differs from %s (go test -update to accept):\n%s", file, golden, diffLines(string(want), got))
			}
		})
	}
}

// diffLines shows the first differing lines.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, wl, gl)
		}
	}
	return ""
}
