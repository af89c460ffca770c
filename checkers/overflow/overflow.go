package overflow

import (
	"context"
	_ "embed"
	"fmt"
	"reflect"
	"regexp"
	"slices"
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
	found, safe := check(pass, res, res.Runs, counts, nil)
	report(pass, found, direct)
	if len(res.Latent) == 0 {
		return counts, nil
	}
	// Latent findings: operations safe in every context under the
	// production limits that wrap under the latent ones, and overlap no
	// finding shown (whose fix widens them too).
	latent, _ := check(pass, res, res.Latent, nil, func(n ir.Expr) bool {
		if !safe[n] {
			return false
		}
		for _, f := range found {
			if contains(f.op.Node, n) || contains(n, f.op.Node) {
				return false
			}
		}
		return true
	})
	report(pass, latent, direct)
	counts[LatentCounter] += len(latent)
	return counts, nil
}

// LatentCategory is the category of a latent finding: an overflow no
// size within the production limits triggers (symexec.Options.Latent).
// Its severity is info.
const LatentCategory = "latent"

// LatentCounter counts the latent findings (symexec.Options.Latent).
const LatentCounter = "latent findings (past the production limits)"

// A finding is an operation that wraps, with the witness of the run
// that showed it and the uses it reaches.
type finding struct {
	run *symexec.Run
	op  *symex.Op
	w   *symex.Witness
	k   []symex.SinkKind
}

// check checks the operations of runs that reach memory, those of
// nodes keep allows (nil: all), and returns one finding per operation
// in the source and the operations found safe in every context that
// checked them. counts, when not nil, receives the outcomes (and the
// runs' verdicts are recorded); nil for latent runs, which give no
// verdicts.
func check(pass *analysis.Pass, res *symexec.Result, runs []*symexec.Run, counts cudair.Counts, keep func(ir.Expr) bool) ([]finding, map[ir.Expr]bool) {
	type item struct {
		run   *symexec.Run
		op    *symex.Op
		kinds []symex.SinkKind
		viol  *sym.Term
	}
	var items []item
	for _, r := range runs {
		if r.Infeasible {
			continue
		}
		ops, kinds := r.Trace.SinkOps()
		for _, op := range ops {
			if keep != nil && !keep(op.Node) {
				continue
			}
			viol := op.FirstOverflow()
			if f := Fits(r.Trace, op); len(f) > 0 {
				viol = sym.BAnd(append([]*sym.Term{viol}, f...)...)
			}
			items = append(items, item{r, op, kinds[op], viol})
		}
	}
	var found []finding
	seen := map[ir.Expr]bool{}
	safe := map[ir.Expr]bool{}
	unsafe := map[ir.Expr]bool{}
	hit := map[*symexec.Run]map[ir.Expr]bool{}
	res.Passes(len(items), func(ctx context.Context, s solver.Solver, i int, last bool) bool {
		r, op := items[i].run, items[i].op
		if hit[r][op.Node] {
			return true
		}
		w, outcome, how, err := r.Trace.CheckHow(ctx, s, op.PC, items[i].viol)
		if !last && (err != nil || outcome == symex.Undecided) {
			return false // again with the full work
		}
		// The witness of a finding that may be shown is completed here,
		// with this pass's solver; a threshold the first pass's work did
		// not find is looked for again with the full work.
		if err == nil && outcome == symex.Violated && !seen[op.Node] &&
			res.Finish(ctx, s, pass.Analyzer.Name, op.Pos, w) && !last && w.Threshold == nil {
			return false
		}
		if err == nil && outcome == symex.Safe {
			safe[op.Node] = true
		} else {
			unsafe[op.Node] = true
		}
		if counts != nil {
			verdict := r.Trace.Count(counts, op.PC, items[i].viol, outcome, err)
			if how != symex.NotDecided {
				counts[symex.MethodCounter(how)]++
			}
			r.Record("overflow", verdict)
		}
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
	for n := range unsafe {
		delete(safe, n)
	}
	return found, safe
}

// report reports the findings of check: of operations nested in one
// another, the outermost.
func report(pass *analysis.Pass, found []finding, direct map[ir.Expr]bool) {
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
			// The expression wraps first where its earliest operation
			// does: in blockIdx.x * hidden_size + idx the product wraps
			// from 524,289 tokens (hidden 8,192) and the sum alone from
			// 599,187 (hidden 7,168, where the product cannot wrap
			// first); the report names the smallest trigger.
			src := f
			for _, g := range found {
				if g.op.Node != f.op.Node && contains(f.op.Node, g.op.Node) && earlier(g.w, src.w) {
					src = g
				}
			}
			d := diagnostic(src.run, src.op, f.op, f.k, src.w, direct[f.op.Node])
			if c, ok := f.op.Node.(*ir.Convert); ok {
				if fix, ok := retype(pass, cudair.Of(pass).Func, c); ok {
					d.SuggestedFixes = append(d.SuggestedFixes, fix)
				}
			}
			pass.Report(d)
		}
	}
}

