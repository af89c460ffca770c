package annotation

import (
	_ "embed"
	"fmt"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/annot"
	"github.com/cudavet/cudavet/checkers/internal/checkdoc"
	"github.com/cudavet/cudavet/checkers/internal/spec"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend/ir"
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
	u := cudair.Of(pass)
	f := u.Func
	if f.File == nil {
		return nil, nil
	}
	var funcs []*ir.Func
	for _, g := range u.Prog.Funcs {
		if g.File == f.File {
			funcs = append(funcs, g)
		}
	}
	sets, diags := annot.Attach(f.File, funcs)
	// The file's syntax problems are reported by its first function's
	// unit only (the driver would merge duplicates anyway).
	if len(funcs) > 0 && funcs[0] == f {
		for _, d := range diags {
			pass.Report(analysis.Diagnostic{Pos: d.Pos, Category: "annotation", Message: d.Message})
		}
	}
	set := sets[f]
	if set == nil || len(set.Directives()) == 0 {
		return nil, nil
	}
	pos := set.Directives()[0].Pos
	if _, errs := spec.FromAnnotations(f, set); len(errs) > 0 {
		for _, err := range errs {
			pass.Report(analysis.Diagnostic{Pos: pos, Category: "annotation", Message: fmt.Sprintf("cudavet annotation of %s: %v", f.Base, err)})
		}
	}
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	for _, r := range res.Runs {
		if r.Infeasible {
			pass.Report(analysis.Diagnostic{Pos: pos, Category: "annotation",
				Message: fmt.Sprintf("the cudavet annotations of %s contradict each other: no sizes satisfy them", f.Base)})
		}
	}
	return nil, nil
}
