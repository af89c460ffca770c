package symex

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Witness is a concrete assignment under which a violation happens, for
// every value of the unanchored variables.
type Witness struct {
	Model solver.Model
	// Launch is Model completed over the geometry, the scalar parameters
	// and the region lengths (see complete), for reproducers; nil until
	// Check has made it.
	Launch solver.Model
	// Host, when set, gives the launcher's inputs that Launch leaves
	// out (see completeLauncher): a reproducer can call the launcher with
	// Launch and Host. Launch alone is what a kernel-only reproducer uses.
	Host solver.Model
	// Threshold, when set, is the smallest value of a user-controlled size
	// at which the violation happens (the other anchored values as in
	// Model).
	Threshold *Threshold
	// pending holds what Finish needs to complete a witness Check
	// returned; nil once finished (or for a witness made elsewhere).
	pending *pendingWitness
}

type pendingWitness struct {
	t    *Trace
	pc   []*sym.Term
	viol *sym.Term
	anch map[string]bool
}

// Finish completes a violation's witness: the smallest violating value
// of a user-controlled size (Threshold), the launch's other values
// (Launch), lowered where the buffers would not fit a GPU, and the
// launcher's inputs (Host). Check leaves this to the caller because it
// costs several solver calls per finding and only the finding that is
// shown needs it: the instantiations of one template violate at the
// same line, and the driver shows one of them (see
// cudair.Shared.ReportedByFirst). s is best the solver Check used: its
// answers cache much of what a threshold's bisection asks. Finish is
// idempotent; a nil witness does nothing.
func (w *Witness) Finish(ctx context.Context, s solver.Solver) {
	if w == nil || w.pending == nil {
		return
	}
	p := w.pending
	w.pending = nil
	t := p.t
	ctx = solver.WithCorners(ctx, t.userSizeNames())
	t.minimise(ctx, s, p.pc, p.viol, p.anch, w)
	w.Launch = t.complete(ctx, s, p.pc, p.viol, w.Model)
	if before := w.Model; t.modelBytes(w.Launch) >= uint64(model.DeviceMemory) && t.shrink(ctx, s, p.pc, p.viol, p.anch, w) {
		w.Launch = t.complete(ctx, s, p.pc, p.viol, w.Model)
		// The sizes shrink left to the completion are shown with the
		// completion's values.
		for name := range before {
			if _, ok := w.Model[name]; !ok {
				if v, ok := w.Launch[name]; ok {
					w.Model[name] = v
				}
			}
		}
	}
	t.completeLauncher(ctx, s, w)
}

// Threshold names the user size a violation starts at.
type Threshold struct {
	Var   *VarInfo
	Value uint64
}

// Outcome says how a check ended.
type Outcome int

// Outcomes. Only Violated is a finding; Unknown (solver timeout or
// incompleteness) is counted, never reported.
const (
	Safe Outcome = iota
	Violated
	Undecided
	Unrobust // violated only for some values of unanchored quantities
)

// Method says how a check was decided, for -stats.
type Method int

// Methods. Only checks that reached a decision (safe or violated) have
// one of ByConstruction, ByRange or BySolver.
const (
	NotDecided     Method = iota
	ByConstruction        // the violation simplified to false as it was built
	ByRange               // the range step refuted it (sym.Refute), no solver
	BySolver              // the solver chain decided it
)

// MethodCounter names how a check was decided, for the checkers' -stats
// counters ("" for a check not decided: its outcome counter says why).
func MethodCounter(m Method) string {
	switch m {
	case ByConstruction:
		return "checks decided by construction (simplifier)"
	case ByRange:
		return "checks decided by the range step"
	case BySolver:
		return "checks decided by the solver"
	}
	return ""
}

// OutcomeCounter names an outcome for the checkers' -stats counters.
func OutcomeCounter(o Outcome, err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return TimeLimitCounter
	case err != nil || o == Undecided:
		return "checks undecided (solver timeout or error)"
	case o == Unrobust:
		return "checks skipped (depends on unknown sizes or data)"
	case o == Violated:
		return "checks violated"
	}
	return "checks proved safe"
}

// TimeLimitCounter counts the checks that ended undecided because their
// context's deadline passed (a -timeout run's wind-down, the safety net)
// before or while they were asked.
const TimeLimitCounter = "checks undecided (time limit)"

// Check decides whether viol can hold where pc holds, for a choice of the
// anchored inputs (sizes, dimensions tied to them) and of a thread and an
// iteration, whatever the other inputs are (loaded data, unannotated
// parameters, a launch nothing describes):
//
//	∃ anchored. ∀ unknown. ∃ choice. global ∧ pc ∧ viol
//
// Approximated soundly for findings: the choices the violation involves
// must have ranges that depend only on anchored inputs (else Unrobust),
// and with the anchored inputs and the choices fixed to a model's values,
// no unknown values may avoid the violation (global ∧ pc ∧ fixed ∧ ¬viol
// unsatisfiable). A counterexample is folded back into the next search
// (at most three rounds). The witness of a violation holds the model
// found; Witness.Finish minimises it on the first user-controlled size
// it involves and completes the launch.
func (t *Trace) Check(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term) (*Witness, Outcome, error) {
	w, o, _, err := t.CheckHow(ctx, s, pc, viol)
	return w, o, err
}

