package witnesscheck

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/align"
	"github.com/cudavet/cudavet/checkers/bounds"
	"github.com/cudavet/cudavet/checkers/internal/annot"
	"github.com/cudavet/cudavet/checkers/internal/concrete"
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/solver/z3"
	"github.com/cudavet/cudavet/checkers/internal/spec"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// dirs are the testdata directories whose bug_*.cu files are replayed,
// by the label their subtests carry; with -short, only this package's.
var dirs = map[string]string{
	"overflow":     "../../overflow/testdata",
	"bounds":       "../../bounds/testdata",
	"align":        "../../align/testdata",
	"witnesscheck": "testdata",
}

// maxSteps bounds one replay: enough for the loops of testdata kernels
// at witness sizes, small enough to keep the test fast.
const maxSteps = 2_000_000

// finding is one violation the engine claims, with its witness.
type finding struct {
	check string  // "overflow", "bounds" or "align"
	node  ir.Node // the overflowing operation or the access
	pos   token.Pos
	pc    []*sym.Term
	viol  *sym.Term
	w     *symex.Witness
	align int64 // align: the alignment the access needs
}

// tally counts replays per checker.
type tally struct {
	replayed, unknownIR, budget, disagree int
}

func TestWitnessesReplay(t *testing.T) {
	var files, names []string
	for _, label := range []string{"overflow", "bounds", "align", "witnesscheck"} {
		if testing.Short() && label != "witnesscheck" {
			continue
		}
		m, err := filepath.Glob(filepath.Join(dirs[label], "bug_*.cu"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			files, names = append(files, f), append(names, label+"/"+filepath.Base(f))
		}
	}
	if len(files) == 0 {
		t.Fatal("no bug_*.cu file to replay")
	}
	var mu sync.Mutex
	tallies := map[string]*tally{"overflow": {}, "bounds": {}, "align": {}}
	t.Run("files", func(t *testing.T) {
		for i, file := range files {
			t.Run(names[i], func(t *testing.T) {
				t.Parallel()
				counts := replayFile(t, file)
				mu.Lock()
				defer mu.Unlock()
				for k, c := range counts {
					sum := tallies[k]
					sum.replayed += c.replayed
					sum.unknownIR += c.unknownIR
					sum.budget += c.budget
					sum.disagree += c.disagree
				}
			})
		}
	})
	var all tally
	for _, k := range []string{"overflow", "bounds", "align"} {
		c := tallies[k]
		t.Logf("%-8s findings replayed %d, disagreeing %d, skipped for Unknown IR %d, over the step budget %d",
			k, c.replayed, c.disagree, c.unknownIR, c.budget)
		if n := c.total(); n >= minPerChecker && c.replayed*100 < minReplayed*n {
			t.Errorf("%s: %d of %d findings replayed, want at least %d%%", k, c.replayed, n, minReplayed)
		}
		all.replayed += c.replayed
		all.unknownIR += c.unknownIR
		all.budget += c.budget
		all.disagree += c.disagree
	}
	t.Logf("%d files replayed", len(files))
	// A skipped finding (Unknown IR, step budget) is no evidence: the test
	// fails when too few findings replay, not only when one disagrees.
	switch n := all.total(); {
	case n == 0:
		t.Errorf("no finding to replay in %d files", len(files))
	case all.replayed*100 < minReplayed*n:
		t.Errorf("%d of %d findings replayed, want at least %d%%", all.replayed, n, minReplayed)
	}
}

// minReplayed is the share of findings (in percent) that must replay, over
// all checkers and for each checker with at least minPerChecker findings.
const (
	minReplayed   = 90
	minPerChecker = 10
)

func (c tally) total() int { return c.replayed + c.unknownIR + c.budget + c.disagree }

// replayFile decides the findings of every kernel of file and replays
// each.
func replayFile(t *testing.T, file string) map[string]*tally {
	counts := map[string]*tally{"overflow": {}, "bounds": {}, "align": {}}
	prog, err := frontend.Load(&frontend.Config{}, file)
	if err != nil {
		t.Fatal(err)
	}
	s, release := symexec.SolverWith(10*symexec.DefaultOptions.QueryWork, nil, nil)
	defer release()
	complete, err := z3.New(z3.Options{})
	if err != nil {
		t.Skip("z3: ", err)
	}
	defer complete.Close()
	ctx := context.Background()
	for _, f := range prog.Kernels() {
		if f.Body == nil {
			continue
		}
		sp, _ := spec.FromAnnotations(f, annotations(prog, f))
		tr := symex.Exec(ctx, f, sp, symex.Options{})
		if len(sp.Assume) > 0 {
			if r, err := tr.Feasible(ctx, s); err == nil && r == solver.Unsat {
				continue
			}
		}
		for _, fd := range findings(ctx, s, tr) {
			c := counts[fd.check]
			r := input(ctx, complete, f, sp, tr, fd)
			res, err := concrete.Run(f, r.in)
			switch ok, why := confirm(res, fd); {
			case ok:
				c.replayed++
			case errors.Is(err, concrete.ErrUnknownIR):
				c.unknownIR++
			case errors.Is(err, concrete.ErrSteps):
				c.budget++
				t.Logf("%s: %s finding not replayed: %v", prog.Fset.Position(fd.pos), fd.check, err)
			default:
				c.disagree++
				if err != nil {
					why += fmt.Sprintf("; the run stopped: %v at %s", err, where(prog, err))
				}
				t.Errorf("%s: %s finding does not replay: %s\n\twitness: %s", prog.Fset.Position(fd.pos), fd.check, why, r.describe(prog))
			}
		}
	}
	t.Logf("overflow %+v, bounds %+v, align %+v", *counts["overflow"], *counts["bounds"], *counts["align"])
	return counts
}

// annotations returns f's annotation set, attached as symexec does.
func annotations(prog *ir.Program, f *ir.Func) *annot.Set {
	if f.File == nil {
		return nil
	}
	var funcs []*ir.Func
	for _, g := range prog.Funcs {
		if g.File == f.File {
			funcs = append(funcs, g)
		}
	}
	sets, _ := annot.Attach(f.File, funcs)
	return sets[f]
}

// findings decides, as the overflow, bounds and align checkers do, which
// operations and accesses are violated. Every violated operation is
// kept (the overflow checker reports only the outermost of nested ones).
func findings(ctx context.Context, s solver.Solver, tr *symex.Trace) []finding {
	var out []finding
	add := func(check string, n ir.Node, pos token.Pos, pc []*sym.Term, viol *sym.Term, align int64) bool {
		w, outcome, err := tr.Check(ctx, s, pc, viol)
		if err != nil || outcome != symex.Violated {
			return false
		}
		w.Finish(ctx, s)
		out = append(out, finding{check: check, node: n, pos: pos, pc: pc, viol: viol, w: w, align: align})
		return true
	}
	ops, _ := tr.SinkOps()
	seen := map[ir.Node]bool{}
	for _, op := range ops {
		if !seen[op.Node] && add("overflow", op.Node, op.Pos, op.PC, op.Overflow(), 0) {
			seen[op.Node] = true
		}
	}
	inBounds, aligned := map[ir.Node]bool{}, map[ir.Node]bool{}
	for _, a := range tr.Accesses {
		if a.Region.Bytes != nil && !inBounds[a.Node] {
			viol := bounds.Violation(a)
			inBounds[a.Node] = add("bounds", a.Node, a.Pos, a.PC, viol, 0)
		}
		if a.Align > 1 && a.Align&(a.Align-1) == 0 && !aligned[a.Node] {
			viol := align.Violation(a)
			aligned[a.Node] = add("align", a.Node, a.Pos, a.PC, viol, a.Align)
		}
	}
	return out
}

// replay is a witness as a concrete input, with the values its Load and
// Opaque give by position.
type replay struct {
	in            concrete.Input
	loads, opaque map[token.Pos]int64
}

// input turns the finding's witness into a concrete input. The model is
// first completed: the solver's slicing leaves out variables unrelated to
// the violation, which still need values that satisfy the assumptions.
func input(ctx context.Context, s solver.Solver, f *ir.Func, sp *symex.Spec, tr *symex.Trace, fd finding) replay {
	m := completed(ctx, s, tr, fd)
	val := func(name string) (int64, bool) {
		info := tr.Vars[name]
		v, ok := m[name]
		if info == nil || !ok {
			return 0, false
		}
		if info.Signed && info.Term.Width > 0 {
			return sym.SignExtend(v, info.Term.Width), true
		}
		return int64(v), true
	}
	in := concrete.Input{Params: map[string]int64{}, Lengths: map[string]int64{}, Smem: -1, MaxSteps: maxSteps}
	for _, p := range f.Params {
		if v, ok := val(p.Name); ok {
			in.Params[p.Name] = v
		}
	}
	for i, d := range []string{"x", "y", "z"} {
		in.ThreadIdx[i] = geometry(val, "threadIdx."+d, 0)
		in.BlockIdx[i] = geometry(val, "blockIdx."+d, 0)
		in.BlockDim[i] = geometry(val, "blockDim."+d, 1)
		in.GridDim[i] = geometry(val, "gridDim."+d, 1)
	}
	for p, n := range sp.Lengths {
		if v, err := sym.Eval(n, m.Env()); err == nil {
			in.Lengths[p.Name] = int64(v)
		}
	}
	if sp.Smem != nil {
		if v, err := sym.Eval(sp.Smem, m.Env()); err == nil {
			in.Smem = int64(v)
		}
	}
	loads, opaque := positional(tr, val)
	in.Load = lookup(loads)
	in.Opaque = lookup(opaque)
	return replay{in, loads, opaque}
}

// completed returns the witness's model extended to every variable of
// the assumptions, the path condition and the violation.
func completed(ctx context.Context, s solver.Solver, tr *symex.Trace, fd finding) solver.Model {
	goal := append(append([]*sym.Term(nil), fd.pc...), fd.viol)
	for name, v := range fd.w.Model {
		if info := tr.Vars[name]; info != nil {
			goal = append(goal, fix(info.Term, v))
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	r, m, err := s.Check(ctx, solver.Query{Constraints: tr.Assumptions, Goal: sym.BAnd(goal...)})
	if err != nil || r != solver.Sat {
		return fd.w.Model
	}
	return m
}

func fix(v *sym.Term, val uint64) *sym.Term {
	if v.IsBool() {
		if val&1 != 0 {
			return v
		}
		return sym.BNot(v)
	}
	return sym.Eq(v, sym.Const(v.Width, val))
}

func geometry(val func(string) (int64, bool), name string, def uint32) uint32 {
	if v, ok := val(name); ok {
		return uint32(v)
	}
	return def
}

// positional returns the model's values of the trace's fresh variables
// by position: loads and atomics, and the other values the engine did
// not compute (comparisons of floats, calls, shuffles...). Of several at
// one position, the first created wins.
func positional(tr *symex.Trace, val func(string) (int64, bool)) (loads, opaque map[token.Pos]int64) {
	loads, opaque = map[token.Pos]int64{}, map[token.Pos]int64{}
	names := make([]string, 0, len(tr.Vars))
	for name := range tr.Vars {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int { return serial(a) - serial(b) })
	for _, name := range names {
		info := tr.Vars[name]
		v, ok := val(name)
		fresh := strings.Contains(name, "#") || strings.HasPrefix(name, "template.")
		if !ok || info.Class != symex.Unknown || !info.Pos.IsValid() || !fresh {
			continue
		}
		dst := opaque
		if info.Display == "load" || info.Display == "atomic" {
			dst = loads
		}
		if _, dup := dst[info.Pos]; !dup {
			dst[info.Pos] = v
		}
	}
	return loads, opaque
}

// serial is the creation number of a fresh variable ("load#12" → 12).
func serial(name string) int {
	_, n, ok := strings.Cut(name, "#")
	if !ok {
		return 0
	}
	i, _ := strconv.Atoi(n)
	return i
}

func lookup(m map[token.Pos]int64) func(token.Pos) (int64, bool) {
	return func(pos token.Pos) (int64, bool) {
		v, ok := m[pos]
		return v, ok
	}
}

// confirm reports whether the run shows the finding, or says what it
// showed instead.
func confirm(res *concrete.Result, fd finding) (bool, string) {
	if res == nil {
		return false, "no run"
	}
	var seen []string
	switch fd.check {
	case "overflow":
		for _, o := range res.Overflows {
			if o.Node == fd.node {
				return true, ""
			}
		}
		return false, fmt.Sprintf("the operation did not overflow (%d other overflows)", len(res.Overflows))
	case "bounds":
		for _, a := range res.Accesses {
			if a.Node == fd.node {
				if a.Outside() {
					return true, ""
				}
				seen = append(seen, fmt.Sprintf("%d+%d of %d", a.Off, a.Size, a.Bytes))
			}
		}
	case "align":
		for _, a := range res.Accesses {
			if a.Node == fd.node {
				if a.Off%fd.align != 0 {
					return true, ""
				}
				seen = append(seen, strconv.FormatInt(a.Off, 10))
			}
		}
	}
	if len(seen) == 0 {
		return false, "the access was never reached"
	}
	if len(seen) > 8 {
		seen = append(seen[:8], fmt.Sprintf("... (%d in all)", len(seen)))
	}
	return false, "the access ran only at byte offsets " + strings.Join(seen, ", ")
}

func where(prog *ir.Program, err error) string {
	var e *concrete.Error
	if errors.As(err, &e) {
		return prog.Fset.Position(e.Pos).String()
	}
	return "?"
}

// describe prints the input's sizes, geometry, and loaded and opaque
// values by line:column.
func (r replay) describe(prog *ir.Program) string {
	in := r.in
	var b strings.Builder
	for _, k := range sortedKeys(in.Params) {
		fmt.Fprintf(&b, "%s=%d ", k, in.Params[k])
	}
	for _, k := range sortedKeys(in.Lengths) {
		fmt.Fprintf(&b, "len(%s)=%d ", k, in.Lengths[k])
	}
	fmt.Fprintf(&b, "smem=%d threadIdx=%v blockIdx=%v blockDim=%v gridDim=%v", in.Smem, in.ThreadIdx, in.BlockIdx, in.BlockDim, in.GridDim)
	for _, kv := range []struct {
		what string
		m    map[token.Pos]int64
	}{{"load", r.loads}, {"opaque", r.opaque}} {
		for _, pos := range slices.Sorted(maps.Keys(kv.m)) {
			p := prog.Fset.Position(pos)
			fmt.Fprintf(&b, " %s@%d:%d=%d", kv.what, p.Line, p.Column, kv.m[pos])
		}
	}
	return b.String()
}

func sortedKeys(m map[string]int64) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
