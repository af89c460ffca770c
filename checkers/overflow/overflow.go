package overflow

import (
	"context"
	_ "embed"
	"fmt"
	"reflect"
	"strings"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/checkdoc"
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/checkers/internal/witness"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports integer overflow that reaches memory indexing.
var Analyzer = &analysis.Analyzer{
	Name:       "overflow",
	Doc:        checkdoc.Doc(doc, "overflow"),
	URL:        "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/overflow",
	Requires:   []*analysis.Analyzer{cudair.Analyzer, symexec.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf(cudair.Counts(nil)),
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	counts := cudair.Counts{}
	if len(res.Runs) == 0 {
		return counts, nil
	}
	direct := directIndexOps(cudair.Of(pass).Func)
	type finding struct {
		run *symexec.Run
		op  *symex.Op
		w   *symex.Witness
		k   []symex.SinkKind
	}
	type item struct {
		run   *symexec.Run
		op    *symex.Op
		kinds []symex.SinkKind
	}
	var items []item
	for _, r := range res.Runs {
		if r.Infeasible {
			continue
		}
		ops, kinds := r.Trace.SinkOps()
		for _, op := range ops {
			items = append(items, item{r, op, kinds[op]})
		}
	}
	var found []finding
	seen := map[ir.Expr]bool{}
	hit := map[*symexec.Run]map[ir.Expr]bool{}
	res.Passes(len(items), func(ctx context.Context, s solver.Solver, i int, last bool) bool {
		r, op := items[i].run, items[i].op
		if hit[r][op.Node] {
			return true
		}
		w, outcome, how, err := r.Trace.CheckHow(ctx, s, op.PC, op.FirstOverflow())
		if !last && (err != nil || outcome == symex.Undecided || (outcome == symex.Violated && w.Threshold == nil)) {
			return false // again with the full timeout (a violation too: its threshold may need it)
		}
		verdict := r.Trace.Count(counts, op.PC, op.FirstOverflow(), outcome, err)
		if how != symex.NotDecided {
			counts[symex.MethodCounter(how)]++
		}
		r.Record("overflow", verdict)
		if err != nil || outcome != symex.Violated {
			return true
		}
		if hit[r] == nil {
			hit[r] = map[ir.Expr]bool{}
		}
		hit[r][op.Node] = true
		// One report per operation in the source (every context is
		// still checked, for its verdict).
		if !seen[op.Node] {
			seen[op.Node] = true
			found = append(found, finding{r, op, w, items[i].kinds})
		}
		return true
	})
	// In a + b * c that wraps in both operations, the sum is reported
	// (it reaches the index first; the fix widens both).
	for _, f := range found {
		inner := false
		for _, g := range found {
			if g.op.Node != f.op.Node && contains(g.op.Node, f.op.Node) {
				inner = true
				break
			}
		}
		if !inner {
			pass.Report(diagnostic(f.run, f.op, f.k, f.w, direct[f.op.Node]))
		}
	}
	return counts, nil
}

// contains reports whether inner is a sub-expression of outer.
func contains(outer, inner ir.Expr) bool {
	found := false
	ir.Inspect(outer, func(n ir.Node) bool {
		if n == inner {
			found = true
		}
		return !found
	})
	return found
}

func diagnostic(r *symexec.Run, op *symex.Op, kinds []symex.SinkKind, w *symex.Witness, fixable bool) analysis.Diagnostic {
	relevant := append(append([]*sym.Term(nil), op.PC...), op.FirstOverflow())
	when := witness.When(r.Trace, w, relevant)
	var msg string
	if c, ok := op.Node.(*ir.Convert); ok {
		msg = fmt.Sprintf("conversion of %s (%s) to %s truncates", witness.Text(c.X), c.X.Type(), op.Type)
	} else {
		msg = fmt.Sprintf("%s (%s) overflows", witness.Text(op.Node), op.Type)
	}
	if when != "" {
		msg += " " + when
	}
	msg += r.ModelNote(w)
	msg += fmt.Sprintf(" (used as %s)", sinkText(kinds))
	d := analysis.Diagnostic{Pos: op.Pos, Category: "overflow", Message: msg,
		Related: append(witness.Related(r.Trace, w, op.Pos, r.Context), r.Related()...)}
	for _, call := range op.Inline {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call, Message: "inlined from this call"})
	}
	if b, ok := op.Node.(*ir.Binary); ok && fixable && op.Type.Bits < 64 && b.Op != ir.Shl {
		d.SuggestedFixes = []analysis.SuggestedFix{widen(b)}
	}
	return d
}

func sinkText(kinds []symex.SinkKind) string {
	var s []string
	for _, k := range kinds {
		s = append(s, k.String())
	}
	return strings.Join(s, " and ")
}

// widen returns the narrowest fix: a cast to int64_t of the leftmost
// operand of the + - * chain, which makes the operation and every
// operation after it in the chain 64-bit (C evaluates left to right).
func widen(b *ir.Binary) analysis.SuggestedFix {
	leaf := leftmost(b)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("compute %s in int64_t", witness.Text(b)),
		TextEdits: []analysis.TextEdit{{Pos: leaf.Pos(), End: leaf.Pos(), NewText: []byte("(int64_t)")}},
	}
}

// leftmost returns the first operand of a chain of arithmetic, through
// the conversions C inserts.
func leftmost(e ir.Expr) ir.Expr {
	for {
		switch x := e.(type) {
		case *ir.Convert:
			if !x.Implicit {
				return x
			}
			e = x.X
		case *ir.Binary:
			switch x.Op {
			case ir.Add, ir.Sub, ir.Mul, ir.Shl:
				e = x.X
			default:
				return x
			}
		default:
			return e
		}
	}
}

// directIndexOps returns the operations written directly inside an index
// or pointer offset (not through a variable), whose widening fixes the
// access: a product assigned to an int variable first would be truncated
// back, and needs the variable widened too, which is more than this
// checker proposes.
func directIndexOps(f *ir.Func) map[ir.Expr]bool {
	out := map[ir.Expr]bool{}
	mark := func(e ir.Expr) {
		ir.Inspect(e, func(n ir.Node) bool {
			switch n := n.(type) {
			case *ir.Binary:
				out[n] = true
			case *ir.Convert:
				if it, ok := n.T.(*ir.IntType); ok && it.Bits < 64 {
					return false // narrowed again: widening below would not help
				}
			}
			return true
		})
	}
	if f.Body == nil {
		return out
	}
	ir.Inspect(f.Body, func(n ir.Node) bool {
		switch n := n.(type) {
		case *ir.Load:
			mark(n.Index)
		case *ir.Store:
			mark(n.Index)
		case *ir.PtrAdd:
			mark(n.Off)
		case *ir.Atomic:
			mark(n.Index)
		}
		return true
	})
	return out
}
