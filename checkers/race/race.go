package race

import (
	_ "embed"
	"fmt"
	"reflect"
	"strings"

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

// Analyzer reports data races on shared and global memory.
var Analyzer = &analysis.Analyzer{
	Name:       "race",
	Doc:        checkdoc.Doc(doc, "race"),
	URL:        "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/race",
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
	s, release := res.Solver()
	defer release()
	ctx, cancel := res.Context()
	defer cancel()
	reported := map[ir.Node]bool{}
	for _, r := range res.Runs {
		if r.Infeasible {
			continue
		}
		withData, noData := r.Trace.NewPair(true, true), r.Trace.NewPair(true, false)
		own := ownSharedLoads(r.Trace)
		symex.EachConflict(r.Trace, reported, func(a, b *symex.Access) bool {
			if dependsOn(a.PC, own) && dependsOn(b.PC, own) {
				counts[skipOwnShared]++
				return false
			}
			p := noData
			if accumulates(r.Trace, a) || accumulates(r.Trace, b) {
				p = withData
			}
			// A value the same in every thread is the same in a block's
			// threads, so the second test runs only after the first holds.
			viol := Violation(p, a, b)
			if sameValue(r.Trace, p.SecondInBlock, a, b) {
				if a.Region.Space == ir.Shared || sameValue(r.Trace, p.Second, a, b) {
					counts[skipSameValue]++
					return false
				}
				// One value per block (a block's count, its row's
				// scale): only two blocks' stores can race.
				viol = sym.BAnd(viol, sym.BNot(p.SameBlock()))
			}
			pc := append(append([]*sym.Term(nil), a.PC...), p.SecondAll(b.PC)...)
			pc = p.WithConsistent(pc, viol)
			w, outcome, how, err := p.Trace.CheckHow(ctx, s, pc, viol)
			r.Record("race", p.Trace.Count(counts, pc, viol, outcome, err))
			if how != symex.NotDecided {
				counts[symex.MethodCounter(how)]++
			}
			if err != nil || outcome != symex.Violated {
				return false
			}
			res.Finish(ctx, s, pass.Analyzer.Name, b.Pos, w)
			pass.Report(diagnostic(r, p, a, b, w))
			return true
		})
	}
	return counts, nil
}

// skipOwnShared counts the conflicts skipped because each thread reaches
// its access under values it read from shared memory at an address of its
// own (see ownSharedLoads).
const skipOwnShared = "checks skipped: each thread's path depends on shared values it reads at its own address"

// skipSameValue counts the conflicts skipped because both threads write,
// or the reader has itself written, the value every store of the location
// writes (see sameValue).
const skipSameValue = "checks skipped: every store there writes the same value"

// sameValue reports whether the conflict of thread 1's access a and
// thread 2's access b is benign because the location only ever receives
// one value, the same in every thread: `__shared__ T* p; p = A;` run by
// every thread of a block, or `flag = n` with n a kernel parameter.
//   - Two stores: whichever comes last, the location holds that value.
//   - A store and a load: the region is written only with that value,
//     and the reader wrote it itself at that address before the load, in
//     the same barrier interval and on every path to the load, so the
//     load reads it whichever thread's store came last; or the load only
//     decides whether to store that value there (checkThenSet).
//
// A value is the same in both threads when thread 2's copy of its term
// (second: Pair.Second) is thread 1's term (no thread index or per-thread
// value in it); with Pair.SecondInBlock, the same in two threads of one
// block (it may depend on blockIdx).
func sameValue(t *symex.Trace, second func(*sym.Term) *sym.Term, a, b *symex.Access) bool {
	same := func(x, y *symex.Access) bool {
		return x.Stored != nil && y.Stored != nil && x.StoredIn == y.StoredIn &&
			x.Stored.Key() == second(y.Stored).Key()
	}
	if _, ok := a.Node.(*ir.Atomic); ok {
		return false
	}
	if _, ok := b.Node.(*ir.Atomic); ok {
		return false
	}
	switch {
	case a.Write && b.Write:
		return same(a, b)
	case a.Write == b.Write:
		return false
	}
	w, l := a, b
	if l.Write {
		w, l = b, a
	}
	if !same(w, w) {
		return false // not the same in both threads
	}
	if checkThenSet(t, l, func(o *symex.Access) bool { return same(o, w) }) {
		return true
	}
	for _, o := range t.Accesses {
		if o.Write && o.Region == l.Region && !same(o, w) {
			return false
		}
	}
	for _, o := range t.Accesses {
		if o == l {
			return false // no store of the reader's before its load
		}
		if o.Write && o.Region == l.Region && o.Off.Key() == l.Off.Key() && o.Epoch.Key() == l.Epoch.Key() && prefix(o.PC, l.PC) {
			return true
		}
	}
	return false
}

// checkThenSet reports whether load l is the test of a check-then-set of
// the one value (if (flag[e] == 0) flag[e] = 1;): every store of the
// region in l's barrier interval writes that value (sameStore), and l's
// value decides nothing but such stores at l's own address, so
// whether it reads the value before or after another thread's store, the
// location ends holding it and nothing else differs. A loaded value that
// also guards or computes any other access (if (seen[e] == 0) { seen[e] =
// 1; list[n++] = e; }: e listed twice) is a race.
func checkThenSet(t *symex.Trace, l *symex.Access, sameStore func(*symex.Access) bool) bool {
	if l.Value == nil {
		return false
	}
	mentions := func(terms ...*sym.Term) bool {
		for _, x := range terms {
			if x == nil {
				continue
			}
			for _, v := range x.Vars() {
				if v.Name == l.Value.Name {
					return true
				}
			}
		}
		return false
	}
	// Every store of the region in the load's barrier interval writes the
	// value; stores in another interval (the zeroing before the barrier)
	// are ordered with both threads' accesses.
	var defs map[string]*sym.Term // epoch definitions, read when first needed
	for _, o := range t.Accesses {
		if !o.Write || o.Region != l.Region || sameStore(o) {
			continue
		}
		if defs == nil {
			defs = epochDefs(t)
		}
		if !otherInterval(defs, o, l) {
			return false
		}
	}
	guarded := false
	for _, o := range t.Accesses {
		if !mentions(append([]*sym.Term{o.Off, o.Index, o.Stored, o.Null}, o.PC...)...) {
			continue
		}
		if !o.Write || o.Region != l.Region || o.Off.Key() != l.Off.Key() || !sameStore(o) {
			return false
		}
		guarded = true
	}
	return guarded
}

// prefix reports whether every condition of pc holds on the path of
// into: each of pc's conjuncts is one of into's.
func prefix(pc, into []*sym.Term) bool {
	have := map[string]bool{}
	for _, c := range into {
		have[c.Key()] = true
	}
	for _, c := range pc {
		if !have[c.Key()] {
			return false
		}
	}
	return true
}

// ownSharedLoads returns the values the trace loads from shared memory at
// an address that depends on the thread (s_hist[tx], s_hist[tx + 1]). The
// block computed them (a scan, a histogram) and the two-thread view does
// not know how: a pair whose paths both depend on them would be chosen by
// picking those values, one thread's against the other's, which is how a
// threshold-bin selection after a suffix sum (s_hist[tx] > k &&
// s_hist[tx + 1] <= k, true for one thread of a non-increasing sum) raced
// with itself (vLLM's persistent_topk.cuh). A guard on a value all threads
// read at one address (if (s_count > 0)) is not one of them: both threads
// read the same value there.
func ownSharedLoads(t *symex.Trace) map[string]bool {
	out := map[string]bool{}
	placed := map[string]bool{}
	for _, a := range t.Accesses {
		if a.Value != nil {
			placed[a.Value.Name] = true
		}
		if a.Write || a.Value == nil || a.Region.Space != ir.Shared {
			continue
		}
		for _, v := range a.Off.Vars() {
			if strings.HasPrefix(v.Name, "threadIdx.") {
				out[a.Value.Name] = true
				break
			}
		}
	}
	// A value loaded through memory the engine could not place (a local
	// reference to a row of a shared array, auto& h = s_hist_buf[0]): its
	// address is not known to be one both threads share, so it counts as
	// read at the thread's own address.
	for name, info := range t.Vars {
		if info.Class == symex.Unknown && info.Display == "load" && !info.Uniform && !info.Opaque && !placed[name] {
			out[name] = true
		}
	}
	return out
}

// dependsOn reports whether a term of pc mentions one of names.
func dependsOn(pc []*sym.Term, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	for _, c := range pc {
		for _, v := range c.Vars() {
			if names[v.Name] {
				return true
			}
		}
	}
	return false
}

// Violation is the race of thread 1's access a with thread 2's access b
// (see symex.Pair.Race), with both accesses' index arithmetic exact: two
// threads that meet only because an index wrapped are the overflow
// checker's finding, not a race.
func Violation(p *symex.Pair, a, b *symex.Access) *sym.Term {
	conj := []*sym.Term{p.Race(a, b)}
	for _, o := range a.Ops {
		conj = append(conj, sym.BNot(o.Overflow()))
	}
	for _, o := range b.Ops {
		conj = append(conj, sym.BNot(p.Second(o.Overflow())))
	}
	return sym.BAnd(conj...)
}

// accumulates reports whether access a is a write of an element its
// thread also reads (hist[bin] += 1): only there may the witness choose
// input data that makes two threads meet. A pure scatter (out[idx[i]] =
// v) is trusted to have distinct indices, as its callers promise.
func accumulates(t *symex.Trace, a *symex.Access) bool {
	if _, ok := a.Node.(*ir.Atomic); ok {
		return true
	}
	if !a.Write {
		return false
	}
	for _, o := range t.Accesses {
		if !o.Write && o.Region == a.Region && o.Off.Key() == a.Off.Key() {
			return true
		}
	}
	return false
}

func diagnostic(r *symexec.Run, p *symex.Pair, a, b *symex.Access, w *symex.Witness) analysis.Diagnostic {
	t1, t2 := p.Threads(w)
	sameBlock := symex.Eval(p.SameBlock(), w) != 0
	where := "in the same barrier interval"
	if !sameBlock {
		where = "from different blocks"
	}
	msg := fmt.Sprintf("data race on %s %s: %s and %s by two threads %s", space(b.Region), b.Region.Name,
		describe(b), describe(a), where)
	d := analysis.Diagnostic{Pos: b.Pos, Category: "race", Message: msg}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: a.Pos, Message: "the other access: " + describe(a)})
	rel := witness.Related(p.Trace, w, b.Pos, r.Context)
	d.Related = append(d.Related, rel[0],
		analysis.RelatedInformation{Pos: a.Pos, Message: witness.Prefix + "thread 1 " + t1 + " runs " + describe(a)},
		analysis.RelatedInformation{Pos: b.Pos, Message: witness.Prefix + "thread 2 " + t2 + " runs " + describe(b)})
	d.Related = append(d.Related, rel[2:]...)
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: b.Pos, Message: witness.Prefix +
		fmt.Sprintf("both touch byte offset %d of %s", symex.Eval(a.Off, w), b.Region.Name)})
	for _, call := range b.Inline {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call, Message: "inlined from this call"})
	}
	return d
}

