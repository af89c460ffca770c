package align

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/checkertest"
	"github.com/cudavet/cudavet/checkers/symexec"
)

func Test(t *testing.T) {
	checkertest.Run(t, checkertest.TestData(), Analyzer, "bug_*.cu", "ok_*.cu")
}

// TestRealistic runs align over the clean realistic kernels that live
// beside the bounds checker: none of them may be reported.
func TestRealistic(t *testing.T) {
	checkertest.Run(t, filepath.Join(checkertest.TestData(), "..", "..", "bounds", "testdata"), Analyzer, "ok_realistic_*.cu")
}

// Tests decide every check: a query slowed by a loaded machine must not
// change a test's outcome, so the budgets are far above any query's need.
func init() {
	symexec.QueryTimeout = time.Minute
	symexec.KernelBudget = 10 * time.Minute
}
