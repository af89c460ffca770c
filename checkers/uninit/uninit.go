package uninit

import (
	"context"
	_ "embed"
	"fmt"
	"reflect"

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

// Analyzer reports reads of shared memory that no thread has written.
var Analyzer = &analysis.Analyzer{
	Name:       "uninit",
	Doc:        checkdoc.Doc(doc, "uninit"),
	URL:        "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/uninit",
	Requires:   []*analysis.Analyzer{cudair.Analyzer, symexec.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf(cudair.Counts(nil)),
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	counts := cudair.Counts{}
	// Only kernels are executed; device functions are checked inlined.
	if len(res.Runs) == 0 {
		return counts, nil
	}
	escaped, ok := escapes(cudair.Of(pass).Func)
	// Unknown statements (inline asm: cp.async, ldmatrix) may write anything.
	if !ok {
		counts["kernels skipped (unknown statements may write shared memory)"]++
		return counts, nil
	}
	s, release := res.Solver()
	defer release()
	ctx, cancel := res.Context()
	defer cancel()
	done := map[ir.Node]bool{}
	regions := map[*symex.Region]bool{}
	for _, r := range res.Runs {
		// A write whose region was lost may be the missing initialisation.
		if r.Infeasible || len(r.Trace.LostWrites) > 0 {
			continue
		}
		p := r.Trace.NewPair(false, false)
		for _, l := range r.Trace.Accesses {
			if !reads(l) || l.Region.Space != ir.Shared || escaped[l.Region.Var] || done[l.Node] || regions[l.Region] {
				continue
			}
			for _, small := range []bool{false, true} {
				if w, stores, ok := check(ctx, s, r, p, l, small, counts); ok {
					// One finding per region: later reads of it follow from the first.
					done[l.Node], regions[l.Region] = true, true
					res.Finish(ctx, s, pass.Analyzer.Name, l.Pos, w)
					pass.Report(diagnostic(r, l, w, stores))
					break
				}
			}
		}
	}
	return counts, nil
}

// plainWrite reports stores and the writes of memcpy and memset.
func plainWrite(a *symex.Access) bool {
	switch a.Node.(type) {
	case *ir.Store, *ir.Intrinsic:
		return a.Write
	}
	return false
}

// reads reports loads and atomics (which read the old value).
func reads(a *symex.Access) bool {
	_, atomic := a.Node.(*ir.Atomic)
	return !a.Write || atomic
}

// cover is what the plain stores to a region may write before load l:
// bytes [Lo, Hi) for the witness's sizes, over every thread and
// iteration.
type cover struct {
	Store  *symex.Access
	Lo, Hi int64
}

// check decides (with small, for the smallest user sizes of its path,
// where a partial fill shows most often) whether load l (thread 1) can read bytes that no plain
// store of any thread (thread 2) writes in an earlier barrier interval or
// in l's own. The sizes are fixed first (a model of l's path), then each
// store's range is bounded over all threads, iterations and unknown
// values, and the load must fall outside every range for all unknown
// values:
//
//	pc(l) ∧ sizes ∧ ⋀_S (off(l) + size(l) ≤ lo_S ∨ off(l) ≥ hi_S)
//
// Ranges over-approximate what is written, so a finding is a read of
// bytes never written; atomics do not initialise (an atomicAdd on garbage
// stays garbage).
func check(ctx context.Context, s solver.Solver, r *symexec.Run, p *symex.Pair, l *symex.Access, small bool, counts cudair.Counts) (*symex.Witness, []cover, bool) {
	pc0 := l.PC
	if small {
		pc0 = smallest(ctx, s, p.Src, l.PC)
		if pc0 == nil {
			return nil, nil, false
		}
	}
	fixed, ok := p.Src.Model(ctx, s, pc0)
	if !ok {
		return nil, nil, false
	}
	var covers []cover
	parts := []*sym.Term{sym.Sle(sym.Const(64, 0), l.Off)}
	if l.Region.Bytes != nil {
		parts = append(parts, sym.Sle(sym.Add(l.Off, sym.Const(64, uint64(l.Size))), l.Region.Bytes))
	}
	for _, st := range p.Src.Accesses {
		if !plainWrite(st) || st.Region != l.Region {
			continue
		}
		pc := append(append(append([]*sym.Term(nil), fixed...), p.SecondAll(st.PC)...), sym.Ule(p.Second(st.Epoch), l.Epoch))
		lo, hi, r1, r2 := bounds(ctx, s, p, pc, p.Second(st.Off), l.Region)
		if r1 == solver.Unsat {
			continue // the store never comes first
		}
		if r1 != solver.Sat || r2 != solver.Sat {
			counts[symex.OutcomeCounter(symex.Undecided, nil)]++
			return nil, nil, false
		}
		hi += st.Size
		covers = append(covers, cover{st, lo, hi})
		end := sym.Add(l.Off, sym.Const(64, uint64(l.Size)))
		parts = append(parts, sym.BOr(sym.Sle(end, sym.Const(64, uint64(lo))), sym.Sle(sym.Const(64, uint64(hi)), l.Off)))
	}
	pc := append(append([]*sym.Term(nil), l.PC...), fixed...)
	viol := sym.BAnd(parts...)
	w, outcome, err := p.Src.Check(ctx, s, pc, viol)
	r.Record("uninit", p.Src.Count(counts, pc, viol, outcome, err))
	return w, covers, err == nil && outcome == symex.Violated
}

// bounds returns the smallest and largest byte offset off takes where pc
// holds. Only offsets inside the region matter for what is written there;
// for a region of known size below 1 MiB they are searched as 20-bit
// values (bisection takes 21 steps, not 65).
func bounds(ctx context.Context, s solver.Solver, p *symex.Pair, pc []*sym.Term, off *sym.Term, r *symex.Region) (int64, int64, solver.Result, solver.Result) {
	var n uint64
	ok := r.Bytes != nil
	if ok {
		n, ok = r.Bytes.Const()
	}
	if !ok || n >= 1<<20 {
		lo, r1 := p.Trace.Bound(ctx, s, pc, off, false)
		if r1 != solver.Sat {
			return 0, 0, r1, r1
		}
		hi, r2 := p.Trace.Bound(ctx, s, pc, off, true)
		return lo, hi, r1, r2
	}
	pc = append(append([]*sym.Term(nil), pc...), sym.Sle(sym.Const(64, 0), off), sym.Slt(off, r.Bytes))
	q := solver.Query{Constraints: p.Trace.Constraints(), Goal: sym.BAnd(pc...)}
	v := sym.Trunc(off, 20)
	// Where the solver cannot find an extreme, the range step's bound
	// stands for it (off = 4·i, i < 256, whatever the loop's stride): it
	// lies beyond every offset the store takes, so the range is wider and
	// a read it covers is no finding, as with the exact one.
	// Computed once, and only when asked.
	var rlo, rhi uint64
	rdone, rok := false, false
	ranged := func() bool {
		if !rdone {
			rdone = true
			all := append(append([]*sym.Term(nil), q.Constraints...), pc...)
			rlo, rhi, rok = sym.Bounds(all, off)
			rok = rok && rhi < n
		}
		return rok
	}
	lo, _, r1, err := solver.Minimize(ctx, s, q, v, false)
	if err != nil {
		r1 = solver.Unknown
	}
	if r1 == solver.Unknown && ranged() {
		lo, r1 = rlo, solver.Sat
	}
	if r1 != solver.Sat {
		return 0, 0, r1, r1
	}
	nhi, _, r2, err := solver.Minimize(ctx, s, q, sym.Not(v), false)
	if err != nil {
		r2 = solver.Unknown
	}
	hi := nhi ^ (1<<20 - 1)
	if r2 == solver.Unknown && ranged() {
		hi, r2 = rhi, solver.Sat
	}
	return int64(lo), int64(hi), r1, r2
}

// smallest returns pc with each user size of the trace fixed, in name
// order, to its smallest value where pc holds; nil when there is none.
func smallest(ctx context.Context, s solver.Solver, t *symex.Trace, pc []*sym.Term) []*sym.Term {
	out := append([]*sym.Term(nil), pc...)
	found := false
	for _, v := range t.SortedVars() {
		if v.Class != symex.User || v.Term.IsBool() {
			continue // a flag is no size
		}
		q := solver.Query{Constraints: t.Constraints(), Goal: sym.BAnd(out...)}
		val, r, err := solver.MinimizeValue(ctx, s, q, v.Term, v.Signed)
		if err != nil || r != solver.Sat {
			return nil
		}
		out = append(out, sym.Eq(v.Term, sym.Const(v.Term.Width, val)))
		found = true
	}
	if !found {
		return nil
	}
	return out
}

func diagnostic(r *symexec.Run, l *symex.Access, w *symex.Witness, covers []cover) analysis.Diagnostic {
	elem := l.Region.ElemSize
	off := symex.Eval(l.Off, w)
	msg := fmt.Sprintf("%s reads element %d of shared %s, which no thread of the block has written", symex.Describe(l, witness.Text), off/elem, l.Region.Name)
	if len(covers) == 0 {
		msg += " (nothing stores to it)"
	}
	d := analysis.Diagnostic{Pos: l.Pos, Category: "uninit", Message: msg}
	for _, c := range covers {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: c.Store.Pos,
			Message: fmt.Sprintf("%s writes only elements [%d, %d) before the load", symex.Describe(c.Store, witness.Text), c.Lo/elem, (c.Hi+elem-1)/elem)})
	}
	d.Related = append(d.Related, witness.Related(r.Trace, w, l.Pos, r.Context)...)
	for _, call := range l.Inline {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call, Message: "inlined from this call"})
	}
	return d
}