// CheckHow is Check, also saying how the check was decided.
func (t *Trace) CheckHow(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term) (*Witness, Outcome, Method, error) {
	if viol.IsFalse() {
		return nil, Safe, ByConstruction, nil // ruled out by construction (sym's range reasoning)
	}
	if err := ctx.Err(); err != nil {
		return nil, Undecided, NotDecided, err // no work past the deadline
	}
	q := t.query(pc, viol)
	anch := t.Anchored()
	if t.noFinding(pc, viol, anch) {
		// Only a proof can come of it, and the intervals make almost all
		// such proofs (see noFinding).
		if solver.IntervalsRefute(q) {
			return nil, Safe, ByRange, nil
		}
		return nil, Unrobust, NotDecided, nil
	}
	if solver.RangeRefutes(q) {
		return nil, Safe, ByRange, nil
	}
	w, o, err := t.check(solver.WithCorners(ctx, t.userSizeNames()), s, pc, viol, anch)
	if err == nil && (o == Safe || o == Violated) {
		return w, o, BySolver, nil
	}
	return w, o, NotDecided, err
}

// noFinding reports whether check ends Unrobust without asking the
// solver, whatever the solver would answer (see check): a violation that
// depends on a thread or iteration whose range the launch leaves unknown,
// with no first one to decide it at and no overrun of choices alone to
// reach (always so for two threads); or one that involves no anchored
// input, directly or through its choices' ranges, and not of choices
// alone.
func (t *Trace) noFinding(pc []*sym.Term, viol *sym.Term, anch map[string]bool) bool {
	vv := termVars([]*sym.Term{viol})
	cone := append(append([]*sym.Term(nil), pc...), viol)
	if t.dependsOnUnknown(termVars(cone), anch) {
		if _, _, ok := t.atFirst(pc, viol, anch); ok {
			return false
		}
		return t.noOverrun(vv, anch)
	}
	return t.unanchored(viol, vv, anch) && !t.choicesOnly(vv)
}

// noOverrun reports whether reachedOverrun ends Unrobust at once for a
// violation of the variables vv: two threads, or not of choices alone
// whose ranges the anchored inputs fix.
func (t *Trace) noOverrun(vv []*sym.Term, anch map[string]bool) bool {
	return t.pair || !t.choicesOnly(vv) || t.dependsOnUnknown(vv, anch)
}

// unanchored reports whether viol, of the variables vv, involves no
// anchored input, directly or through the ranges of its choices.
func (t *Trace) unanchored(viol *sym.Term, vv []*sym.Term, anch map[string]bool) bool {
	return !t.touchesAnchored(vv, anch) && !viol.IsTrue()
}

