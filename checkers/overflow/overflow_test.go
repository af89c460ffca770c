package overflow

import (
	"path/filepath"
	"testing"

	"github.com/cudavet/cudavet/checkers/checkertest"
	"github.com/cudavet/cudavet/checkers/symexec"
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
