package nilptr

import (
	"testing"

	"github.com/cudavet/cudavet/checkers/checkertest"
	"github.com/cudavet/cudavet/checkers/symexec"
)

func Test(t *testing.T) {
	checkertest.Run(t, checkertest.TestData(), Analyzer, "bug_*.cu", "ok_*.cu")
}

// Budgets several times what the findings need: a loaded machine must
// not turn a finding into an undecided check.
func init() {
	symexec.Analyzer.Flags.Set("querywork", "10000000")
	symexec.Analyzer.Flags.Set("kernelwork", "1000000000")
}
