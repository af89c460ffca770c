package symexec_test

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend"
)

// TestJobsIdentical checks that the findings, verdicts and check counts
// on checker testdata are the same bytes with one and with two jobs
// while other goroutines keep every CPU busy: budgets count solver work,
// not time, so a loaded machine changes no answer.
func TestJobsIdentical(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver on testdata")
	}
	var files []string
	for _, dir := range []string{"overflow", "bounds", "race"} {
		fs, err := filepath.Glob(filepath.Join("..", dir, "testdata", "bug_*.cu"))
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) > 4 {
			fs = fs[:4]
		}
		files = append(files, fs...)
	}
	prog, err := frontend.Load(&frontend.Config{}, files...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := 0; i < runtime.NumCPU(); i++ { // the CPU-heavy neighbour
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(1)
			for ctx.Err() == nil {
				for j := 0; j < 1<<16; j++ {
					x = x*6364136223846793005 + 1442695040888963407
				}
			}
			_ = x
		}()
	}
	defer func() { stop(); wg.Wait() }()
	analyzers := checkers.Registry(checkers.All).Defaults()
	out := func(jobs int) string {
		res, err := driver.Run(prog, driver.Config{Analyzers: analyzers, Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, d := range res.Diagnostics {
			fmt.Fprintf(&b, "%s: %s (%s)\n", d.Position, d.Message, d.Checker)
			for _, r := range d.Related {
				fmt.Fprintf(&b, "\t%s\n", r.Message)
			}
		}
		for _, v := range res.Verdicts {
			fmt.Fprintf(&b, "%s %+v\n", v.Position, v.Verdict)
		}
		for _, c := range res.Stats.Checkers {
			fmt.Fprintf(&b, "%s %v\n", c.Name, c.Counters)
		}
		return b.String()
	}
	one, two := out(1), out(2)
	if one != two {
		t.Errorf("-j 1 and -j 2 differ:\n-j 1:\n%s\n-j 2:\n%s", one, two)
	}
	if !strings.Contains(one, "overflow") {
		t.Errorf("no overflow finding on the overflow testdata:\n%s", one)
	}
}

// TestOtherFilesChangeNothing checks that a kernel's findings and verdicts
// do not depend on the files loaded before its own: positions shift with
// every earlier file, and a solver variable named after one (a loop's
// iteration count) changed Z3's path through a query at its work limit,
// so a check decided alone was left undecided in its directory's run.
func TestOtherFilesChangeNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver on testdata")
	}
	target, err := filepath.Abs(filepath.Join("..", "bounds", "testdata", "ok_prec_float_ceil_tiles.cu"))
	if err != nil {
		t.Fatal(err)
	}
	before, err := filepath.Glob(filepath.Join("..", "bounds", "testdata", "bug_[a-w]*.cu"))
	if err != nil || len(before) == 0 {
		t.Fatalf("no files to load before the kernel: %v", err)
	}
	analyzers := checkers.Registry(checkers.All).Defaults()
	out := func(files ...string) string {
		prog, err := frontend.Load(&frontend.Config{}, files...)
		if err != nil {
			t.Fatal(err)
		}
		res, err := driver.Run(prog, driver.Config{Analyzers: analyzers, Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, d := range res.Diagnostics {
			if d.Position.Filename == target {
				fmt.Fprintf(&b, "%d:%d: %s (%s)\n", d.Position.Line, d.Position.Column, d.Message, d.Checker)
			}
		}
		for _, v := range res.Verdicts {
			if v.Position.Filename == target {
				fmt.Fprintf(&b, "%d: %s [%s]: %s %s\n", v.Position.Line, v.Verdict.Func, v.Verdict.Context, v.Verdict.Verdict, v.Verdict.Reason)
			}
		}
		return b.String()
	}
	alone, after := out(target), out(append(before, target)...)
	if alone != after {
		t.Errorf("the kernel's results differ with %d files loaded before it:\nalone:\n%s\nafter them:\n%s", len(before), alone, after)
	}
	if !strings.Contains(alone, "truncates") || strings.Contains(alone, "undecided") {
		t.Errorf("alone, the grid-stride step's truncation is not found, or a check is undecided:\n%s", alone)
	}
}
