package driver_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

const twoKernels = `__global__ void k1(float* x) {
  __syncthreads();
}
__global__ void k2(float* x) {
  __syncthreads();
}
`

func twoKernelProg(t *testing.T) *progBuilder {
	b := newBuilder(t)
	f := b.file("k.cu", twoKernels)
	b.fn(f, ir.Kernel, "k1", "k1")
	b.fn(f, ir.Kernel, "k2", "k2")
	return b
}

// TestDependencyOrder checks that requirements run first on each unit,
// that ResultOf holds exactly the requirements' results, and that a
// helper's reports are not part of the result.
func TestDependencyOrder(t *testing.T) {
	b := twoKernelProg(t)
	var rec recorder
	count := &analysis.Analyzer{
		Name: "count", Doc: "count: counts statements", ResultType: intType,
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			u := cudair.Of(pass)
			rec.add("count " + u.Func.Name)
			pass.Reportf(u.Func.P, "helper report")
			return len(u.Func.Body.Stmts), nil
		},
	}
	// use reports at the first statement of the file: it cannot see the
	// unit, as it requires only count.
	use := &analysis.Analyzer{
		Name: "use", Doc: "use: reports the count",
		Requires: []*analysis.Analyzer{count},
		Run: func(pass *analysis.Pass) (any, error) {
			if len(pass.ResultOf) != 1 {
				return nil, fmt.Errorf("ResultOf has %d entries, want 1", len(pass.ResultOf))
			}
			rec.add("use")
			n := pass.ResultOf[count].(int)
			pass.Reportf(b.pos("k.cu", "__syncthreads", 0), "count %d", n)
			return nil, nil
		},
	}
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{use}, Jobs: 1})
	wantLines(t, res, "k.cu:2:3: use: count 1")
	want := "count k1,use,count k2,use"
	if got := strings.Join(rec.log, ","); got != want {
		t.Errorf("run order %s, want %s", got, want)
	}
	if c := res.Stats.Checker("count"); c == nil || c.Root || c.Units != 2 {
		t.Errorf("count stats %+v, want helper run on 2 units", c)
	}
	if c := res.Stats.Checker("use"); c == nil || !c.Root || c.Findings != 1 || res.Stats.Duplicates != 1 {
		t.Errorf("use stats %+v, duplicates %d", c, res.Stats.Duplicates)
	}
}

// TestPanic checks that a panic on one unit becomes one internal error,
// that analyzers requiring the failed one are skipped on that unit only,
// and that the other analyzers run everywhere.
func TestPanic(t *testing.T) {
	b := twoKernelProg(t)
	panicky := &analysis.Analyzer{
		Name: "panicky", Doc: "panicky: panics on k1", ResultType: intType,
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if cudair.Of(pass).Func.Name == "k1" {
				panic("boom")
			}
			return 1, nil
		},
	}
	dependent := &analysis.Analyzer{
		Name: "dependent", Doc: "dependent: requires panicky",
		Requires: []*analysis.Analyzer{panicky, cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			pass.Reportf(cudair.Of(pass).Func.P, "dependent ran")
			return nil, nil
		},
	}
	other := syncAnalyzer("other")
	cfg := driver.Config{Analyzers: []*analysis.Analyzer{panicky, dependent, other}}
	res := b.run(cfg)
	wantLines(t, res,
		"k.cu:1:17: panicky: internal error: panicky on kernel k1: boom",
		"k.cu:2:3: other: sync here",
		"k.cu:4:17: dependent: dependent ran",
		"k.cu:5:3: other: sync here",
	)
	d := res.Diagnostics[0]
	if d.Category != driver.InternalError || d.Function != "k1" {
		t.Errorf("internal error diagnostic %+v", d)
	}
	s := res.Stats
	if s.InternalErrors != 1 || s.Checker("panicky").InternalErrors != 1 || s.Checker("dependent").Skipped != 1 ||
		s.Checker("dependent").Units != 1 || s.Checker("other").Findings != 2 {
		t.Errorf("stats %+v", s)
	}

	cfg.Debug = true
	res = b.run(cfg)
	if msg := res.Diagnostics[0].Message; !strings.Contains(msg, "boom\ngoroutine ") {
		t.Errorf("debug message lacks the stack: %q", msg)
	}
}

