package checkers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// BenchmarkAnalysis measures, over realistic annotated kernels and the
// bundled examples, libclang's parse time per file next to the analysis
// time per kernel (every checker, solver included) and the solver queries
// per kernel. The goal: the median kernel's analysis costs no more than
// parsing its file.
func BenchmarkAnalysis(b *testing.B) {
	files, _ := filepath.Glob("bounds/testdata/ok_realistic_*.cu")
	more, _ := filepath.Glob("../testdata/examples/csrc/*.cu")
	files = append(files, more...)
	if len(files) == 0 {
		b.Skip("no kernels")
	}
	analyzers, err := checkers.Registry(checkers.All).Analyzers([]string{"all"})
	if err != nil {
		b.Fatal(err)
	}
	var parse, analysis []float64
	var kernels int
	q0 := symexec.SolverStats().Queries
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			prog, err := frontend.Load(&frontend.Config{Jobs: 1}, f)
			if err != nil {
				b.Fatal(err)
			}
			parse = append(parse, ms(prog.Stats.ParseTime))
			ks := len(prog.Kernels())
			if ks == 0 {
				continue
			}
			start := time.Now()
			if _, err := driver.Run(prog, driver.Config{Analyzers: analyzers, Jobs: 1}); err != nil {
				b.Fatal(err)
			}
			per := ms(time.Since(start)) / float64(ks)
			for k := 0; k < ks; k++ {
				analysis = append(analysis, per)
			}
			kernels += ks
			_ = ir.Kernel
		}
	}
	b.ReportMetric(median(parse), "parse-ms/file")
	b.ReportMetric(median(analysis), "analysis-ms/kernel")
	b.ReportMetric(float64(symexec.SolverStats().Queries-q0)/float64(kernels), "queries/kernel")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// BenchmarkCheckerPerKernel measures, over the same kernels, the analysis
// time per kernel of the two-thread checkers (race, warpsync, uninit)
// next to bounds, each run alone (symbolic execution included), so that
// the cost of the pairwise race queries can be read against the
// single-thread access checks.
func BenchmarkCheckerPerKernel(b *testing.B) {
	files, _ := filepath.Glob("bounds/testdata/ok_realistic_*.cu")
	more, _ := filepath.Glob("../testdata/examples/csrc/*.cu")
	files = append(files, more...)
	if len(files) == 0 {
		b.Skip("no kernels")
	}
	var progs []*ir.Program
	for _, f := range files {
		prog, err := frontend.Load(&frontend.Config{Jobs: 1}, f)
		if err != nil {
			b.Fatal(err)
		}
		if len(prog.Kernels()) > 0 {
			progs = append(progs, prog)
		}
	}
	for _, name := range []string{"bounds", "race", "warpsync", "uninit"} {
		analyzers, err := checkers.Registry(checkers.All).Analyzers([]string{name})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			var per []float64
			for i := 0; i < b.N; i++ {
				for _, prog := range progs {
					start := time.Now()
					if _, err := driver.Run(prog, driver.Config{Analyzers: analyzers, Jobs: 1}); err != nil {
						b.Fatal(err)
					}
					ks := len(prog.Kernels())
					for k := 0; k < ks; k++ {
						per = append(per, ms(time.Since(start))/float64(ks))
					}
				}
			}
			b.ReportMetric(median(per), "median-ms/kernel")
			b.ReportMetric(mean(per), "mean-ms/kernel")
		})
	}
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// BenchmarkManyKernelsOneFile measures the analysis time per kernel of a
// file of n small element-wise kernels, every checker on: it must not
// grow with n (per-unit work over the whole file made 8,000 kernels take
// ten times as long per kernel as 2,000).
func BenchmarkManyKernelsOneFile(b *testing.B) {
	analyzers, err := checkers.Registry(checkers.All).Analyzers([]string{"all"})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{500, 4000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var src strings.Builder
			for i := range n {
				fmt.Fprintf(&src, "__global__ void ew_%d(float* y, const float* x, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = x[i] * %d.f;\n}\n", i, i%9+1)
			}
			name := filepath.Join(b.TempDir(), "many.cu")
			if err := os.WriteFile(name, []byte(src.String()), 0o644); err != nil {
				b.Fatal(err)
			}
			prog, err := frontend.Load(&frontend.Config{Jobs: 1}, name)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := driver.Run(prog, driver.Config{Analyzers: analyzers, Jobs: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N*n), "analysis-ms/kernel")
		})
	}
}
