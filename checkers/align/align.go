package align

import (
	_ "embed"
	"fmt"
	"reflect"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/checkdoc"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/checkers/internal/witness"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports misaligned vector accesses.
var Analyzer = &analysis.Analyzer{
	Name:       "align",
	Doc:        checkdoc.Doc(doc, "align"),
	URL:        "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/align",
	Requires:   []*analysis.Analyzer{cudair.Analyzer, symexec.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf(cudair.Counts(nil)),
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	scalar := func(a *symex.Access) string {
		if a.Align <= 1 || a.Align&(a.Align-1) != 0 {
			return "accesses not vectorized"
		}
		return ""
	}
	return res.CheckAccesses("align", Violation, scalar, func(r *symexec.Run, a *symex.Access, w *symex.Witness, viol *sym.Term) {
		pass.Report(diagnostic(r, a, w, viol))
	}), nil
}

// Violation is what align reports for a vector access: its byte offset is
// not a multiple of the alignment (a power of two), with the offset's
// arithmetic exact (wrapped offsets are overflow's).
func Violation(a *symex.Access) *sym.Term {
	viol := sym.Ne(sym.And(a.Off, sym.Const(64, uint64(a.Align-1))), sym.Const(64, 0))
	for _, o := range a.Ops {
		viol = sym.BAnd(viol, sym.BNot(o.Overflow()))
	}
	return viol
}

func diagnostic(r *symexec.Run, a *symex.Access, w *symex.Witness, viol *sym.Term) analysis.Diagnostic {
	verb := "load from"
	if _, ok := a.Node.(*ir.Store); ok {
		verb = "store to"
	}
	off, _ := sym.Eval(a.Off, w.Model.Env())
	msg := fmt.Sprintf("%s %s %s is misaligned: byte offset %d is not a multiple of %d", a.Vector, verb, a.Region.Name, int64(off), a.Align)
	relevant := append(append([]*sym.Term(nil), a.PC...), viol)
	if when := witness.WhenAt(r.Trace, w, relevant); when != "" {
		msg += " " + when
	}
	msg += r.ModelNote(w)
	d := analysis.Diagnostic{Pos: a.Pos, Category: "align", Message: msg,
		Related: append(witness.Related(r.Trace, w, a.Pos, r.Context), r.Related()...)}
	for _, call := range a.Inline {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call, Message: "inlined from this call"})
	}
	return d
}
