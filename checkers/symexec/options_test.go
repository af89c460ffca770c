package symexec_test

import (
	"strings"
	"testing"

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