func space(r *symex.Region) string {
	if r.Space == ir.Shared {
		return "shared"
	}
	return "global"
}

func describe(a *symex.Access) string { return symex.Describe(a, witness.Text) }

// otherInterval reports whether accesses o and l lie in different
// barrier intervals of every thread: their epochs, resolved through the
// trace's relations (defs, see epochDefs), are constants that differ.
func otherInterval(defs map[string]*sym.Term, o, l *symex.Access) bool {
	a, okA := epochConst(defs, o.Epoch)
	b, okB := epochConst(defs, l.Epoch)
	return okA && okB && a != b
}

// epochDefs returns the relations of the trace that define a variable as
// another term (a loop's iteration epoch as its entry epoch when an
// iteration passes no barrier), by the variable's name.
func epochDefs(t *symex.Trace) map[string]*sym.Term {
	defs := map[string]*sym.Term{}
	for _, r := range t.Relations {
		if r.Op == sym.OpEq && len(r.Args) == 2 && r.Args[0].Op == sym.OpVar {
			defs[r.Args[0].Name] = r.Args[1]
		}
	}
	return defs
}

// epochConst resolves an epoch to a constant through defs, when it is
// one.
func epochConst(defs map[string]*sym.Term, e *sym.Term) (uint64, bool) {
	for range 8 {
		if c, ok := e.Const(); ok {
			return c, true
		}
		sub := map[string]*sym.Term{}
		for _, v := range e.Vars() {
			if d := defs[v.Name]; d != nil {
				sub[v.Name] = d
			}
		}
		if len(sub) == 0 {
			return 0, false
		}
		e = sym.Subst(e, sub)
	}
	return 0, false
}