// check is CheckHow's search for a violation; anch is t.Anchored().
func (t *Trace) check(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, anch map[string]bool) (*Witness, Outcome, error) {
	cone := append(append([]*sym.Term(nil), pc...), viol)
	if t.dependsOnUnknown(termVars(cone), anch) {
		// A thread or iteration whose range the launch leaves unknown
		// (a grid from a device query, a loop bound loaded at run time)
		// is not available to a witness, except the first: thread 0 of
		// block 0 exists in every launch, and the first iteration of a
		// loop wherever its condition holds there. Only a violation can
		// come of it: no violation there proves nothing of the others.
		first, firstViol, ok := t.atFirst(pc, viol, anch)
		if ok {
			w, o, err := t.check(ctx, s, first, firstViol, anch)
			if o == Violated || err != nil || o == Undecided {
				return w, o, err
			}
		}
		return t.reachedOverrun(ctx, s, pc, viol, cone, anch)
	}
	// A violation that involves no anchored input, directly or through
	// the ranges of its choices, would have to hold for every value of
	// what it involves: loaded data or a parameter nothing describes, so
	// there is nothing to check (skipping these without a solver call
	// took five vLLM files from 105 s to 4 s). A violation of choices
	// alone is the exception: a thread or an iteration whose range is a
	// constant (j <= 4 over float v[4]) overruns whatever the launch.
	vv := termVars([]*sym.Term{viol})
	unanchored := t.unanchored(viol, vv, anch)
	if unanchored && !t.choicesOnly(vv) {
		return nil, Unrobust, nil
	}
	goal := viol
	// The iteration bound of a violation of choices alone strengthens the
	// goal like the probe's conditions: refuted, it proves nothing of the
	// iterations past it.
	var few []*sym.Term
	if unanchored {
		few = t.fewIterations(cone)
	}
	strengthened := len(few) > 0
	if p := t.newValueProbe(pc, viol, anch); p != nil {
		ats := p.admissible()
		if p.unrobust(ats) {
			// No finding can come of it. It may still be a proof by the
			// cheap steps; the solver is not asked. What this spares is
			// the search for a violating model and the rounds that find
			// it unrobust: on a paged cache's writes (a slot loaded from
			// the input) and a rotary kernel's cache reads (a loaded
			// position), minutes of queries that ended undecided. A proof
			// only the solver finds is given up (the check counts as
			// skipped): a solver call on such queries costs a third of a
			// second even with a twentieth of the work units, most end
			// undecided, and on the testdata it found 8 such proofs among
			// 100 skipped checks.
			if solver.CasesRefute(t.query(pc, viol)) {
				return nil, Safe, nil
			}
			return nil, Unrobust, nil
		}
		if nec := necessary(ats); len(nec) > 0 {
			goal = sym.BAnd(append([]*sym.Term{viol}, nec...)...)
			strengthened = true
		}
	}
	goal = sym.BAnd(append([]*sym.Term{goal}, few...)...)
	var first solver.Model
	for round := 0; round < 3; round++ {
		r, m, err := s.Check(ctx, t.query(pc, goal))
		if err != nil || r == solver.Unknown {
			return nil, Undecided, err
		}
		if r == solver.Unsat {
			if round == 0 && (!strengthened || solver.CasesRefute(t.query(pc, viol))) {
				return nil, Safe, nil
			}
			return t.unrobustOrEvery(ctx, s, pc, viol, first, anch)
		}
		if round == 0 {
			first = m
		}
		cex, robust, err := t.robust(ctx, s, pc, viol, m, anch)
		if err != nil {
			return nil, Undecided, err
		}
		if robust {
			// The witness is completed by Finish, for the finding shown.
			pending := &pendingWitness{t: t, pc: append([]*sym.Term(nil), pc...), viol: viol, anch: anch}
			return &Witness{Model: m, pending: pending}, Violated, nil
		}
		// The violation needs particular unknown values: ask for anchored
		// values that violate for the counterexample's too.
		goal = sym.BAnd(goal, sym.Subst(viol, unknownValues(cex, anch, t)))
	}
	return t.unrobustOrEvery(ctx, s, pc, viol, first, anch)
}

// unrobustOrEvery ends a check no single choice makes robust: Violated
// when every value of its unknown input violates with a choice of its
// own (everyValue), else Unrobust.
func (t *Trace) unrobustOrEvery(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, first solver.Model, anch map[string]bool) (*Witness, Outcome, error) {
	m, err := t.everyValue(ctx, s, pc, viol, first, anch)
	if err != nil {
		return nil, Undecided, err
	}
	if m == nil {
		return nil, Unrobust, nil
	}
	pending := &pendingWitness{t: t, pc: append([]*sym.Term(nil), pc...), viol: viol, anch: anch}
	return &Witness{Model: m, pending: pending}, Violated, nil
}

// reachedOverrun decides a violation that depends only on threads and
// iterations whose ranges are constants or anchored (j <= VEC over a
// register vector of VEC elements) and is reached under a condition on
// unknown inputs (the last block of a sequence whose length is loaded
// from memory): it is violated when some value of those inputs reaches
// it, since once reached it overruns whatever they are. Unrobust
// otherwise: the rule cannot prove a check safe.
// cone is pc and viol together, as check has them.
func (t *Trace) reachedOverrun(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, cone []*sym.Term, anch map[string]bool) (*Witness, Outcome, error) {
	vv := termVars([]*sym.Term{viol})
	if t.noOverrun(vv, anch) {
		return nil, Unrobust, nil
	}
	r, m, err := s.Check(ctx, t.query(pc, sym.BAnd(append([]*sym.Term{viol}, t.fewIterations(cone)...)...)))
	if err != nil || r == solver.Unknown {
		return nil, Undecided, err
	}
	if r != solver.Sat {
		return nil, Unrobust, nil
	}
	pending := &pendingWitness{t: t, pc: append([]*sym.Term(nil), pc...), viol: viol, anch: anch}
	return &Witness{Model: m, pending: pending}, Violated, nil
}

// fewIterations bounds, below 2^16, the iteration counts of the loops
// whose induction the cone's choices follow. A violation that no size
// anchors is asked only of choices, and a loop summary lets an
// iteration count grow until its induction variable wraps (i + 4 <=
// VEC_SIZE holds again once i + 4 wraps, an iteration the loop never
// reaches, since it stops at the first i that fails): an overrun a
// constant loop makes comes within a few iterations, not 2^30.
func (t *Trace) fewIterations(cone []*sym.Term) []*sym.Term {
	var out []*sym.Term
	t.reach(termVars(cone), choiceDeps, func(name string, info *VarInfo, _ bool) bool {
		if info != nil && info.Class == Choice && strings.HasPrefix(name, "iter@") {
			out = append(out, sym.Ult(info.Term, sym.Const(info.Term.Width, 1<<16)))
		}
		return false
	})
	return out
}

