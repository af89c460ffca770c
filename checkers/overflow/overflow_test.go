package overflow

import (
	"fmt"
	"path/filepath"
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

// TestRealistic runs overflow over the clean realistic kernels that live
// beside the bounds checker: none of them may be reported.
func TestRealistic(t *testing.T) {
	checkertest.Run(t, filepath.Join(checkertest.TestData(), "..", "..", "bounds", "testdata"), Analyzer, "ok_realistic_*.cu")
}

// A loaded machine (CI runs packages in parallel) must not change a
// test's outcome: the findings' queries take well under a second, so the
// budgets are several times what they need; a query past them is
// undecided, which no test expects to be a finding.
func init() {
	symexec.Analyzer.Flags.Set("querywork", "10000000")
	symexec.Analyzer.Flags.Set("kernelwork", "1000000000")
}

// TestLatent runs overflow asked for latent findings (-symexec.latent):
// an offset that wraps only past the production limits is reported as
// latent, its int64 twin is not.
func TestLatent(t *testing.T) {
	latent(t, true)
	checkertest.Run(t, filepath.Join(checkertest.TestData(), "latent"), Analyzer, "bug_*.cu", "ok_*.cu")
}

// TestLatentOff: without -symexec.latent the latent bug is not reported.
func TestLatentOff(t *testing.T) {
	file := filepath.Join(checkertest.TestData(), "latent", "bug_token_bins.cu")
	prog, err := frontend.Load(&frontend.Config{}, file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := driver.Run(prog, driver.Config{Analyzers: []*analysis.Analyzer{Analyzer}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		t.Errorf("%s: %s (%s)", d.Position, d.Message, d.Checker)
	}
}

// latent sets -symexec.latent for the rest of the test.
func latent(t *testing.T, on bool) {
	f := symexec.Analyzer.Flags.Lookup("latent")
	old := f.Value.String()
	f.Value.Set(fmt.Sprint(on))
	t.Cleanup(func() { f.Value.Set(old) })
}
