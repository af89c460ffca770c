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
