package annotation

import (
	_ "embed"
	"fmt"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/checkdoc"
	"github.com/cudavet/cudavet/checkers/symexec"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports annotation problems.
var Analyzer = &analysis.Analyzer{
	Name:     "annotation",
	Doc:      checkdoc.Doc(doc, "annotation"),
	URL:      "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/annotation",
	Requires: []*analysis.Analyzer{cudair.Analyzer, symexec.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	f := res.Unit.Func
	// The file's syntax problems are reported by its first function's
	// unit only (the driver would merge duplicates anyway).
	if res.FirstInFile {
		for _, d := range res.FileDiagnostics {
			pass.Report(analysis.Diagnostic{Pos: d.Pos, Category: "annotation", Message: d.Message})
		}
	}
	set := res.Annotations
	if set == nil || len(set.Directives()) == 0 {
		return nil, nil
	}
	pos := set.Directives()[0].Pos
	for _, err := range res.SpecErrors {
		pass.Report(analysis.Diagnostic{Pos: pos, Category: "annotation", Message: fmt.Sprintf("cudavet annotation of %s: %v", f.Base, err)})
	}
	for _, r := range res.Runs {
		if r.Infeasible {
			pass.Report(analysis.Diagnostic{Pos: pos, Category: "annotation",
				Message: fmt.Sprintf("the cudavet annotations of %s contradict each other: no sizes satisfy them", f.Base)})
		}
	}
	return nil, nil
}
