// Package symexec is the result-only analyzer that runs the symbolic
// executor (checkers/internal/symex) on a kernel under what is known of its
// inputs, for the overflow, bounds and align checkers to query. It reports
// nothing itself.
//
// Each kernel is executed once per context: once per launch site the
// host-launcher analysis reaches (checkers/internal/launch), under each
// model configuration (-symexec.model), with the kernel's `// cudavet:`
// assumptions added. A kernel whose annotations give sizes (shapes, a
// launch, fixed or user sizes) is executed under its annotations alone
// (checkers/internal/spec): the author's statement wins over what the
// launcher implies; so is a kernel no analysed launcher reaches. Device
// functions are checked where kernels inline them.
package symexec

import (
	"context"
	"go/token"
	"io"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/annot"
	"github.com/cudavet/cudavet/checkers/internal/launch"
	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/solver/z3"
	"github.com/cudavet/cudavet/checkers/internal/spec"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// Analyzer executes the unit's kernel symbolically.
var Analyzer = &analysis.Analyzer{
	Name:       "symexec",
	Doc:        "symexec: symbolic execution of kernels for the memory checkers (helper; reports nothing)",
	Requires:   []*analysis.Analyzer{cudair.Analyzer},
	ResultType: reflect.TypeOf((*Result)(nil)),
}

func init() {
	// Set here: run reads the run's options by Analyzer (optionsOf).
	Analyzer.Run = run
	Analyzer.Flags.StringVar(&flags.model, "model", "",
		"model profiles for model-fixed sizes: a bundled name, a config.json path, a comma-separated list, or all (one context per profile); empty: the union of the bundled profiles")
	Analyzer.Flags.BoolVar(&flags.mutate, "mutate", false,
		"also try valid variants of the profiles' sizes (expert counts, top-k, head sizes, quantization bits and groups)")
	Analyzer.Flags.StringVar(&flags.limits, "limits", "",
		"upper bounds of user-controlled sizes, name=N comma-separated ("+strings.Join(model.LimitNames(), ", ")+"); a size not named keeps its documented limit (cudavet help limits)")
	Analyzer.Flags.BoolVar(&flags.latent, "latent", false,
		"also execute kernels with user sizes up to model.LatentFactor times their limits, for latent findings (cudavet help limits)")
	Analyzer.Flags.Uint64Var(&flags.queryWork, "querywork", DefaultOptions.QueryWork,
		"solver work units (Z3 rlimit) one query may use; a query past them is undecided")
	Analyzer.Flags.Uint64Var(&flags.kernelWork, "kernelwork", DefaultOptions.KernelWork,
		"solver work units one checker may grant the queries of one kernel")
}

var flags struct {
	model                 string
	mutate, latent        bool
	limits                string // model.ParseLimits's form
	queryWork, kernelWork uint64
}

// Options are the engine's settings for a run: the model profiles and
// user-size limits the launch contexts use, and the budgets, counted in
// solver work (Z3's rlimit units), never in wall-clock time: the same
// input gets the same answers on a busy machine and with any -j. A driver
// passes them per run (driver.Config.Options[Analyzer]); without them
// the analyzer's flags (-symexec.model, -symexec.querywork, ...) give
// them. Each Result carries the ones it was made with.
type Options struct {
	// QueryWork bounds one query (the first pass grants a fifth of it,
	// see Passes); KernelWork the units one checker grants the queries of
	// one kernel, charged whether used or not. Zero: DefaultOptions'.
	QueryWork, KernelWork uint64
	// Log, when set, receives every solver query in SMT-LIB (the CLI's
	// -dump=queries).
	Log io.Writer
	// Model names the model profiles (a bundled name, a config.json
	// path, a comma-separated list, or all; empty: the union of the
	// bundled profiles), Mutate adds their valid variants, and Limits
	// bounds user-controlled sizes (name=N,...; model.ParseLimits).
	Model  string
	Mutate bool
	Limits string
	// Latent asks for latent findings: the kernels under launch contexts
	// are executed again with every user size's limit LatentFactor times
	// its own (Result.Latent), for the checks whose violations need sizes
	// no documented deployment reaches yet (cudavet help limits).
	Latent bool
	// WindDown, when set, is the wall-clock time after which the checks
	// not yet decided end undecided without work (a query under way is
	// interrupted), counted as TimeLimitCounter: a run under the CLI's
	// -timeout finishes the functions it has started and prints what they
	// decided instead of losing them at the limit. The only setting read
	// from the clock; zero (the default, and the language server's) never.
	WindDown time.Time
}

// TimeLimitCounter counts the checks Options.WindDown left undecided.
const TimeLimitCounter = symex.TimeLimitCounter

// optionsOf returns the options of u's run: the driver's, with
// DefaultOptions' budgets where they give none, or the flags'.
func optionsOf(u *cudair.Unit) Options {
	o, ok := u.Option(Analyzer).(Options)
	if !ok {
		return Options{QueryWork: flags.queryWork, KernelWork: flags.kernelWork,
			Model: flags.model, Mutate: flags.mutate, Limits: flags.limits, Latent: flags.latent}
	}
	if o.QueryWork == 0 {
		o.QueryWork = DefaultOptions.QueryWork
	}
	if o.KernelWork == 0 {
		o.KernelWork = DefaultOptions.KernelWork
	}
	return o
}

// DefaultOptions are the budgets of a run without flags: about half a
// second per query and a minute per kernel and checker on this project's
// 2-core reference machine, when the queries use all of them.
var DefaultOptions = Options{QueryWork: 1_000_000, KernelWork: 80_000_000}

// safetyNet is a wall-clock bound on one checker's queries of one kernel,
// far past what KernelWork allows: it only keeps a solver that ignores
// its resource limit from hanging a run.
const safetyNet = 5 * time.Minute

// MaxSites bounds the launch sites (times model configurations) under
// which one kernel is executed; the others are counted.
var MaxSites = 8

// Result is what is known of the unit's function and, for a kernel, its
// executions (none for other functions).
type Result struct {
	Unit *cudair.Unit
	// Annotations is the set that applies to the function (nil: none);
	// FileDiagnostics are the problems of the whole file's annotations,
	// and FirstInFile says whether this unit is the file's first function
	// (the one whose unit reports them, once).
	Annotations     *annot.Set
	FileDiagnostics []annot.Diagnostic
	FirstInFile     bool
	// Spec is what the annotations say of the inputs; SpecErrors the
	// expressions that could not be compiled.
	Spec       *symex.Spec
	SpecErrors []error
	Runs       []*Run
	// Latent are the executions of Options.Latent: one per launch
	// context of Runs, under the latent limits (Run.Latent). Their
	// checks give no verdicts; a checker reports from them only what
	// Runs do not show.
	Latent []*Run
	// Options are the budgets the checkers use on this unit's runs.
	Options Options

	cut map[string]int // contexts not run, by reason
}

// Counters reports what the executions could not follow exactly, summed
// by the driver for -stats: loops whose loop-carried values were havocked
// (approximated) rather than summarised exactly, calls not inlined,
// Unknown IR values met, executions cut by the step budget.
func (r *Result) Counters() map[string]int {
	c := map[string]int{}
	for _, run := range r.Runs {
		st := run.Trace.Stats
		c["kernels executed"]++
		c["loops summarised exactly"] += st.LoopsSummarised
		c["loops approximated (loop-carried values havocked)"] += st.LoopsApproximated
		c["calls not inlined (depth or recursion)"] += st.InlineCut
		c["unknown values met"] += st.Unknowns
		if st.Truncated {
			c["executions truncated (step budget)"]++
		}
		if run.Site != nil {
			c["kernels executed under a launch site"]++
			if len(run.Site.Unresolved) == 0 {
				c["launch sites with full sizes"]++
			}
			for _, v := range run.Site.Spec.Vars {
				if cause, ok := strings.CutPrefix(v.Source, "unknown: "); ok && v.Class == symex.Unknown {
					c["launch sizes left unknown: "+cause]++
				}
			}
		}
	}
	for k, n := range r.cut {
		c[k] += n
	}
	return c
}

// Run is one execution of the kernel under one context.
type Run struct {
	// Context names where the sizes came from ("annotations", "launch in
	// rms_norm at layernorm.cu:52").
	Context string
	Spec    *symex.Spec
	Trace   *symex.Trace
	// Site is the launch site the spec comes from (nil: annotations or
	// the kernel alone), Config the model configuration it was built
	// under.
	Site   *launch.Site
	Config *launch.Config
	// Infeasible is set when the context's assumptions contradict each
	// other: nothing can be checked under it.
	Infeasible bool
	// Latent is set on the runs of Result.Latent; Limits are the
	// production limits the run's user sizes were bounded by in Runs
	// (PastLimits).
	Latent bool
	Limits model.Limits

	mu       sync.Mutex
	outcomes map[string]cudair.Counts // checker → outcome counters, for verdicts
	// feasibility is the answer of checkFeasible (Unknown until asked).
	feasibility solver.Result
	// ctx is the unit's context (see cudair.Unit.Ctx).
	ctx context.Context
	// queryWork and log are the run's Options.QueryWork and Log, for
	// checkFeasible.
	queryWork uint64
	log       io.Writer
}

func run(pass *analysis.Pass) (any, error) {
	u := cudair.Of(pass)
	opts := optionsOf(u)
	res := &Result{Unit: u, cut: map[string]int{}, Options: opts}
	res.Annotations, res.FileDiagnostics, res.FirstInFile = annotations(u)
	res.Spec, res.SpecErrors = spec.FromAnnotations(u.Func, res.Annotations)
	if u.Func.Kind != ir.Kernel || u.Func.Body == nil {
		return res, nil
	}
	cfgs, latent, err := configs(opts)
	if err != nil {
		return nil, err
	}
	annotated := res.Annotations != nil && len(res.Annotations.Directives()) > 0
	if sizesAnnotated(res.Annotations) {
		// The author said what the sizes are: that is the context (the
		// launcher may say less, or describe another use).
		cfgs = nil
	}
	for i, cfg := range cfgs {
		res.Runs = append(res.Runs, res.sites(pass, cfg, len(cfgs) > 1, len(res.Runs), true)...)
		if opts.Latent {
			for _, r := range res.sites(pass, latent[i], len(cfgs) > 1, len(res.Latent), false) {
				r.Latent, r.Limits = true, cfg.Limits
				res.Latent = append(res.Latent, r)
			}
		}
	}
	if len(res.Runs) == 0 && res.cut["launch contexts not applicable to the model"] == 0 {
		r := &Run{Context: "kernel alone: hardware limits and __launch_bounds__", Spec: res.Spec}
		if annotated {
			r.Context = "annotations"
		}
		res.execute(r)
		res.Runs = append(res.Runs, r)
	}
	return res, nil
}

// sites executes the kernel under the launch sites cfg gives, up to
// MaxSites in all (had runs are made already); count says whether the
// sites not executed are counted (once: not again for the latent runs).
func (res *Result) sites(pass *analysis.Pass, cfg *launch.Config, several bool, had int, count bool) []*Run {
	u := res.Unit
	var runs []*Run
	for _, site := range launch.Analyze(u.Prog, cfg).Sites[u.Func] {
		if site.NotApplicable != "" {
			if count {
				res.cut["launch contexts not applicable to the model"]++
			}
			continue
		}
		if had+len(runs) >= MaxSites {
			if count {
				res.cut["launch contexts not checked (past MaxSites per kernel)"]++
			}
			continue
		}
		sp := merge(site.Spec, res.Spec, u.Func)
		r := &Run{Context: siteContext(pass, site, cfg, several), Spec: sp, Site: site, Config: cfg}
		res.execute(r)
		runs = append(runs, r)
	}
	return runs
}

// sizesAnnotated reports annotations that give sizes (shapes, a launch,
// fixed or user sizes), not only assumptions.
func sizesAnnotated(set *annot.Set) bool {
	return set != nil && (len(set.Shapes) > 0 || set.Launch != nil || len(set.Fixed) > 0 || len(set.Users) > 0)
}

// execute runs the kernel under r's spec and checks that the spec's
// assumptions can hold together.
func (res *Result) execute(r *Run) {
	ctx := res.Unit.Context()
	r.ctx = ctx
	r.queryWork, r.log = res.Options.QueryWork, res.Options.Log
	r.Trace = symex.Exec(ctx, res.Unit.Func, r.Spec, symex.Options{})
	r.outcomes = map[string]cudair.Counts{}
	// A launch context's assumptions are the launcher's path and checks:
	// contradictory ones make every check vacuous (no finding), so their
	// consistency matters only for a "verified" verdict and is checked
	// then (see verdict). Annotations are checked at once: a
	// contradiction among them is a finding of the annotation checker.
	if len(r.Spec.Assume) > 0 && r.Site == nil {
		r.checkFeasible()
	}
}

// checkFeasible decides whether the run's assumptions can hold together.
func (r *Run) checkFeasible() solver.Result {
	s, release := SolverWith(r.queryWork, nil, r.log)
	ctx := r.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	feasible, err := r.Trace.Feasible(ctx, s)
	release()
	r.feasibility = solver.Unknown
	if err == nil {
		r.feasibility = feasible
	}
	if r.feasibility == solver.Unsat {
		r.Infeasible = true
	}
	return r.feasibility
}

// annotations attaches the annotations of the unit's file: the set that
// applies to the unit's function, the file's annotation problems, and
// whether the function is the file's first (whose unit reports them).
func annotations(u *cudair.Unit) (*annot.Set, []annot.Diagnostic, bool) {
	f := u.Func
	if f.File == nil {
		return nil, nil, false
	}
	attach := func() any { return attachFile(u.Prog, f.File) }
	fa, _ := u.Shared.Do(fileKey{f.File}, attach).(*fileAnnotations)
	if fa == nil {
		fa = attachFile(u.Prog, f.File) // the unit that attached first panicked
	}
	return fa.sets[f], fa.diags, fa.first == f
}

// fileKey keys a file's annotations in cudair.Shared.
type fileKey struct{ file *ir.File }

// fileAnnotations is a file's annotations, attached once for all its
// units: the set of each function, the file's problems, and its first
// function (whose unit reports them). Read-only once built.
type fileAnnotations struct {
	sets  map[*ir.Func]*annot.Set
	diags []annot.Diagnostic
	first *ir.Func
}

func attachFile(prog *ir.Program, file *ir.File) *fileAnnotations {
	var funcs []*ir.Func
	for _, g := range prog.Funcs {
		if g.File == file {
			funcs = append(funcs, g)
		}
	}
	fa := &fileAnnotations{}
	fa.sets, fa.diags = annot.Attach(file, funcs)
	if len(funcs) > 0 {
		fa.first = funcs[0]
	}
	return fa
}

// pool sums the statistics of the solver chains released so far.
var pool struct {
	sync.Mutex
	stats solver.Stats
}

// shared is the process's answer table (solver.Shared). Every chain's
// base decides each query in a Z3 context of its own (z3.PerQuery, about
// 1.5 ms a context), so an answer is a function of the query and its
// work units: shared, it never depends on which kernel asked first, and
// output is the same with any -j. (A context reused across queries or
// units carried their history, AST ids steering Z3's choices, and a
// check one run decided another left open.)
var shared = solver.NewShared()

// SaveAnswers writes the process's solver answers to w (see LoadAnswers)
// and returns how many it wrote.
func SaveAnswers(w io.Writer) (int, error) {
	return shared.Len(), shared.Save(w)
}

// LoadAnswers adds the answers SaveAnswers wrote to r to the process's
// table and returns how many it read. An answer is a function of the
// query and its work units, so what a loaded answer decides is what the
// solver would: findings, verdicts and counts are the same bytes, only
// sooner. The caller keeps the saved answers per executable (the solver
// and the terms' encoding are the executable's).
func LoadAnswers(r io.Reader) (int, error) { return shared.Load(r) }

// Answers returns the number of answers in the process's table.
func Answers() int { return shared.Len() }

// SolverStats sums the statistics of every solver chain released so far
// (queries, cache hits, solver calls and time, timeouts), for benchmarks
// and -stats.
func SolverStats() solver.Stats {
	pool.Lock()
	defer pool.Unlock()
	return pool.stats
}

// Solver returns a solver for one goroutine's use on one kernel, with
// the result's per-query work and an allowance of KernelWork, and the
// function that gives it back. If Z3 cannot start, the solver answers
// Unknown to every query (nothing is reported; every check counts as
// undecided).
func (r *Result) Solver() (solver.Solver, func()) {
	return SolverWith(r.Options.QueryWork, solver.NewAllowance(r.Options.KernelWork), r.Options.Log)
}

// SolverWith is Solver with its own per-query work and allowance (nil:
// none), see Passes.
func SolverWith(work uint64, a *solver.Allowance, log io.Writer) (solver.Solver, func()) {
	base := z3.NewPerQuery(z3.Options{})
	c := solver.NewChain(base, solver.Options{Cache: true, Independence: true, Work: work, Allowance: a,
		Log: log, Shared: shared, Split: true, Ranges: true, Propagate: true, Corners: true, Probe: true})
	return c, func() {
		pool.Lock()
		pool.stats = pool.stats.Add(c.Stats())
		pool.Unlock()
	}
}

// Context returns the context a checker's queries on one kernel run
// under: cancelled with parent, and past a wall-clock safety net far
// beyond what the work budgets allow (see safetyNet).
func Context(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, safetyNet)
}