// atFirst returns pc and viol at the first thread and iteration of every
// choice whose range depends on an input that is not anchored (with the
// choices its first value involves, and those their own ranges involve),
// with the assumptions on those choices in the path condition; false if
// the result still depends on such an input (a choice without a first
// value: a barrier epoch), or for a two-thread view. Deciding the check there is sound: thread 0 of
// block 0 and iteration 0 exist whatever the unknown inputs, and the path
// condition holds the loop conditions at the iteration it names.
func (t *Trace) atFirst(pc []*sym.Term, viol *sym.Term, anch map[string]bool) ([]*sym.Term, *sym.Term, bool) {
	if t.pair {
		return nil, nil, false
	}
	at := map[string]*sym.Term{}
	var first func(name string)
	first = func(name string) {
		info := t.Vars[name]
		if info == nil || info.Class != Choice || info.First == nil || at[name] != nil {
			return
		}
		at[name] = sym.Resize(info.First, info.Term.Width, info.Signed)
		for _, d := range info.Deps {
			first(d)
		}
	}
	cone := append(append([]*sym.Term(nil), pc...), viol)
	for _, v := range termVars(cone) {
		info := t.Vars[v.Name]
		if info == nil || info.Class != Choice {
			continue
		}
		var deps []*sym.Term
		for _, d := range choiceDeps(info) {
			if di := t.Vars[d]; di != nil {
				deps = append(deps, di.Term)
			}
		}
		if t.reach(deps, choiceDeps, func(name string, di *VarInfo, _ bool) bool {
			return di != nil && di.Class != Choice && !anch[name]
		}) {
			first(v.Name)
		}
	}
	if len(at) == 0 {
		return nil, nil, false
	}
	// A first value may name other choices given theirs (an induction
	// variable starting at threadIdx.x): substitute until none is left.
	for range len(at) {
		changed := false
		for name, v := range at {
			if w := sym.Subst(v, at); w != v {
				at[name], changed = w, true
			}
		}
		if !changed {
			break
		}
	}
	// An assumption on the chosen ones (an annotation's) must hold at the
	// first values too; one that defines another choice through them (an
	// inner induction variable starting at threadIdx.x) holds for some
	// value of that choice, which the solver picks.
	out := sym.SubstAll(pc, at)
	for _, a := range t.Assumptions {
		mentions, other := false, false
		for _, v := range a.Vars() {
			if at[v.Name] != nil {
				mentions = true
			} else if info := t.Vars[v.Name]; info != nil && info.Class == Choice {
				other = true
			}
		}
		if mentions && !other {
			if b := sym.Subst(a, at); !b.IsTrue() {
				out = append(out, b)
			}
		}
	}
	viol = sym.Subst(viol, at)
	// A violation that involves loaded data or another unknown input
	// directly is robust only in rare cases (the value probe gives most up
	// after a third of a second each; a paged kernel with a grid from a
	// device query has hundreds of such checks): it stays skipped.
	for _, v := range viol.Vars() {
		if info := t.Vars[v.Name]; info == nil || (info.Class != Choice && !anch[v.Name]) {
			return nil, nil, false
		}
	}
	if t.dependsOnUnknown(termVars(append(append([]*sym.Term(nil), out...), viol)), anch) {
		return nil, nil, false
	}
	return out, viol, true
}

// choicesOnly reports whether vars are all choices (at least one): a
// thread or an iteration, not an input.
func (t *Trace) choicesOnly(vars []*sym.Term) bool {
	for _, v := range vars {
		if info := t.Vars[v.Name]; info == nil || info.Class != Choice {
			return false
		}
	}
	return len(vars) > 0
}

func termVars(ts []*sym.Term) []*sym.Term {
	var out []*sym.Term
	for _, t := range ts {
		out = append(out, t.Vars()...)
	}
	return out
}

// query asks for the assumptions (satisfiable, checked once per trace, so
// the solver may slice away the parts unrelated to the goal), the path
// condition and goal (kept whole: a path condition can be unsatisfiable).
func (t *Trace) query(pc []*sym.Term, goal *sym.Term) solver.Query {
	return solver.Query{Constraints: t.global(), Goal: sym.BAnd(append(append([]*sym.Term(nil), pc...), goal)...)}
}

// global is the constraints that hold everywhere: assumptions and limits.
func (t *Trace) global() []*sym.Term {
	return append(append([]*sym.Term(nil), t.Assumptions...), t.Limits...)
}

// Feasible reports whether the trace's assumptions can hold together; an
// unsatisfiable set (contradictory annotations) makes every check vacuous.
func (t *Trace) Feasible(ctx context.Context, s solver.Solver) (solver.Result, error) {
	r, _, err := s.Check(ctx, solver.Query{Goal: sym.BAnd(t.global()...)})
	return r, err
}