// TestRunError checks that an error returned by Run, or a result of the
// wrong type, is an internal error too.
func TestRunError(t *testing.T) {
	b := newBuilder(t)
	f := b.file("d.cu", "__device__ float warp_sum(float v) {\n  return v;\n}\n")
	b.fn(f, ir.Device, "warp_sum", "warp_sum")
	failing := &analysis.Analyzer{
		Name: "failing", Doc: "failing: returns an error",
		Run: func(*analysis.Pass) (any, error) { return nil, errors.New("solver gave up") },
	}
	wrong := &analysis.Analyzer{
		Name: "wrong", Doc: "wrong: returns a string", ResultType: intType,
		Run: func(*analysis.Pass) (any, error) { return "x", nil },
	}
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{failing, wrong}})
	wantLines(t, res,
		"d.cu:1:18: failing: internal error: failing on device function warp_sum: solver gave up",
		"d.cu:1:18: wrong: internal error: wrong on device function warp_sum: returned a result of type string, want int",
	)
	if res.Stats.InternalErrors != 2 {
		t.Errorf("InternalErrors = %d, want 2", res.Stats.InternalErrors)
	}
}

// TestPassFields checks what the driver puts in a Pass.
func TestPassFields(t *testing.T) {
	b := twoKernelProg(t)
	b.file("h.cuh", "// header\n")
	var problems []string
	check := &analysis.Analyzer{
		Name: "fields", Doc: "fields: inspects the pass",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			u := cudair.Of(pass)
			if u.Prog != b.prog || pass.Fset != b.prog.Fset || pass.Files != nil || pass.TypesInfo != nil {
				problems = append(problems, "unit or syntax fields")
			}
			if !reflect.DeepEqual(pass.OtherFiles, []string{"k.cu", "h.cuh"}) {
				problems = append(problems, fmt.Sprint("OtherFiles ", pass.OtherFiles))
			}
			if s := pass.String(); s != "fields@"+u.Func.Name {
				problems = append(problems, "String "+s)
			}
			data, err := pass.ReadFile("h.cuh")
			if err != nil || string(data) != "// header\n" {
				problems = append(problems, fmt.Sprint("ReadFile ", err))
			}
			if pass.ImportPackageFact(pass.Pkg, nil) {
				problems = append(problems, "facts")
			}
			return nil, nil
		},
	}
	b.run(driver.Config{Analyzers: []*analysis.Analyzer{check}, Jobs: 1})
	if len(problems) > 0 {
		t.Error(problems)
	}
}

// TestConfigErrors checks the configurations Run refuses.
func TestConfigErrors(t *testing.T) {
	b := twoKernelProg(t)
	withFacts := &analysis.Analyzer{Name: "facts", Doc: "facts: x", Run: func(*analysis.Pass) (any, error) { return nil, nil },
		FactTypes: []analysis.Fact{new(myFact)}}
	invalid := &analysis.Analyzer{Name: "Bad Name", Doc: "x", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	for name, as := range map[string][]*analysis.Analyzer{
		"none":    nil,
		"facts":   {withFacts},
		"invalid": {invalid},
	} {
		if _, err := driver.Run(b.prog, driver.Config{Analyzers: as}); err == nil {
			t.Errorf("%s: Run succeeded", name)
		}
	}
	if _, err := driver.Run(nil, driver.Config{Analyzers: []*analysis.Analyzer{syncAnalyzer("s")}}); err == nil {
		t.Error("nil program: Run succeeded")
	}
}

type myFact struct{}

func (*myFact) AFact() {}

// TestFrontEndDiagnostics checks that parse, annotation and lowering
// problems are part of the result, with their category as checker.
func TestFrontEndDiagnostics(t *testing.T) {
	b := twoKernelProg(t)
	b.prog.Diagnostics = []*ir.Diagnostic{
		{Pos: b.pos("k.cu", "float", 1), Category: "parse", Message: "unknown type name 'half'"},
		{Pos: b.pos("k.cu", "__sync", 0), Category: "lower", Message: "unsupported construct"},
	}
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{syncAnalyzer("s")}})
	wantLines(t, res,
		"k.cu:2:3: lower: unsupported construct",
		"k.cu:2:3: s: sync here",
		"k.cu:4:20: parse: unknown type name 'half'",
		"k.cu:5:3: s: sync here",
	)
	if d := res.Diagnostics[0]; d.Category != "lower" || d.Function != "" {
		t.Errorf("front-end diagnostic %+v", d)
	}
}