// Context returns the context the result's checker runs its queries
// under: Context(parent) of the unit's, ended at Options.WindDown too.
func (r *Result) Context() (context.Context, context.CancelFunc) {
	ctx, cancel := Context(r.Unit.Context())
	if r.Options.WindDown.IsZero() {
		return ctx, cancel
	}
	wd, cancelWD := context.WithDeadline(ctx, r.Options.WindDown)
	return wd, func() { cancelWD(); cancel() }
}

// CheckAccesses decides, for every access of every feasible run, once per
// IR node, whether violation(a) can happen (see symex.Trace.Check), and
// calls report for each that does. skip returns a counter name for an
// access that cannot be checked ("" to check it). It returns the checks'
// outcome counts for -stats.
func (r *Result) CheckAccesses(checker string, violation func(*symex.Access) *sym.Term, skip func(*symex.Access) string,
	report func(*Run, *symex.Access, *symex.Witness, *sym.Term)) cudair.Counts {
	counts := cudair.Counts{}
	type item struct {
		run *Run
		a   *symex.Access
	}
	var items []item
	for _, run := range r.Runs {
		if run.Infeasible {
			continue
		}
		for _, a := range run.Trace.Accesses {
			if why := skip(a); why != "" {
				counts[why]++
				run.Record(checker, why)
				continue
			}
			items = append(items, item{run, a})
		}
	}
	done := map[ir.Node]bool{}
	found := map[*Run]map[ir.Node]bool{}
	r.Passes(len(items), func(ctx context.Context, s solver.Solver, i int, last bool) bool {
		run, a := items[i].run, items[i].a
		if found[run][a.Node] {
			return true
		}
		viol := violation(a)
		w, outcome, how, err := run.Trace.CheckHow(ctx, s, a.PC, viol)
		if !last && (err != nil || outcome == symex.Undecided) {
			return false // try again with the full work
		}
		// The witness of a finding to be shown is completed here, with
		// this pass's solver; a threshold the first pass's work did not
		// find is looked for again with the full work.
		if err == nil && outcome == symex.Violated && !done[a.Node] && r.Finish(ctx, s, checker, a.Pos, w) && !last && w.Threshold == nil {
			return false
		}
		verdict := run.Trace.Count(counts, a.PC, viol, outcome, err)
		if how != symex.NotDecided {
			counts[symex.MethodCounter(how)]++
		}
		run.Record(checker, verdict)
		if err != nil || outcome != symex.Violated {
			return true
		}
		if found[run] == nil {
			found[run] = map[ir.Node]bool{}
		}
		found[run][a.Node] = true
		if !done[a.Node] { // else reported under another context
			done[a.Node] = true
			report(run, a, w, viol)
		}
		return true
	})
	return counts
}

