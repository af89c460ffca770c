package driver_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// BenchmarkRun measures the driver's own cost (passes, merging,
// suppressions, sorting) over 1000 small kernels with a trivial analyzer:
// a vLLM csrc tree has a few thousand units.
func BenchmarkRun(b *testing.B) {
	var src strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&src, "__global__ void k%04d(float* x) {\n  __syncthreads(); // cudavet:ignore[s] uniform\n  __syncthreads();\n}\n", i)
	}
	pb := newBuilder(b)
	f := pb.file("big.cu", src.String())
	for i := range 1000 {
		pb.fn(f, ir.Kernel, fmt.Sprintf("k%04d", i), fmt.Sprintf("k%04d", i))
	}
	cfg := driver.Config{Analyzers: []*analysis.Analyzer{syncAnalyzer("s")}, ReadFile: pb.readFile}
	b.ReportAllocs()
	for b.Loop() {
		res, err := driver.Run(pb.prog, cfg)
		if err != nil || len(res.Diagnostics) != 1000 || res.Stats.Suppressed != 1000 {
			b.Fatalf("%v %d %d", err, len(res.Diagnostics), res.Stats.Suppressed)
		}
	}
}