// TestSameIR: the Half and BFloat16 instantiations of a kernel are
// analysed once, the float one apart, and a device function's twin is
// not skipped (only kernels are).
func TestSameIR(t *testing.T) {
	b := newBuilder(t)
	f := b.file("k.cu", `__global__ void scale_f(float* x) {
  __syncthreads();
}
__global__ void scale_h(float* x) {
  __syncthreads();
}
__global__ void scale_b(float* x) {
  __syncthreads();
}
`)
	b.fn(f, ir.Kernel, "scale<float>", "scale_f")
	b.fn(f, ir.Kernel, "scale<c10::Half>", "scale_h")
	b.fn(f, ir.Kernel, "scale<c10::BFloat16>", "scale_b")
	var rec recorder
	a := &analysis.Analyzer{
		Name:     "rec",
		Doc:      "rec: records the units it runs on",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			rec.add(cudair.Of(pass).Func.Name)
			return nil, nil
		},
	}
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{a}, Jobs: 2})
	if res.Stats.SameIR != 1 {
		t.Errorf("SameIR = %d, want 1", res.Stats.SameIR)
	}
	got := strings.Join(rec.log, ",")
	if strings.Contains(got, "BFloat16") || !strings.Contains(got, "Half") || !strings.Contains(got, "float") {
		t.Errorf("analysed %s, want float and Half, not BFloat16", got)
	}
}

// TestTemplateFirst checks that the later instantiations of a kernel
// template run each checker after the first instantiation has run it,
// and see its reports, whatever the number of workers.
func TestTemplateFirst(t *testing.T) {
	for _, jobs := range []int{1, 2, 8} {
		b := newBuilder(t)
		f := b.file("k.cu", `template <int N> __global__ void tile(float* x) {
  __syncthreads();
}
__global__ void other(float* x) {
  __syncthreads();
}
`)
		for i := range 6 {
			fn := b.fn(f, ir.Kernel, fmt.Sprintf("tile<%d>", 32<<i), "tile")
			fn.TemplateArgs = []ir.TemplateArg{{Name: "N", Value: int64(32 << i)}}
		}
		b.fn(f, ir.Kernel, "other", "other")
		var rec recorder
		a := &analysis.Analyzer{
			Name:     "hard",
			Doc:      "hard: reports once in a template's first instantiation",
			Requires: []*analysis.Analyzer{cudair.Analyzer},
			Run: func(pass *analysis.Pass) (any, error) {
				u := cudair.Of(pass)
				pos := u.Func.Body.Stmts[0].Pos()
				if u.First == u.Index {
					time.Sleep(20 * time.Millisecond) // the later ones are ready first
					pass.Reportf(pos, "found")
					return nil, nil
				}
				rec.add(fmt.Sprintf("%s reported=%v", u.Func.Name, u.Shared.ReportedByFirst("hard", pos, u)))
				return nil, nil
			},
		}
		b.run(driver.Config{Analyzers: []*analysis.Analyzer{a}, Jobs: jobs})
		slices.Sort(rec.log)
		want := []string{
			"tile<1024> reported=true",
			"tile<128> reported=true",
			"tile<256> reported=true",
			"tile<512> reported=true",
			"tile<64> reported=true",
		}
		if !slices.Equal(rec.log, want) {
			t.Errorf("-j %d: later instantiations saw\n%s\nwant\n%s", jobs, strings.Join(rec.log, "\n"), strings.Join(want, "\n"))
		}
	}
}
