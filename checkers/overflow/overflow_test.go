package overflow

import (
	"path/filepath"
	"testing"

	"github.com/cudavet/cudavet/checkers/checkertest"
)

func Test(t *testing.T) {
	checkertest.Run(t, checkertest.TestData(), Analyzer, "bug_*.cu", "ok_*.cu")
}

// TestRealistic runs overflow over the clean realistic kernels that live
// beside the bounds checker: none of them may be reported.
func TestRealistic(t *testing.T) {
	checkertest.Run(t, filepath.Join(checkertest.TestData(), "..", "..", "bounds", "testdata"), Analyzer, "ok_realistic_*.cu")
}