// escapes returns the shared variables whose address reaches code the
// executor does not see (calls without body, intrinsics such as
// __pipeline_memcpy_async), through f and the device functions it calls:
// an array by name, a scalar or struct by its address or bound to a
// reference parameter (a CUB-style TempStorage handed to a collective's
// constructor, which the callee may fill before anything reads it);
// ok is false when f or a callee holds an unknown statement.
func escapes(f *ir.Func) (map[*ir.Var]bool, bool) {
	out := map[*ir.Var]bool{}
	ok := true
	mark := func(args []ir.Expr) {
		for _, a := range args {
			ir.Inspect(a, func(n ir.Node) bool {
				switch n := n.(type) {
				case *ir.VarRef: // an array
					if n.Var.Kind == ir.SharedVar {
						out[n.Var] = true
					}
				case *ir.AddrOf: // a scalar or struct, by pointer or by reference
					if n.Var.Kind == ir.SharedVar {
						out[n.Var] = true
					}
				}
				return true
			})
		}
	}
	ir.InspectReachable(f, func(n ir.Node) bool {
		switch n := n.(type) {
		case *ir.UnknownStmt:
			ok = false
		case *ir.Call:
			if n.Fn == nil || n.Fn.Body == nil {
				mark(n.Args)
			}
		case *ir.Intrinsic:
			if ir.ByteOp(n.Name) == "" { // memcpy, memset: their bytes are accesses
				mark(n.Args)
			}
		}
		return true
	})
	return out, ok
}
