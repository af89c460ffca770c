package frontend_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

const examples = "../testdata/examples/..."

// TestExamplesLowered checks the bundled examples, written like an
// inference engine's csrc/ (torch launchers, templates, dtype dispatch,
// vectorised loads, warp reductions): they parse cleanly, every kernel is
// found, and at least 95% of each file's statements lower without Unknown.
func TestExamplesLowered(t *testing.T) {
	prog, err := frontend.Load(&frontend.Config{}, examples)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range prog.Diagnostics {
		t.Errorf("%s: %s: %s", prog.Fset.Position(d.Pos), d.Category, d.Message)
	}
	kernels := map[string]bool{}
	total, unknown := map[string]int{}, map[string]int{}
	for _, f := range prog.Funcs {
		if f.Kind == ir.Kernel {
			kernels[f.Base] = true
		}
		name := filepath.Base(prog.Fset.Position(f.P).Filename)
		n, u := countStmts(f)
		total[name] += n
		unknown[name] += u
	}
	for _, k := range []string{"cvk::rms_norm_kernel", "cvk::fused_add_rms_norm_vec_kernel", "cvk::act_and_mul_kernel", "cvk::silu_rows_kernel", "cvk::softmax_rows_kernel"} {
		if !kernels[k] {
			t.Errorf("kernel %s not lowered (have %v)", k, kernels)
		}
	}
	for _, name := range []string{"layernorm_kernels.cu", "activation_kernels.cu"} {
		if total[name] == 0 {
			t.Errorf("%s: no statements lowered", name)
			continue
		}
		if ratio := 1 - float64(unknown[name])/float64(total[name]); ratio < 0.95 {
			t.Errorf("%s: %.1f%% of %d statements lowered without Unknown, want >= 95%%", name, 100*ratio, total[name])
		}
	}
}

// countStmts counts f's statements (blocks excluded) and those that are
// UnknownStmt or hold an Unknown value.
func countStmts(f *ir.Func) (n, unknown int) {
	if f.Body == nil {
		return 0, 0
	}
	ir.Inspect(f.Body, func(node ir.Node) bool {
		s, ok := node.(ir.Stmt)
		if !ok {
			return true
		}
		if _, isBlock := s.(*ir.Block); isBlock {
			return true
		}
		n++
		bad := false
		if _, ok := s.(*ir.UnknownStmt); ok {
			bad = true
		}
		for _, c := range ir.Children(s) {
			if e, ok := c.(ir.Expr); ok && hasUnknown(e) {
				bad = true
			}
		}
		if bad {
			unknown++
		}
		return true
	})
	return n, unknown
}

func hasUnknown(e ir.Expr) bool {
	found := false
	ir.Inspect(e, func(n ir.Node) bool {
		if _, ok := n.(*ir.Unknown); ok {
			found = true
		}
		_, isStmt := n.(ir.Stmt)
		return !found && !isStmt
	})
	return found
}

// BenchmarkLoad measures parsing plus lowering of each example file.
func BenchmarkLoad(b *testing.B) {
	files, _ := filepath.Glob("../testdata/examples/csrc/*.cu")
	for _, file := range files {
		b.Run(filepath.Base(file), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				prog, err := frontend.Load(&frontend.Config{Jobs: 1}, file)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(prog.Stats.ParseTime.Microseconds())/1000, "parse-ms/op")
				b.ReportMetric(float64(prog.Stats.LowerTime.Microseconds())/1000, "lower-ms/op")
				b.ReportMetric(float64(prog.Stats.Stmts), "stmts")
			}
		})
	}
}

// TestDiagnosticsOrder: a header's diagnostic is made by each unit that
// includes it, with each unit's own count; whichever unit finishes first,
// the diagnostics come in one order.
func TestDiagnosticsOrder(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"h.cuh": "#include <cutlass/cutlass.h>\n",
		"a.cu":  "#include \"h.cuh\"\ncutlass::A a1;\n__global__ void ka(float* x) { x[0] = 1; }\n",
		"b.cu":  "#include \"h.cuh\"\ncutlass::B b1; cutlass::B b2; cutlass::B b3;\n__global__ void kb(float* x) { x[0] = 1; }\n",
		"c.cu":  "#include \"h.cuh\"\n__global__ void kc(float* x) { x[0] = 1; }\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var first string
	for i := 0; i < 4; i++ {
		prog, err := frontend.Load(&frontend.Config{Jobs: 3}, dir)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, d := range prog.Diagnostics {
			fmt.Fprintf(&b, "%s: %s: %s\n", prog.Fset.Position(d.Pos), d.Category, d.Message)
		}
		if i == 0 {
			first = b.String()
			if strings.Count(first, "\n") < 2 {
				t.Fatalf("want a diagnostic of the header from several units, got:\n%s", first)
			}
		} else if b.String() != first {
			t.Fatalf("load %d gave the diagnostics in another order:\n%s\nfirst:\n%s", i, b.String(), first)
		}
	}
}
