package checkertest

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// syncer reports every barrier: "barrier __syncthreads".
var syncer = &analysis.Analyzer{
	Name:     "syncer",
	Doc:      "syncer: reports every barrier (harness test)",
	Requires: []*analysis.Analyzer{cudair.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ir.Inspect(cudair.Of(pass).Func.Body, func(n ir.Node) bool {
			if s, ok := n.(*ir.Sync); ok {
				pass.Reportf(s.P, "barrier %s", s.Kind)
			}
			return true
		})
		return nil, nil
	},
}

func TestRun(t *testing.T) {
	results := Run(t, TestData(), syncer, "bug_*.cu", "ok_*.cu")
	if len(results) != 2 {
		t.Errorf("%d results, want 2", len(results))
	}
}

// TestFailures checks that a wrong file fails, naming file:line.
func TestFailures(t *testing.T) {
	var r recorder
	file := filepath.Join(TestData(), "fail_sync.cu")
	runFile(&r, file, syncer)
	want := []string{
		fmt.Sprintf("%s:6: unexpected diagnostic: barrier __syncthreads (syncer)", file),
		fmt.Sprintf(`%s:8: no diagnostic of syncer was reported matching "barrier"`, file),
	}
	if !slices.Equal(r.errors, want) {
		t.Errorf("failures:\n%s\nwant:\n%s", strings.Join(r.errors, "\n"), strings.Join(want, "\n"))
	}
}
