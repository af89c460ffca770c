package annotation

import (
	"testing"

	"github.com/cudavet/cudavet/checkers/checkertest"
)

func Test(t *testing.T) {
	checkertest.Run(t, checkertest.TestData(), Analyzer, "bug_*.cu", "ok_*.cu")
}
