package driver_test

import (
	"reflect"
	"testing"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

const header = `template <typename T>
__device__ T block_sum(T v) {
  __syncthreads();
}
`

// TestDedup checks that the same finding from two template instantiations
// and from a header seen by two translation units is reported once, with
// the first unit's name and Related list.
func TestDedup(t *testing.T) {
	b := newBuilder(t)
	for i := range 2 { // the header, added once per including file
		h := b.file("h.cuh", header)
		b.fn(h, ir.Device, "block_sum<float>", "block_sum")
		if i == 0 {
			b.fn(h, ir.Device, "block_sum<c10::Half>", "block_sum")
		}
	}
	a := &analysis.Analyzer{
		Name: "rel", Doc: "rel: reports with related information",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			f := cudair.Of(pass).Func
			pass.Report(analysis.Diagnostic{
				Pos: f.Body.Stmts[0].Pos(), Message: "barrier",
				Related: []analysis.RelatedInformation{{Pos: f.P, Message: "in " + f.Name}},
			})
			return nil, nil
		},
	}
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{a}})
	wantLines(t, res, "h.cuh:3:3: rel: barrier")
	d := res.Diagnostics[0]
	if d.Function != "block_sum<float>" || len(d.Related) != 1 || d.Related[0].Message != "in block_sum<float>" {
		t.Errorf("merged diagnostic keeps %q %+v", d.Function, d.Related)
	}
	if res.Stats.Duplicates != 2 || res.Stats.Checker("rel").Findings != 1 {
		t.Errorf("stats %+v", res.Stats)
	}
}

// TestSortAndJobs checks the output order (file name, line, column,
// checker, message, whatever the FileSet and report order) and that it
// does not depend on Jobs.
func TestSortAndJobs(t *testing.T) {
	b := newBuilder(t)
	for _, name := range []string{"b.cu", "a.cu"} {
		b.fn(b.file(name, twoKernels), ir.Kernel, name+"k1", "k1")
	}
	messages := func(name string) *analysis.Analyzer {
		return &analysis.Analyzer{
			Name: name, Doc: name + ": two messages", Requires: []*analysis.Analyzer{cudair.Analyzer},
			Run: func(pass *analysis.Pass) (any, error) {
				p := cudair.Of(pass).Func.Body.Stmts[0].Pos()
				pass.Reportf(p, "second")
				pass.Reportf(p, "first")
				return nil, nil
			},
		}
	}
	cfg := driver.Config{Analyzers: []*analysis.Analyzer{messages("zeta"), messages("alpha")}, Jobs: 1}
	res := b.run(cfg)
	wantLines(t, res,
		"a.cu:2:3: alpha: first", "a.cu:2:3: alpha: second", "a.cu:2:3: zeta: first", "a.cu:2:3: zeta: second",
		"b.cu:2:3: alpha: first", "b.cu:2:3: alpha: second", "b.cu:2:3: zeta: first", "b.cu:2:3: zeta: second",
	)
	cfg.Jobs = 4
	if par := b.run(cfg); !reflect.DeepEqual(par.Diagnostics, res.Diagnostics) {
		t.Errorf("Jobs=4 output differs:\n%v\n%v", lines(par), lines(res))
	}
}