// Finish completes w, the witness of a finding of checker at pos, with
// s (the solver that found it: its answers cache the queries a
// threshold's bisection asks), unless the first instantiation of the
// unit's template has reported there (see symex.Witness.Finish and
// cudair.Shared.ReportedByFirst): the finding will not be shown, and its
// message may then lack the threshold and launch values. It reports
// whether it completed w.
func (r *Result) Finish(ctx context.Context, s solver.Solver, checker string, pos token.Pos, w *symex.Witness) bool {
	if w == nil || r.Unit.Shared.ReportedByFirst(checker, pos, r.Unit) {
		return false
	}
	w.Finish(ctx, s)
	return true
}

// Passes checks n items within the result's KernelWork in two passes:
// first each with a fifth of QueryWork per query, then the ones check
// left undecided with the full QueryWork (last is set). A kernel's
// hopeless queries (64-bit remainders of products) then no longer use up
// the budget before its easy ones are asked. check returns whether the
// item is decided.
func (r *Result) Passes(n int, check func(ctx context.Context, s solver.Solver, i int, last bool) bool) {
	ctx, cancel := r.Context()
	defer cancel()
	a := solver.NewAllowance(r.Options.KernelWork)
	var retry []int
	fast, release := SolverWith(max(r.Options.QueryWork/5, 1), a, r.Options.Log)
	for i := 0; i < n; i++ {
		if !check(ctx, fast, i, false) {
			retry = append(retry, i)
		}
	}
	release()
	if len(retry) == 0 {
		return
	}
	full, release := SolverWith(r.Options.QueryWork, a, r.Options.Log)
	defer release()
	for _, i := range retry {
		check(ctx, full, i, true)
	}
}
