package warpsync

import (
	"context"
	_ "embed"
	"fmt"
	"go/token"
	"reflect"
	"strings"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/divergence"
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

// Analyzer reports warp collectives whose mask does not match the lanes
// that reach them, and shared-memory exchanges within a warp that rely on
// lockstep execution.
var Analyzer = &analysis.Analyzer{
	Name:       "warpsync",
	Doc:        checkdoc.Doc(doc, "warpsync"),
	URL:        "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/warpsync",
	Requires:   []*analysis.Analyzer{cudair.Analyzer, divergence.Analyzer, symexec.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf(cudair.Counts(nil)),
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	div, _ := pass.ResultOf[divergence.Analyzer].(*divergence.Result)
	counts := cudair.Counts{}
	// Only kernels are executed; device functions are checked inlined.
	if len(res.Runs) == 0 {
		return counts, nil
	}
	s, release := res.Solver()
	defer release()
	ctx, cancel := res.Context()
	defer cancel()
	reported := map[ir.Node]bool{}
	for _, r := range res.Runs {
		if r.Infeasible {
			continue
		}
		p := r.Trace.NewPair(false, false)
		for _, ev := range r.Trace.WarpEvents {
			// __syncwarp with the full mask is barrierdiv's.
			if reported[ev.Node] || fullSyncwarp(ev) {
				continue
			}
			if w, ok := check(ctx, s, r, p, ev.PC, OwnLaneViolation(p, ev), counts); ok {
				reported[ev.Node] = true
				res.Finish(ctx, s, pass.Analyzer.Name, ev.Pos, w)
				pass.Report(ownDiagnostic(r, p, ev, w))
				continue
			}
			if skipThenExit(div, ev) {
				continue
			}
			if w, ok := check(ctx, s, r, p, ev.PC, MaskViolation(p, ev), counts); ok {
				reported[ev.Node] = true
				res.Finish(ctx, s, pass.Analyzer.Name, ev.Pos, w)
				pass.Report(maskDiagnostic(r, p, ev, w))
			}
		}
		// One lockstep finding per shared region: the first step of an
		// unrolled warp reduction names the fix for all of them.
		lockstep := map[*symex.Region]bool{}
		symex.EachConflict(r.Trace, reported, func(a, b *symex.Access) bool {
			if a.Region.Space != ir.Shared || lockstep[a.Region] {
				return false
			}
			// A collective's modelled traffic is one lane's per warp
			// around the collective's own barrier: no lockstep there.
			if symex.Modelled(a) || symex.Modelled(b) {
				return false
			}
			pc := append(append([]*sym.Term(nil), a.PC...), p.SecondAll(b.PC)...)
			w, ok := check(ctx, s, r, p, pc, LockstepViolation(p, a, b), counts)
			if !ok {
				return false
			}
			// A conflict that also spans warps is the race checker's.
			if _, o, err := p.Trace.Check(ctx, s, pc, p.Race(a, b)); err != nil || o != symex.Safe {
				return false
			}
			lockstep[a.Region] = true
			res.Finish(ctx, s, pass.Analyzer.Name, b.Pos, w)
			pass.Report(lockstepDiagnostic(r, p, a, b, w))
			return true
		})
	}
	return counts, nil
}

// check runs one check on the pair's trace and counts its outcome.
func check(ctx context.Context, s solver.Solver, r *symexec.Run, p *symex.Pair, pc []*sym.Term, viol *sym.Term, counts cudair.Counts) (*symex.Witness, bool) {
	// The two lanes read one input at one address as one value (and a
	// prefix sum in order), as race's threads do: without it two lanes
	// of a row could each find their token inside their own sequence
	// with cu_seq_lens[1] read as two values.
	pc = p.WithConsistent(pc, viol)
	w, outcome, how, err := p.Trace.CheckHow(ctx, s, pc, viol)
	r.Record("warpsync", p.Trace.Count(counts, pc, viol, outcome, err))
	if how != symex.NotDecided {
		counts[symex.MethodCounter(how)]++
	}
	return w, err == nil && outcome == symex.Violated
}

// skipThenExit reports a __syncwarp(mask) that the lanes which skip it
// skip on their way out of the kernel, with no other barrier, collective
// or shared-memory access left (divergence.Result.SkipThenExit): for the
// barrier they have exited, as barrierdiv reads a full-mask __syncwarp.
// A shuffle, vote or match is not exempt: it reads the values of the
// lanes it names, which the skipping lanes never give.
func skipThenExit(div *divergence.Result, ev *symex.WarpEvent) bool {
	_, isSync := ev.Node.(*ir.Sync)
	return isSync && div != nil && div.SkipThenExitFrom(ev.Inline, ev.Node, divergence.Divergent)
}

func fullSyncwarp(ev *symex.WarpEvent) bool {
	_, isSync := ev.Node.(*ir.Sync)
	m, ok := ev.Mask.Const()
	return isSync && ok && m == 0xffffffff
}

// OwnLaneViolation holds when thread 1 reaches the collective ev with a
// mask that does not name its own lane.
func OwnLaneViolation(p *symex.Pair, ev *symex.WarpEvent) *sym.Term {
	return sym.Eq(sym.And(sym.LShr(ev.Mask, p.Lane()), sym.Const(32, 1)), sym.Const(32, 0))
}

// MaskViolation holds when thread 1 reaches the collective ev and a lane
// its mask names, thread 2 of the same warp, has not exited yet does not
// reach it in the same iteration of the enclosing loops:
//
//	pc(t1) ∧ warp(t1) = warp(t2) ∧ bit(mask(t1), lane(t2)) ∧ ¬pc(t2) ∧ ¬exited(t2)
func MaskViolation(p *symex.Pair, ev *symex.WarpEvent) *sym.Term {
	lane2 := p.Second(p.Lane())
	bit := sym.Eq(sym.And(sym.LShr(ev.Mask, lane2), sym.Const(32, 1)), sym.Const(32, 1))
	cs := []*sym.Term{p.SameBlock(), sym.Eq(p.Warp(), p.Second(p.Warp())), sym.Ne(p.Lane(), lane2), bit,
		sym.BNot(p.Second(sym.BAnd(ev.PC...))), sym.BNot(p.Second(ev.Exited))}
	for _, info := range p.Src.SortedVars() {
		if strings.HasPrefix(info.Term.Name, "iter@") {
			cs = append(cs, sym.Eq(info.Term, p.Second(info.Term)))
		}
	}
	return sym.BAnd(cs...)
}

// LockstepViolation holds when two lanes of one warp touch a common byte
// with no barrier or __syncwarp between them (one writing).
func LockstepViolation(p *symex.Pair, a, b *symex.Access) *sym.Term {
	return sym.BAnd(p.Overlap(a, b), p.SameBlock(), sym.Eq(a.Epoch, p.Second(b.Epoch)),
		sym.Eq(a.WarpEpoch, p.Second(b.WarpEpoch)), sym.Eq(p.Warp(), p.Second(p.Warp())),
		sym.Ne(p.Linear(), p.Second(p.Linear())))
}

func maskDiagnostic(r *symexec.Run, p *symex.Pair, ev *symex.WarpEvent, w *symex.Witness) analysis.Diagnostic {
	name := collective(ev.Node)
	mask := uint32(symex.Eval(ev.Mask, w))
	l1, l2 := symex.Eval(p.Lane(), w), symex.Eval(p.Second(p.Lane()), w)
	msg := fmt.Sprintf("%s with mask %#x is not reached by every lane of the mask: lane %d calls it, lane %d does not", name, mask, l1, l2)
	t1, t2 := p.Threads(w)
	rel := witness.Related(p.Trace, w, ev.Pos, r.Context)
	d := analysis.Diagnostic{Pos: ev.Pos, Category: "warpsync", Message: msg}
	d.Related = append(d.Related, rel[0],
		analysis.RelatedInformation{Pos: ev.Pos, Message: witness.Prefix + fmt.Sprintf("thread %s (lane %d) reaches the call", t1, l1)},
		analysis.RelatedInformation{Pos: ev.Pos, Message: witness.Prefix + fmt.Sprintf("thread %s (lane %d, in the mask) does not", t2, l2)})
	return append_(d, rel[2:], ev.Inline)
}

func ownDiagnostic(r *symexec.Run, p *symex.Pair, ev *symex.WarpEvent, w *symex.Witness) analysis.Diagnostic {
	mask, lane := uint32(symex.Eval(ev.Mask, w)), symex.Eval(p.Lane(), w)
	t1, _ := p.Threads(w)
	rel := witness.Related(p.Trace, w, ev.Pos, r.Context)
	d := analysis.Diagnostic{Pos: ev.Pos, Category: "warpsync",
		Message: fmt.Sprintf("lane %d calls %s with mask %#x, which does not include it", lane, collective(ev.Node), mask)}
	d.Related = append(d.Related, rel[0], analysis.RelatedInformation{Pos: ev.Pos, Message: witness.Prefix + fmt.Sprintf("thread %s (lane %d) reaches the call", t1, lane)})
	return append_(d, rel[2:], ev.Inline)
}

// append_ adds the rest of the witness and the inlining call sites.
func append_(d analysis.Diagnostic, rest []analysis.RelatedInformation, inline []token.Pos) analysis.Diagnostic {
	d.Related = append(d.Related, rest...)
	for _, call := range inline {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call, Message: "inlined from this call"})
	}
	return d
}

