package bounds

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/checkertest"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"golang.org/x/tools/go/analysis"
)

func Test(t *testing.T) {
	checkertest.Run(t, checkertest.TestData(), Analyzer, "bug_*.cu", "ok_*.cu")
}

// A loaded machine (CI runs packages in parallel) must not change a
// test's outcome: the findings' queries take well under a second, so the
// budgets are several times what they need; a query past them is
// undecided, which no test expects to be a finding.
func init() {
	symexec.Analyzer.Flags.Set("querywork", "10000000")
	symexec.Analyzer.Flags.Set("kernelwork", "1000000000")
}

// The moe_align bug needs fewer than 32 experts: it is reported under the
// Mixtral profile (8 experts), and the message names the model, but not
// under DeepSeek-V2-Lite (64 experts, one thread per expert).
func TestModelProfiles(t *testing.T) {
	file := filepath.Join(checkertest.TestData(), "bug_moe_align_launcher.cu")
	for _, tc := range []struct {
		model string
		want  int
	}{{"mixtral-8x7b", 4}, {"deepseek-v2-lite", 0}} {
		if err := symexec.Analyzer.Flags.Set("model", tc.model); err != nil {
			t.Fatal(err)
		}
		res := analyse(t, file)
		var got int
		for _, d := range res.Diagnostics {
			if d.Checker != "bounds" {
				continue
			}
			got++
			if !strings.Contains(d.Message, "under Mixtral-8x7B-v0.1") {
				t.Errorf("-model %s: %s: message does not name the model", tc.model, d.Message)
			}
		}
		if got != tc.want {
			t.Errorf("-model %s: %d findings, want %d", tc.model, got, tc.want)
		}
		for _, v := range res.Verdicts {
			t.Logf("-model %s: %s [%s]: %s %s", tc.model, v.Func, v.Context, v.Verdict.Verdict, v.Reason)
		}
	}
	if err := symexec.Analyzer.Flags.Set("model", ""); err != nil {
		t.Fatal(err)
	}
}

// analyse runs the bounds checker on one file.
func analyse(t *testing.T, file string) *driver.Result {
	t.Helper()
	prog, err := frontend.Load(&frontend.Config{}, file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := driver.Run(prog, driver.Config{Analyzers: []*analysis.Analyzer{Analyzer}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A witness's sizes hold together with the launcher's path: the overrun
// of bug_string_mode_other_test.cu's 16-byte local happens in the double
// instantiation, whose dispatch case is scalar_type 7, and the launcher
// checks out.numel() == in.numel() / 8. The witness of a constant
// overrun involves none of those sizes; lowering them to 1 to keep the
// buffers small once showed in.scalar_type()=1 and in.numel()=1.
func TestWitnessFollowsLaunchPath(t *testing.T) {
	res := analyse(t, filepath.Join(checkertest.TestData(), "bug_string_mode_other_test.cu"))
	var sizes []string
	for _, d := range res.Diagnostics {
		for _, r := range d.Related {
			if strings.Contains(r.Message, "sizes ") {
				sizes = append(sizes, r.Message)
			}
		}
	}
	if len(sizes) == 0 {
		t.Fatal("no finding with sizes")
	}
	for _, s := range sizes {
		if !strings.Contains(s, "in.scalar_type()=7") || !strings.Contains(s, "in.numel()=8 ") || !strings.Contains(s, "out.numel()=1 ") {
			t.Errorf("witness %q: want in.scalar_type()=7 (double), in.numel()=8, out.numel()=1", s)
		}
	}
}