// robust checks that no unknown values avoid the violation once the
// anchored inputs and the choices take m's values; it returns such values
// if some do.
func (t *Trace) robust(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, m solver.Model, anch map[string]bool) (solver.Model, bool, error) {
	// Only the choices the violation involves are fixed: another thread
	// or iteration the model happened to pick (through an assumption
	// unrelated to this check) must not constrain the unknown inputs.
	inCone := map[string]bool{}
	for _, v := range termVars(append(append([]*sym.Term(nil), pc...), viol)) {
		inCone[v.Name] = true
	}
	fixed := append([]*sym.Term(nil), pc...)
	for name, v := range m {
		info := t.Vars[name]
		if info != nil && (anch[name] || (info.Class == Choice && inCone[name])) {
			fixed = append(fixed, fix(info.Term, v))
		}
	}
	q := t.query(fixed, sym.BNot(viol))
	if cex := t.boundCounterexample(q, m, anch); cex != nil {
		return cex, false, nil
	}
	r, cex, err := s.Check(ctx, q)
	if err != nil || r == solver.Unknown {
		return nil, false, err
	}
	if r == solver.Sat {
		if pushed := t.boundCounterexample(q, cex, anch); pushed != nil {
			cex = pushed
		}
	}
	return cex, r == solver.Unsat, nil
}

// boundCounterexample tries m with every unknown input q mentions at its
// upper bound, then at its lower bound (by range reasoning over the
// assumptions and limits), and returns the first that satisfies q,
// checked by evaluation; nil if neither does. A tensor whose length
// nothing ties to the launch avoids an access past its end at its
// largest length: that counterexample, folded back, settles the check in
// one round where the solver's arbitrary one took three, and without a
// solver call when m itself extends to it.
func (t *Trace) boundCounterexample(q solver.Query, m solver.Model, anch map[string]bool) solver.Model {
	// The goal's component only: the solver sliced the rest away (its
	// assumptions are satisfiable on their own), so its model need not
	// give their variables values, and no value of the component's can
	// falsify them.
	terms := solver.Slice(q).Terms()
	unknown := t.unknownInputs(termVars(terms), anch)
	if len(unknown) == 0 {
		return nil
	}
	los, his, found := sym.BoundsAll(t.global(), unknown)
	if !found {
		return nil
	}
	for _, at := range [][]uint64{his, los} {
		cand := solver.Model{}
		for k, v := range m {
			cand[k] = v
		}
		for i, v := range unknown {
			cand[v.Name] = at[i]
		}
		if satisfies(terms, cand) {
			return cand
		}
	}
	return nil
}

// unknownInputs returns the distinct unknown inputs among vars, in order:
// variables of the trace that are neither anchored, nor a choice, nor a
// boolean (a finding must hold for every value of them).
func (t *Trace) unknownInputs(vars []*sym.Term, anch map[string]bool) []*sym.Term {
	var out []*sym.Term
	seen := map[string]bool{}
	for _, v := range vars {
		if seen[v.Name] {
			continue
		}
		seen[v.Name] = true
		if info := t.Vars[v.Name]; info != nil && !anch[v.Name] && info.Class != Choice && !v.IsBool() {
			out = append(out, v)
		}
	}
	return out
}

// satisfies reports whether every term evaluates to true under m.
func satisfies(terms []*sym.Term, m solver.Model) bool {
	env := m.Env()
	for _, c := range terms {
		if v, err := sym.Eval(c, env); err != nil || v != 1 {
			return false
		}
	}
	return true
}

func fix(v *sym.Term, val uint64) *sym.Term {
	if v.IsBool() {
		if val != 0 {
			return v
		}
		return sym.BNot(v)
	}
	return sym.Eq(v, sym.Const(v.Width, val))
}

// unknownValues returns the counterexample's values of the unknown
// inputs, as constants to substitute.
func unknownValues(m solver.Model, anch map[string]bool, t *Trace) map[string]*sym.Term {
	out := map[string]*sym.Term{}
	for name, v := range m {
		info := t.Vars[name]
		if anch[name] || info == nil || info.Class == Choice {
			continue
		}
		if info.Term.IsBool() {
			out[name] = sym.BoolConst(v != 0)
		} else {
			out[name] = sym.Const(info.Term.Width, v)
		}
	}
	return out
}

