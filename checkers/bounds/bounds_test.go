package bounds

import (
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/checkertest"
	"github.com/cudavet/cudavet/checkers/symexec"
)

func Test(t *testing.T) {
	checkertest.Run(t, checkertest.TestData(), Analyzer, "bug_*.cu", "ok_*.cu")
}

// Tests decide every check: a query slowed by a loaded machine must not
// change a test's outcome, so the budgets are far above any query's need.
func init() {
	symexec.QueryTimeout = time.Minute
	symexec.KernelBudget = 10 * time.Minute
}
