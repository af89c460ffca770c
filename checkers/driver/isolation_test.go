package driver_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// hangOn returns an analyzer that blocks on the named kernel until release
// is closed (a checker stuck in a loop or a solver call), closing started
// (when not nil) as it begins to block, and reports "ran" on every other
// unit.
func hangOn(kernel string, release <-chan struct{}, started chan<- struct{}) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "stuck", Doc: "stuck: hangs on one kernel",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			f := cudair.Of(pass).Func
			if f.Name == kernel {
				if started != nil {
					close(started)
				}
				<-release
				pass.Reportf(f.P, "late report")
			}
			pass.Reportf(f.P, "ran")
			return nil, nil
		},
	}
}

// TestPassTimeout checks that a checker stuck on one kernel is abandoned
// after Config.PassTimeout with one internal error naming the checker and
// the kernel, that it and the other checkers still report on the other
// kernel, and that what the abandoned pass reports later is dropped.
func TestPassTimeout(t *testing.T) {
	b := twoKernelProg(t)
	release := make(chan struct{})
	defer close(release)
	cfg := driver.Config{Analyzers: []*analysis.Analyzer{hangOn("k1", release, nil), syncAnalyzer("other")},
		PassTimeout: 50 * time.Millisecond, Jobs: 2}
	res := b.run(cfg)
	wantLines(t, res,
		"k.cu:1:17: stuck: internal error: stuck on kernel k1: stopped after 50ms, the limit for one checker on one function",
		"k.cu:2:3: other: sync here",
		"k.cu:4:17: stuck: ran",
		"k.cu:5:3: other: sync here",
	)
	if s := res.Stats; s.InternalErrors != 1 || s.Checker("stuck").InternalErrors != 1 {
		t.Errorf("stats %+v, want one internal error, of stuck", s)
	}
}

// TestContextStops checks that a run whose context ends reports what
// finished, one stop for the pass it abandoned, and one diagnostic
// counting the units it never started, as stops (category Stopped), not
// internal errors: nothing failed (a -timeout run of a large vLLM file
// printed "internal error" for what was only its limit).
func TestContextStops(t *testing.T) {
	b := newBuilder(t)
	var src strings.Builder
	for i := range 6 {
		fmt.Fprintf(&src, "__global__ void k%d() {\n  __syncthreads();\n}\n", i)
	}
	f := b.file("many.cu", src.String())
	for i := range 6 {
		name := fmt.Sprintf("k%d", i)
		b.fn(f, ir.Kernel, name, name)
	}
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancelCause(context.Background())
	started := make(chan struct{})
	stuck := hangOn("k1", release, started)
	// Stop the run once k1's pass is under way.
	go func() {
		<-started
		cancel(errors.New("-timeout 100ms passed"))
	}()
	res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{stuck}, Jobs: 1, Context: ctx})
	wantLines(t, res,
		"many.cu:1:17: stuck: ran",
		"many.cu:4:17: stuck: stopped: stuck on kernel k1: -timeout 100ms passed",
		"many.cu:7:17: driver: stopped: -timeout 100ms passed before 4 of 6 functions were analysed (the first: kernel k2)",
	)
	if res.Stats.Stopped != 2 || res.Stats.InternalErrors != 0 || res.Stats.Checkers[0].Stopped != 1 {
		t.Errorf("stats %+v, want 2 stops (1 of stuck) and no internal error", res.Stats)
	}
	for _, d := range res.Diagnostics {
		if d.Checker != "stuck" || d.Message != "ran" {
			if d.Category != driver.Stopped || !driver.Incomplete(d.Category) {
				t.Errorf("%s: category %q, want %q", d.Message, d.Category, driver.Stopped)
			}
		}
	}
}

// TestPanicOneKernel checks the isolation contract end to end at the
// driver: a checker that panics on one kernel of many yields exactly one
// internal-error diagnostic naming both, and every other (checker, kernel)
// result is intact.
func TestPanicOneKernel(t *testing.T) {
	b := twoKernelProg(t)
	boom := &analysis.Analyzer{
		Name: "boom", Doc: "boom: panics on k2 only",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			f := cudair.Of(pass).Func
			if f.Name == "k2" {
				var m map[string]int
				m["x"]++ // a nil map write: a runtime panic, not a panic(string)
			}
			pass.Reportf(f.P, "checked")
			return nil, nil
		},
	}
	for _, jobs := range []int{1, 2} {
		res := b.run(driver.Config{Analyzers: []*analysis.Analyzer{boom, syncAnalyzer("other")}, Jobs: jobs})
		wantLines(t, res,
			"k.cu:1:17: boom: checked",
			"k.cu:2:3: other: sync here",
			"k.cu:4:17: boom: internal error: boom on kernel k2: assignment to entry in nil map",
			"k.cu:5:3: other: sync here",
		)
	}
}
