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

// QueryTimeout bounds one solver query; a timeout is counted, never a
// finding.
var QueryTimeout = 2 * time.Second

// Result is the kernel's executions (none for other functions).
type Result struct {
	Unit *cudair.Unit
	Runs []*Run
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
	if u.Func.Kind != ir.Kernel || u.Func.Body == nil {
		return res, nil
	}
	set := annotations(u)
	sp, _ := spec.FromAnnotations(u.Func, set)
	ctx := context.Background()
	tr := symex.Exec(ctx, u.Func, sp, symex.Options{})
	r := &Run{Context: "kernel alone: hardware limits and __launch_bounds__", Spec: sp, Trace: tr}
	if set != nil && len(set.Directives()) > 0 {
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

// annotations returns the annotation set that applies to the unit's
// function (malformed annotations are the annotation checker's to report).
func annotations(u *cudair.Unit) *annot.Set {
	f := u.Func
	if f.File == nil {
		return nil
	}
	var funcs []*ir.Func
	for _, g := range u.Prog.Funcs {
		if g.File == f.File {
			funcs = append(funcs, g)
		}
	}
	sets, _ := annot.Attach(f.File, funcs)
	return sets[f]
}

// pool holds solver chains for reuse: one Z3 context each, used by one
// goroutine at a time, kept for the life of the process (a Z3 context is
// costly to create and must not be dropped without being closed).
var pool struct {
	sync.Mutex
	free []solver.Solver
}

// Solver returns a solver for one goroutine's use and the function that
// gives it back. If Z3 cannot start, the solver answers Unknown to every
// query (nothing is reported; every check counts as undecided).
func Solver() (solver.Solver, func()) {
	pool.Lock()
	var c solver.Solver
	if n := len(pool.free); n > 0 {
		c, pool.free = pool.free[n-1], pool.free[:n-1]
	}
	pool.Unlock()
	if c == nil {
		base, err := z3.New(z3.Options{})
		if err != nil {
			return unavailable{err}, func() {}
		}
		c = solver.NewChain(base, solver.Options{Cache: true, Independence: true, Timeout: QueryTimeout})
	}
	return c, func() {
		pool.Lock()
		pool.free = append(pool.free, c)
		pool.Unlock()
	}
}

// unavailable answers every query with the error that kept Z3 from
// starting.
type unavailable struct{ err error }

func (u unavailable) Check(context.Context, solver.Query) (solver.Result, solver.Model, error) {
	return solver.Unknown, nil, u.err
}