func lockstepDiagnostic(r *symexec.Run, p *symex.Pair, a, b *symex.Access, w *symex.Witness) analysis.Diagnostic {
	l1, l2 := symex.Eval(p.Lane(), w), symex.Eval(p.Second(p.Lane()), w)
	msg := fmt.Sprintf("lanes %d and %d of one warp race on shared %s: %s and %s with no __syncwarp() between them (lockstep is not guaranteed since Volta)",
		l2, l1, b.Region.Name, describe(b), describe(a))
	t1, t2 := p.Threads(w)
	rel := witness.Related(p.Trace, w, b.Pos, r.Context)
	d := analysis.Diagnostic{Pos: b.Pos, Category: "warpsync", Message: msg}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: a.Pos, Message: "the other access: " + describe(a)}, rel[0],
		analysis.RelatedInformation{Pos: a.Pos, Message: witness.Prefix + "thread 1 " + t1 + " runs " + describe(a)},
		analysis.RelatedInformation{Pos: b.Pos, Message: witness.Prefix + "thread 2 " + t2 + " runs " + describe(b)})
	rel = append(rel[2:], analysis.RelatedInformation{Pos: b.Pos, Message: witness.Prefix +
		fmt.Sprintf("both touch byte offset %d of %s", symex.Eval(a.Off, w), b.Region.Name)})
	return append_(d, rel, b.Inline)
}

// collective names the call: __shfl_xor_sync, __ballot_sync, __syncwarp.
func collective(n ir.Expr) string {
	switch n := n.(type) {
	case *ir.Warp:
		switch n.Op {
		case ir.Ballot, ir.Any, ir.All, ir.MatchAny:
			return "__" + n.Op.String() + "_sync"
		case ir.WarpReduce:
			return "__reduce_*_sync"
		}
		return "__" + n.Op.String() + "_sync"
	case *ir.Sync:
		return n.Name
	}
	return "warp collective"
}

func describe(a *symex.Access) string { return symex.Describe(a, witness.Text) }
