// Package symexec is the result-only analyzer that runs the symbolic
// executor (checkers/internal/symex) on a kernel under what is known of its
// inputs, for the overflow, bounds and align checkers to query. It reports
// nothing itself.
//
// Each kernel is executed once per context: today the context built from
// its `// cudavet:` annotations (checkers/internal/spec); launch sites and
// model profiles add contexts in later work. Device functions are checked
// where kernels inline them.
package symexec

import (
	"context"
	"reflect"
	"sync"
	"time"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/annot"
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
	Run:        run,
	ResultType: reflect.TypeOf((*Result)(nil)),
}

// QueryTimeout bounds one solver query, and KernelBudget the solver time
// one checker spends on one kernel; a check cut short by either is counted
// as undecided, never a finding.
var (
	QueryTimeout = 500 * time.Millisecond
	KernelBudget = 20 * time.Second
)

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
	}
	return c
}

// Run is one execution of the kernel under one context.
type Run struct {
	// Context names where the sizes came from ("annotations").
	Context string
	Spec    *symex.Spec
	Trace   *symex.Trace
	// Infeasible is set when the context's assumptions contradict each
	// other: nothing can be checked under it.
	Infeasible bool
}

func run(pass *analysis.Pass) (any, error) {
	u := cudair.Of(pass)
	res := &Result{Unit: u}
	res.Annotations, res.FileDiagnostics, res.FirstInFile = annotations(u)
	res.Spec, res.SpecErrors = spec.FromAnnotations(u.Func, res.Annotations)
	if u.Func.Kind != ir.Kernel || u.Func.Body == nil {
		return res, nil
	}
	sp := res.Spec
	ctx := context.Background()
	tr := symex.Exec(ctx, u.Func, sp, symex.Options{})
	r := &Run{Context: "kernel alone: hardware limits and __launch_bounds__", Spec: sp, Trace: tr}
	if res.Annotations != nil && len(res.Annotations.Directives()) > 0 {
		r.Context = "annotations"
	}
	if len(sp.Assume) > 0 {
		s, release := Solver()
		feasible, err := tr.Feasible(ctx, s)
		release()
		if err == nil && feasible == solver.Unsat {
			r.Infeasible = true
		}
	}
	res.Runs = append(res.Runs, r)
	return res, nil
}

// annotations attaches the annotations of the unit's file: the set that
// applies to the unit's function, the file's annotation problems, and
// whether the function is the file's first (whose unit reports them).
func annotations(u *cudair.Unit) (*annot.Set, []annot.Diagnostic, bool) {
	f := u.Func
	if f.File == nil {
		return nil, nil, false
	}
	var funcs []*ir.Func
	for _, g := range u.Prog.Funcs {
		if g.File == f.File {
			funcs = append(funcs, g)
		}
	}
	sets, diags := annot.Attach(f.File, funcs)
	return sets[f], diags, len(funcs) > 0 && funcs[0] == f
}

// pool holds Z3 solvers for reuse: one Z3 context each, used by one
// goroutine at a time, kept for the life of the process (a Z3 context is
// costly to create and must not be dropped without being closed). Each
// acquisition gets a fresh chain (cache) on top, so that answers never
// depend on which unit used the solver before: output is the same for
// any -j and any order.
var pool struct {
	sync.Mutex
	free  []*z3.Solver
	stats solver.Stats
}

// SolverStats sums the statistics of every solver chain released so far
// (queries, cache hits, solver calls and time, timeouts), for benchmarks
// and -stats.
func SolverStats() solver.Stats {
	pool.Lock()
	defer pool.Unlock()
	return pool.stats
}

// Solver returns a solver for one goroutine's use and the function that
// gives it back. If Z3 cannot start, the solver answers Unknown to every
// query (nothing is reported; every check counts as undecided).
func Solver() (solver.Solver, func()) {
	pool.Lock()
	var base *z3.Solver
	if n := len(pool.free); n > 0 {
		base, pool.free = pool.free[n-1], pool.free[:n-1]
	}
	pool.Unlock()
	if base == nil {
		var err error
		if base, err = z3.New(z3.Options{}); err != nil {
			return unavailable{err}, func() {}
		}
	}
	c := solver.NewChain(base, solver.Options{Cache: true, Independence: true, Timeout: QueryTimeout})
	return c, func() {
		pool.Lock()
		pool.free = append(pool.free, base)
		pool.stats = pool.stats.Add(c.Stats())
		pool.Unlock()
	}
}

// unavailable answers every query with the error that kept Z3 from
// starting.
type unavailable struct{ err error }

func (u unavailable) Check(context.Context, solver.Query) (solver.Result, solver.Model, error) {
	return solver.Unknown, nil, u.err
}

// CheckAccesses decides, for every access of every feasible run, once per
// IR node, whether violation(a) can happen (see symex.Trace.Check), and
// calls report for each that does. skip returns a counter name for an
// access that cannot be checked ("" to check it). It returns the checks'
// outcome counts for -stats.
func (r *Result) CheckAccesses(violation func(*symex.Access) *sym.Term, skip func(*symex.Access) string,
	report func(*Run, *symex.Access, *symex.Witness, *sym.Term)) cudair.Counts {
	counts := cudair.Counts{}
	if len(r.Runs) == 0 {
		return counts
	}
	s, release := Solver()
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), KernelBudget)
	defer cancel()
	done := map[ir.Node]bool{}
	for _, run := range r.Runs {
		if run.Infeasible {
			continue
		}
		for _, a := range run.Trace.Accesses {
			if why := skip(a); why != "" {
				counts[why]++
				continue
			}
			if done[a.Node] {
				continue
			}
			viol := violation(a)
			w, outcome, err := run.Trace.Check(ctx, s, a.PC, viol)
			counts[symex.OutcomeCounter(outcome, err)]++
			if err != nil || outcome != symex.Violated {
				continue
			}
			done[a.Node] = true
			report(run, a, w, viol)
		}
	}
	return counts
}