// minimise lowers a user-controlled size the violation depends on to its
// smallest violating value, keeping the result robust: the sizes in the
// violation itself first, then those its path and launch depend on, each
// by name; a size the constraints pin to one value is skipped. Without a
// user size it tries the launch dimensions.
func (t *Trace) minimise(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, anch map[string]bool, w *Witness) {
	cands := t.userVars([]*sym.Term{viol}, anch)
	cands = append(cands, t.userVars(append(append([]*sym.Term(nil), pc...), viol), anch)...)
	cands = append(cands, t.dimVars(append(append([]*sym.Term(nil), pc...), viol), anch)...)
	tried := map[*VarInfo]bool{}
	var first *Threshold
	var firstModel solver.Model
	fixed := append([]*sym.Term(nil), pc...)
	for _, u := range cands {
		if tried[u] {
			continue
		}
		tried[u] = true
		if t.pinned(ctx, s, u) {
			continue
		}
		v, m, r, err := solver.Minimize(ctx, s, t.query(fixed, viol), u.Term, u.Signed)
		if err != nil || r != solver.Sat {
			break
		}
		if _, ok, err := t.robust(ctx, s, fixed, viol, m, anch); err != nil || !ok {
			break
		}
		if first == nil {
			first, firstModel = &Threshold{Var: u, Value: v}, m
		}
		if !t.atLowest(u, v) {
			w.Model = m
			w.Threshold = &Threshold{Var: u, Value: v}
			return
		}
		// The violation holds at u's smallest value (block_size = 1): no
		// threshold to report on u. Kept there, the next size may have
		// one (the cache's blocks).
		fixed = append(fixed, fix(u.Term, v))
	}
	if first != nil {
		w.Model, w.Threshold = firstModel, first
	}
}

// shrink lowers the witness's other values where the violation still
// holds. check calls it for a witness whose buffers do not fit a GPU and
// completes the model again when it returns true. The solver's model
// (corners first, see solver.WithCorners) puts a user size it does not
// need at its production maximum and the thread in the last block of
// such a grid (a block table of 137,695 entries, a 141 GB output), which
// no reproducer can allocate. The threshold stays as minimise found it.
// Choices go first (the thread's block to 0), then the dimensions and
// user sizes, each to the smallest of its lower bound, 1 and its value
// halved that keeps the query true by evaluation; sizes tied to each
// other take one solver call. The result is kept only when the solver
// finds it robust as well, else the model is left as it was.
func (t *Trace) shrink(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, anch map[string]bool, w *Witness) bool {
	terms := solver.Slice(t.query(pc, viol)).Terms()
	if !satisfies(terms, w.Model) {
		return false // the model is not complete over the goal's component
	}
	// Only the slice's variables are lowered: satisfies checks the slice,
	// and a variable outside it (a dtype the launch path fixes, which the
	// violation does not involve) would be lowered past assumptions
	// nothing here evaluates (in.scalar_type() = 1 under a double
	// instantiation's dtype == 7).
	inSlice := map[string]bool{}
	for _, v := range termVars(terms) {
		inSlice[v.Name] = true
	}
	var choices, sizes []*VarInfo
	for _, info := range t.SortedVars() {
		name := info.Term.Name
		if _, ok := w.Model[name]; !ok || !inSlice[name] || info.Term.IsBool() || (w.Threshold != nil && w.Threshold.Var == info) {
			continue
		}
		switch {
		case info.Class == Choice:
			choices = append(choices, info)
		case (info.Class == User || info.Class == Dim) && anch[name]:
			sizes = append(sizes, info)
		}
	}
	m := maps.Clone(w.Model)
	changed := false
	lower := func(info *VarInfo) {
		name := info.Term.Name
		cur := m[name]
		var cands []uint64
		if lo, _, ok := sym.Bounds(t.global(), info.Term); ok && (lo > 0 || info.Class == Choice) {
			cands = append(cands, lo)
		}
		if info.Class == Choice {
			cands = append(cands, 0) // a size or a dimension is at least 1
		}
		cands = append(cands, 1)
		var halves []uint64
		for v := cur / 2; v > 1; v /= 2 {
			halves = append(halves, v)
		}
		for i := len(halves) - 1; i >= 0; i-- {
			cands = append(cands, halves[i]) // smallest first
		}
		for _, v := range cands {
			if !t.below(info, v, cur) {
				continue
			}
			m[name] = v
			if satisfies(terms, m) {
				changed = true
				return
			}
			m[name] = cur
		}
	}
	for _, info := range choices {
		lower(info)
	}
	for _, info := range sizes {
		lower(info)
	}
	// Sizes tied to each other (a grid of n blocks, gridDim.x = n) move
	// only together, which one at a time cannot do: ask the solver once
	// for the big ones at most bigSize, the rest as they are.
	var big []*sym.Term
	var pins []*sym.Term
	for _, info := range sizes {
		if m[info.Term.Name] > bigSize {
			big = append(big, sym.Ule(info.Term, sym.Const(info.Term.Width, bigSize)))
		}
	}
	if len(big) > 0 {
		for _, info := range t.SortedVars() {
			v, ok := m[info.Term.Name]
			if !ok || info.Class == Choice || (info.Class != Fixed && m[info.Term.Name] > bigSize && info.Class != Unknown && info.Class != Data) {
				continue
			}
			pins = append(pins, fix(info.Term, v))
		}
		goal := sym.BAnd(append([]*sym.Term{viol}, big...)...)
		if r, got, err := s.Check(ctx, t.query(append(append([]*sym.Term(nil), pc...), pins...), goal)); err == nil && r == solver.Sat {
			cand := maps.Clone(m)
			maps.Copy(cand, got)
			if satisfies(terms, cand) {
				m, changed = cand, true
			}
		}
	}
	if changed {
		if _, ok, err := t.robust(ctx, s, pc, viol, m, anch); err != nil || !ok {
			m, changed = w.Model, false
		}
	}
	// The unknown inputs' values are the solver's (a tensor's numel at
	// a corner, 141 GB): the witness is robust, so any value of theirs
	// violates, and the completion chooses them to fit the sizes. Flags
	// stay: a launch passes nullptr by them. Sizes outside the slice are
	// the completion's to choose too, within the assumptions.
	out := solver.Model{}
	for name, v := range m {
		if info := t.Vars[name]; info != nil && !info.Term.IsBool() && (!inSlice[name] || info.Class == Unknown && !anch[name]) {
			continue
		}
		out[name] = v
	}
	w.Model = out
	return true
}

