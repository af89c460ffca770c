package symexec_test

import (
	"strings"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/bounds"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"golang.org/x/tools/go/analysis"
)

// TestRunOptions checks that the options a driver passes reach the
// symbolic executor of that run only: a run naming a model no profile has
// fails on it, and a run beside it without options uses the defaults.
func TestRunOptions(t *testing.T) {
	prog, err := frontend.Load(&frontend.Config{}, "../bounds/testdata/ok_float4_tail.cu")
	if err != nil {
		t.Fatal(err)
	}
	internal := func(res *driver.Result) string {
		var out []string
		for _, d := range res.Diagnostics {
			if d.Category == driver.InternalError {
				out = append(out, d.Message)
			}
		}
		return strings.Join(out, "\n")
	}
	analyzers := []*analysis.Analyzer{bounds.Analyzer}
	bad, err := driver.Run(prog, driver.Config{Analyzers: analyzers,
		Options: map[*analysis.Analyzer]any{symexec.Analyzer: symexec.Options{Model: "no-such-model-xyz"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := internal(bad); !strings.Contains(got, "no-such-model-xyz") {
		t.Errorf("a run with -model no-such-model-xyz: internal errors %q, want one naming the model", got)
	}
	good, err := driver.Run(prog, driver.Config{Analyzers: analyzers})
	if err != nil {
		t.Fatal(err)
	}
	if got := internal(good); got != "" {
		t.Errorf("a run without options after one with a bad model: internal errors %q", got)
	}
}

// TestWindDown: past its Options.WindDown a run still analyses every
// function, but asks nothing more: the checks a bug's finding needs end
// undecided, counted under TimeLimitCounter, and nothing is reported; the
// same run without a wind-down reports the bug.
func TestWindDown(t *testing.T) {
	prog, err := frontend.Load(&frontend.Config{}, "../bounds/testdata/bug_float4_tail.cu")
	if err != nil {
		t.Fatal(err)
	}
	analyzers := []*analysis.Analyzer{bounds.Analyzer}
	run := func(o symexec.Options) (findings, limited int) {
		res, err := driver.Run(prog, driver.Config{Analyzers: analyzers, Options: map[*analysis.Analyzer]any{symexec.Analyzer: o}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Category == driver.InternalError {
				t.Errorf("internal error: %s", d.Message)
			}
			if d.Checker == "bounds" {
				findings++
			}
		}
		for _, c := range res.Stats.Checkers {
			limited += c.Counters[symexec.TimeLimitCounter]
		}
		return findings, limited
	}
	if f, l := run(symexec.Options{WindDown: time.Now().Add(-time.Second)}); f != 0 || l == 0 {
		t.Errorf("past the wind-down: %d findings and %d checks undecided for time, want none and some", f, l)
	}
	if f, l := run(symexec.Options{}); f == 0 || l != 0 {
		t.Errorf("without a wind-down: %d findings and %d checks undecided for time, want some and none", f, l)
	}
}