// Fits returns, for an operation whose result offsets a pointer
// directly (ptr + a * b, p[(int)u]), that the accesses through that
// pointer would be in bounds with the operation's exact value:
//
//	0 <= off[r := exact] and off[r := exact] + size <= bytes(region)
//
// A wrap matters where the buffer really holds the element the exact
// index names: a prompt of 600k tokens whose row offset wraps. Where
// even the exact index lies past the buffer, the caller passed a buffer
// too small for the kernel's indexing (a packed 4-bit weight of 2^31
// words, 8 GiB in one layer, no model's: the witness of issue 40's
// oc * (IC / 8)), not a wrap to fix. Operations of 64 bits, shifts and
// results that reach the offset through other arithmetic (a division, a
// further int sum) get none. Only weights are bounded so (Region.Weight,
// at most the model's largest weight): an activation grows with the
// tokens until any exact offset fits, and the condition would only make
// its queries harder and its threshold name a numel.
func Fits(t *symex.Trace, o *symex.Op) []*sym.Term {
	var r, exact *sym.Term
	switch o.Kind {
	case sym.OpAddOvf, sym.OpSubOvf, sym.OpMulOvf:
		if o.X == nil || o.Y == nil || o.X.Width >= 64 || o.X.Width != o.Y.Width {
			return nil
		}
		x, y := sym.Resize(o.X, 64, o.Signed), sym.Resize(o.Y, 64, o.Signed)
		switch o.Kind {
		case sym.OpAddOvf:
			r, exact = sym.Add(o.X, o.Y), sym.Add(x, y)
		case sym.OpSubOvf:
			r, exact = sym.Sub(o.X, o.Y), sym.Sub(x, y)
		default:
			r, exact = sym.Mul(o.X, o.Y), sym.Mul(x, y)
		}
	case sym.OpTrunc:
		if o.X == nil || o.X.Width > 64 || o.Type == nil || o.Type.Bits >= 64 {
			return nil
		}
		r, exact = sym.Resize(o.X, o.Type.Bits, o.Signed), sym.Resize(o.X, 64, o.Signed)
	default:
		return nil
	}
	if r.Width >= 64 {
		return nil
	}
	froms := []*sym.Term{sym.Resize(r, 64, true), sym.Resize(r, 64, false)}
	var out []*sym.Term
	for _, a := range t.Accesses {
		if a.Region == nil || a.Region.Bytes == nil || !a.Region.Weight || !slices.Contains(a.Ops, o) {
			continue
		}
		for _, from := range froms {
			off := sym.Replace(a.Off, from, exact)
			if off == a.Off {
				continue
			}
			end := sym.Add(off, sym.Const(64, uint64(a.Size)))
			out = append(out, sym.Sle(sym.Const(64, 0), off), sym.Sle(end, a.Region.Bytes))
			break
		}
	}
	return out
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

// earlier reports whether witness a triggers at a smaller value of the
// same user size than b.
func earlier(a, b *symex.Witness) bool {
	if a == nil || b == nil || a.Threshold == nil || b.Threshold == nil {
		return false
	}
	return a.Threshold.Var.Display == b.Threshold.Var.Display && a.Threshold.Value < b.Threshold.Value
}

// diagnostic reports the operation op, whose witness w is that of why,
// an operation of r's trace (op itself or one inside it).
func diagnostic(r *symexec.Run, why, op *symex.Op, kinds []symex.SinkKind, w *symex.Witness, fixable bool) analysis.Diagnostic {
	relevant := append(append([]*sym.Term(nil), why.PC...), why.FirstOverflow())
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
	category := "overflow"
	if r.Latent {
		category = LatentCategory
		msg = "latent: " + msg + "; " + r.LatentNote(w)
	}
	d := analysis.Diagnostic{Pos: op.Pos, Category: category, Message: msg,
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

// retype returns the fix of a narrowing conversion that initialises or
// assigns a local variable (int n = numel / k; a grid-stride loop's
// int i = ...; i += stride): declare the variable 64-bit, int64_t or
// uint64_t as it was signed or not, qualifiers kept, so that nothing is
// narrowed. It is offered only where the declaration's type is written
// as one plain 32-bit integer type; not for a parameter, a field, or a
// declaration of several variables.
func retype(pass *analysis.Pass, fn *ir.Func, c *ir.Convert) (analysis.SuggestedFix, bool) {
	var v *ir.Var
	ir.InspectReachable(fn, func(n ir.Node) bool {
		switch s := n.(type) {
		case *ir.DeclStmt:
			if s.Init == ir.Expr(c) {
				v = s.Var
			}
		case *ir.Assign:
			if s.X == ir.Expr(c) && s.Field == "" {
				v = s.Var
			}
		}
		return v == nil
	})
	if v == nil || v.Kind != ir.LocalVar || v.Ref || !v.TypePos.IsValid() || v.TypePos >= v.P || pass.ReadFile == nil {
		return analysis.SuggestedFix{}, false
	}
	t, ok := v.Type.(*ir.IntType)
	tf := pass.Fset.File(v.P)
	if !ok || t.Bits != 32 || tf == nil || pass.Fset.File(v.TypePos) != tf {
		return analysis.SuggestedFix{}, false
	}
	src, err := pass.ReadFile(tf.Name())
	start, end := tf.Offset(v.TypePos), tf.Offset(v.P)
	if err != nil || end > len(src) || start >= end {
		return analysis.SuggestedFix{}, false
	}
	m := plainInt.FindSubmatch(src[start:end])
	if m == nil {
		return analysis.SuggestedFix{}, false
	}
	wide := "int64_t"
	if strings.HasPrefix(string(m[2]), "u") {
		wide = "uint64_t"
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("declare %s as %s", v.Name, wide),
		TextEdits: []analysis.TextEdit{{Pos: v.TypePos, End: v.P, NewText: []byte(string(m[1]) + wide + string(m[3]))}},
	}, true
}

// plainInt matches a declaration's text before the variable's name that
// is one 32-bit integer type, with its qualifiers (1), type (2) and the
// space after it (3).
var plainInt = regexp.MustCompile(`^((?:(?:const|volatile)\s+)*)(int|signed int|signed|int32_t|unsigned int|unsigned|uint32_t)(\s+)$`)