// modelBytes is the bytes of the regions whose lengths m gives: what a
// reproducer of m allocates at least.
func (t *Trace) modelBytes(m solver.Model) uint64 {
	env := m.Env()
	var n uint64
	for _, r := range t.Regions {
		if r.Bytes == nil || r.Bytes.Op == sym.OpConst {
			continue
		}
		if b, err := sym.Eval(r.Bytes, env); err == nil && b <= maxRegionBytes {
			n += b
		}
	}
	return n
}

// bigSize is the value above which shrink asks the solver to lower the
// sizes of a witness together.
const bigSize = 4096

// below reports whether v is smaller than cur in u's own signedness.
func (t *Trace) below(u *VarInfo, v, cur uint64) bool {
	if u.Signed && u.Term.Width > 0 {
		return sym.SignExtend(v, u.Term.Width) < sym.SignExtend(cur, u.Term.Width)
	}
	return v < cur
}

// atLowest reports whether v is the smallest value the assumptions and
// limits allow u, by range reasoning (a bound it cannot see counts as
// not lowest).
func (t *Trace) atLowest(u *VarInfo, v uint64) bool {
	lo, _, ok := sym.Bounds(t.global(), u.Term)
	if !ok {
		return false
	}
	if u.Signed {
		return sym.SignExtend(v, u.Term.Width) <= sym.SignExtend(lo, u.Term.Width)
	}
	return v <= lo
}

// userSizeNames returns the variables of the user-controlled sizes, whose
// corners the solver may try (solver.Corners), sorted.
func (t *Trace) userSizeNames() []string {
	var out []string
	for name, v := range t.Vars {
		if v.Class == User && !v.Term.IsBool() {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// pinned reports whether the global constraints allow u only one value.
func (t *Trace) pinned(ctx context.Context, s solver.Solver, u *VarInfo) bool {
	// A goal that holds for any u, so that slicing keeps only what
	// constrains u (the whole set of assumptions as a goal is as costly as
	// the hardest of them).
	zero := sym.Const(u.Term.Width, 0)
	anyU := sym.BOr(sym.Eq(u.Term, zero), sym.Ne(u.Term, zero))
	r, m, err := s.Check(ctx, solver.Query{Constraints: t.global(), Goal: anyU})
	if err != nil || r != solver.Sat {
		return true
	}
	v, ok := m[u.Term.Name]
	if !ok {
		return false
	}
	r, _, err = s.Check(ctx, solver.Query{Constraints: t.global(), Goal: sym.Ne(u.Term, sym.Const(u.Term.Width, v))})
	return err != nil || r != solver.Sat
}

// userVars returns the anchored user sizes the terms depend on (see
// Sizes), by display name.
func (t *Trace) userVars(ts []*sym.Term, anch map[string]bool) []*VarInfo {
	var out []*VarInfo
	for _, info := range t.Sizes(ts) {
		// A flag (has_bias, opt.has_value()) is no size to minimise.
		if info.Class == User && anch[info.Term.Name] && !info.Term.IsBool() {
			out = append(out, info)
		}
	}
	return out
}

// dimVars returns the anchored dimensions the terms involve, directly or
// through the choices whose ranges they define, by display name; a
// dimension that only model-fixed sizes define is left out.
func (t *Trace) dimVars(ts []*sym.Term, anch map[string]bool) []*VarInfo {
	var out []*VarInfo
	t.reach(termVars(ts), choiceDeps, func(name string, info *VarInfo, _ bool) bool {
		if info != nil && info.Class == Dim && anch[name] && !fixedOnly(t.Sizes([]*sym.Term{info.Term})) {
			out = append(out, info)
		}
		return false
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Display < out[j].Display })
	return out
}

// touchesAnchored reports whether vars, or the ranges of the choices
// among them, involve an anchored input.
func (t *Trace) touchesAnchored(vars []*sym.Term, anch map[string]bool) bool {
	return t.reach(vars, choiceDeps, func(name string, _ *VarInfo, _ bool) bool { return anch[name] })
}

// Sizes returns the fixed and user sizes the terms depend on: directly,
// through the ranges of the choices they involve (threadIdx.x through
// blockDim.x), and through the assumptions that define the dimensions
// (gridDim.y = num_experts), sorted by display name.
func (t *Trace) Sizes(ts []*sym.Term) []*VarInfo {
	var out []*VarInfo
	t.reach(termVars(ts), t.sizeEdges, func(_ string, info *VarInfo, _ bool) bool {
		if info != nil && (info.Class == Fixed || info.Class == User) {
			out = append(out, info)
		}
		return false
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Display < out[j].Display })
	return out
}

// sizeEdges follows choices to their ranges and dimensions to the
// variables of the assumptions that mention them.
func (t *Trace) sizeEdges(info *VarInfo) []string {
	switch {
	case info.Class == Choice:
		return info.Deps
	case info.Class == Dim || info.Index:
		// An index entry's range is the dimension it indexes (a block
		// table's, the cache's blocks).
		var out []string
		for _, a := range t.Assumptions {
			vs := a.Vars()
			for _, v := range vs {
				if v.Name == info.Term.Name {
					out = append(out, varNames(a)...)
					break
				}
			}
		}
		return out
	}
	return nil
}

// fixedOnly reports sizes that are all model-fixed (and at least one): a
// dimension they define is no threshold (gridDim.y = num_experts).
func fixedOnly(sizes []*VarInfo) bool {
	for _, v := range sizes {
		if v.Class != Fixed {
			return false
		}
	}
	return len(sizes) > 0
}

// Causes of a skipped check (SkipCounter), most specific first.
const (
	causeOpaque   = "a value the engine does not evaluate (unmodelled operation or call)"
	causeLauncher = "a size the launcher leaves unknown"
	causeNoLaunch = "a kernel parameter no launch context gives"
	causeGeometry = "a grid or block size no launch context resolves"
	causeTemplate = "a template parameter no instantiation fixes"
	causeCall     = "the result of a device call not inlined"
	causeData     = "data loaded at run time"
	causeApprox   = "a loop or barrier count the engine approximates"
	causeNothing  = "no launch size (the violation depends on none)"
)

// SkipCounter names why a check that ended Unrobust was skipped, for
// -stats ("checks skipped: data loaded at run time"), and, for the
// verdicts, the same with the input named where the launcher left it
// unknown ("… (numel(out): the shape of a tensor the launcher never
// inspects)"): the most specific cause among the inputs that are not
// anchored which the path condition and the violation depend on,
// directly or through the ranges of their choices, so that a user sees
// what to annotate or summarise.
func (t *Trace) SkipCounter(pc []*sym.Term, viol *sym.Term) (counter, detailed string) {
	anch := t.Anchored()
	best, detail := "", ""
	cone := append(append([]*sym.Term(nil), pc...), viol)
	t.reach(termVars(cone), choiceDeps, func(name string, info *VarInfo, _ bool) bool {
		if info == nil || info.Class == Choice || anch[name] {
			return false
		}
		if c := unknownCause(name, info); best == "" || causeRank[c] < causeRank[best] {
			best, detail = c, ""
			if c == causeLauncher {
				detail = " (" + info.Display + ": " + strings.TrimPrefix(info.Source, "unknown: ") + ")"
			}
		}
		return false
	})
	counter = "checks skipped: " + cmp.Or(best, causeNothing)
	return counter, counter + detail
}

// causeRank orders the causes of a skipped check, most specific first.
var causeRank = map[string]int{causeOpaque: 1, causeLauncher: 2, causeNoLaunch: 3, causeGeometry: 4,
	causeTemplate: 5, causeCall: 6, causeData: 7, causeApprox: 8}

// Count adds the outcome of a check of pc ∧ viol to a checker's counts,
// and for a skipped check its cause too (SkipCounter), and returns what
// the verdicts record: the outcome's counter, or for a skipped check the
// cause with the input it waits for named.
func (t *Trace) Count(counts map[string]int, pc []*sym.Term, viol *sym.Term, o Outcome, err error) string {
	verdict := OutcomeCounter(o, err)
	counts[verdict]++
	if err == nil && o == Unrobust {
		var counter string
		counter, verdict = t.SkipCounter(pc, viol)
		counts[counter]++
	}
	return verdict
}

// unknownCause classifies a variable that is not anchored by where its
// value comes from (see the registrations in exec.go, expr.go, epoch.go).
func unknownCause(name string, info *VarInfo) string {
	switch {
	case info.Opaque:
		return causeOpaque
	case strings.HasPrefix(info.Source, "unknown: "):
		return causeLauncher
	case info.Class == Dim:
		return causeGeometry
	case strings.HasPrefix(name, "template."):
		return causeTemplate
	case info.Param:
		return causeNoLaunch
	case info.Loose:
		return causeApprox
	}
	kind, _, _ := strings.Cut(name, "#")
	kind, _, _ = strings.Cut(kind, "@")
	switch kind {
	case "ret":
		return causeCall
	case "trips", "after.epoch", "dead", "sync":
		return causeApprox
	}
	if strings.HasPrefix(kind, "loop.") {
		return causeApprox
	}
	return causeData
}
