package driver

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// Categories the driver itself gives to diagnostics (front-end categories
// "parse", "annotation" and "lower" come from the IR).
const (
	// InternalError is the category of a diagnostic that records an
	// analyzer's panic or returned error on one unit: the run is incomplete.
	InternalError = "internal error"
	// Stopped is the category of a diagnostic that records work a run's
	// limit (-timeout, -memlimit: Config.Context) cut short: an analyzer
	// abandoned on a unit, the units not started. The run is incomplete,
	// as with an internal error, but nothing failed.
	Stopped = "stopped"
	// Ignore is the checker name and category of a problem with a
	// cudavet:ignore directive (malformed, no reason, suppresses nothing).
	Ignore = "ignore"
)

// Config configures Run.
type Config struct {
	// Analyzers are the root analyzers: their findings are reported. The
	// analyzers they require run too, once per unit, but only their
	// internal errors are reported. None may declare FactTypes.
	Analyzers []*analysis.Analyzer
	// Debug appends the goroutine stack to internal-error messages.
	Debug bool
	// ReadFile reads a source file for Pass.ReadFile and for the
	// suppression directives (nil: os.ReadFile). The language server
	// passes one that sees unsaved buffers.
	ReadFile func(string) ([]byte, error)
	// SkipUnusedIgnores leaves out the reports of cudavet:ignore
	// directives that suppress nothing (the command reports them only with
	// -unused-ignores, on by default in CI).
	SkipUnusedIgnores bool
	// Jobs is the number of units analysed concurrently (0: GOMAXPROCS).
	// The output does not depend on it.
	Jobs int
	// Context, when set, stops the run once it is done (cudavet -timeout):
	// an analyzer still running on a unit is abandoned with a Stopped
	// diagnostic, and the units not started by then are counted in one
	// more. What finished is reported as usual. Nil:
	// the run is not stopped.
	Context context.Context
	// PassTimeout bounds one analyzer on one unit (0: no bound). An
	// analyzer past it is abandoned — its goroutine is left to end on its
	// own and whatever it reports later is dropped — and reported as an
	// InternalError, so one checker stuck on one kernel does not stop the
	// rest. It is a safety net for hangs: budgets that decide results are
	// counted in solver work (see symexec), not in wall-clock time.
	PassTimeout time.Duration
	// Options are settings for analyzers by analyzer (the symbolic
	// executor's model profiles and budgets: symexec.Options), handed to
	// every unit (cudair.Unit.Option): a run's settings travel with the
	// run, not in package variables, so two runs of one process (the
	// language server's) cannot see each other's. Nil: each analyzer's
	// defaults (its flags).
	Options map[*analysis.Analyzer]any
}

// Diagnostic is one reported problem, with its positions resolved.
type Diagnostic struct {
	// Checker is the analyzer's name; for front-end diagnostics, their
	// category ("parse", "annotation", "lower"); "ignore" for problems with
	// suppression directives.
	Checker string
	// Category is the analyzer's analysis.Diagnostic.Category (often
	// empty), InternalError, Ignore, or the front-end category.
	Category string
	// Pos and End are positions in the program's FileSet; End may be
	// token.NoPos. Position and EndPosition are their resolved forms
	// (EndPosition is zero when End is NoPos).
	Pos, End              token.Pos
	Position, EndPosition token.Position
	Message               string
	// URL is the analyzer's documentation link for this diagnostic, if any.
	URL            string
	Related        []analysis.RelatedInformation
	SuggestedFixes []analysis.SuggestedFix
	// Function is the display name (with template arguments) of the unit
	// the diagnostic was reported on; empty for front-end and ignore
	// diagnostics. Of merged duplicates, the first unit's name is kept.
	Function string
	// Repro is the launch of the finding's witness as JSON (a
	// repro.Launch), empty when the finding has none. `cudavet -repro`
	// builds a reproducer from it.
	Repro string
}

// Result is what Run returns: the diagnostics, sorted by file name, line,
// column, checker and message, and the counters of the run.
type Result struct {
	Diagnostics []Diagnostic
	Stats       Stats
	// Verdicts judge each kernel under each of its contexts (launch
	// sites, model profiles), in program order.
	Verdicts []Verdict
}

// Verdict is a cudair.Verdict with its positions resolved.
type Verdict struct {
	cudair.Verdict
	Position, LaunchPosition token.Position
}

// Run runs cfg.Analyzers over every unit of prog and returns their
// diagnostics together with the front end's. It returns an error only for
// an unusable configuration (invalid analyzers, fact types, nil program);
// an analyzer's failure on a unit is an InternalError diagnostic.
func Run(prog *ir.Program, cfg Config) (*Result, error) {
	if prog == nil || prog.Fset == nil {
		return nil, errors.New("driver: program without FileSet")
	}
	order, err := plan(cfg.Analyzers)
	if err != nil {
		return nil, fmt.Errorf("driver: %w", err)
	}
	r := newRunner(prog, cfg, order)
	units := unitsOf(prog, cfg.Context, cfg.Options)
	same := sameIR(units)
	outs := r.runUnits(units, same, cfg.Jobs)

	m := newMerger(prog.Fset)
	for _, d := range prog.Diagnostics {
		m.add(frontEndDiagnostic(prog.Fset, d))
	}
	stats := newStats(order, r.roots)
	stats.Units = len(units)
	var verdicts []Verdict
	for i, o := range outs {
		if j := same[i]; j >= 0 {
			// The instantiation's contexts are judged as its twin's.
			stats.SameIR++
			for _, v := range outs[j].verdicts {
				v.Func = units[i].Func.Name
				o.verdicts = append(o.verdicts, v)
			}
		}
		for _, v := range o.verdicts {
			vd := Verdict{Verdict: v, Position: prog.Fset.Position(v.Pos)}
			if v.LaunchAt.IsValid() {
				vd.LaunchPosition = prog.Fset.Position(v.LaunchAt)
			}
			verdicts = append(verdicts, vd)
		}
		stats.addUnit(o)
		for _, d := range o.diags {
			m.add(d)
		}
	}
	if d, n := r.notAnalysed(units, outs); n > 0 {
		m.add(d)
		stats.Stopped++
	}
	stats.Duplicates = m.duplicates
	diags := m.list()
	diags = r.suppress(diags, &stats)
	sortDiagnostics(diags)
	stats.countFindings(diags)
	return &Result{Diagnostics: diags, Stats: stats, Verdicts: verdicts}, nil
}

// unitsOf returns the program's functions with a body, in program order.
func unitsOf(prog *ir.Program, ctx context.Context, opts map[*analysis.Analyzer]any) []*cudair.Unit {
	var units []*cudair.Unit
	shared := &cudair.Shared{}
	type template struct {
		base string
		pos  token.Pos
	}
	first := map[template]int{}
	for _, f := range prog.Funcs {
		if f.Body == nil {
			continue
		}
		u := &cudair.Unit{Prog: prog, Func: f, Ctx: ctx, Shared: shared, Index: len(units), First: len(units), Options: opts}
		if f.Kind == ir.Kernel && len(f.TemplateArgs) > 0 {
			k := template{f.Base, f.P}
			if j, ok := first[k]; ok {
				u.First = j
			} else {
				first[k] = u.Index
			}
		}
		if f.Kind == ir.Kernel {
			u.Launches = prog.LaunchesOf(f)
		}
		units = append(units, u)
	}
	return units
}

// runUnits analyses the units on jobs goroutines. Each unit's output goes
// to its own slot, so the merge below sees them in program order whatever
// the scheduling. A later instantiation of a kernel template runs each
// checker only once the template's first instantiation has run it (see
// gates): what it learns from the first (the positions it reported at,
// cudair.Shared.ReportedByFirst) is then complete when it asks,
// whatever the scheduling.
func (r *runner) runUnits(units []*cudair.Unit, same []int, jobs int) []unitOut {
	outs := make([]unitOut, len(units))
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	jobs = min(jobs, len(units))
	g := r.newGates(units)
	next := make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for i := range next {
				if r.ctx.Err() != nil {
					outs[i] = unitOut{notRun: true}
					g.openAll(i)
					continue
				}
				if same[i] >= 0 {
					g.openAll(i)
					continue // analysed as units[same[i]]
				}
				outs[i] = r.runUnit(units[i], g)
				g.openAll(i) // an analyzer skipped
			}
		})
	}
	// Units go out in program order: a template's first instantiation
	// is taken before its later ones, so a worker waiting at a gate
	// waits for one that runs, never for one still queued.
	for i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
	return outs
}

// gates order the checkers of a template's instantiations: the gate of
// (first, a) is closed until the first instantiation (the unit of index
// first) has run checker a (a root analyzer), and a later instantiation
// runs a only then. Helpers have none: nothing waits for them.
type gates struct {
	order []*analysis.Analyzer
	g     map[gateKey]*gate
}

type gateKey struct {
	first int
	a     *analysis.Analyzer
}

type gate struct {
	ch   chan struct{}
	once sync.Once
}

func (r *runner) newGates(units []*cudair.Unit) *gates {
	g := &gates{order: r.order, g: map[gateKey]*gate{}}
	for i, u := range units {
		if u.First == i {
			continue
		}
		for _, a := range r.order {
			if k := (gateKey{u.First, a}); r.roots[a] && g.g[k] == nil {
				g.g[k] = &gate{ch: make(chan struct{})}
			}
		}
	}
	return g
}

// wait blocks until u may run a: at once unless u is a later
// instantiation and a a checker, else once its first has run a or ctx is
// done.
func (g *gates) wait(ctx context.Context, u *cudair.Unit, a *analysis.Analyzer) {
	if g == nil || u.First == u.Index {
		return
	}
	if gt := g.g[gateKey{u.First, a}]; gt != nil {
		select {
		case <-gt.ch:
		case <-ctx.Done():
		}
	}
}

// open records that the unit of index i has run a (or will not).
func (g *gates) open(i int, a *analysis.Analyzer) {
	if g == nil {
		return
	}
	if gt := g.g[gateKey{i, a}]; gt != nil {
		gt.once.Do(func() { close(gt.ch) })
	}
}

// openAll opens every gate of the unit of index i.
func (g *gates) openAll(i int) {
	if g == nil {
		return
	}
	for _, a := range g.order {
		g.open(i, a)
	}
}

type runner struct {
	ctx        context.Context // Config.Context, or context.Background()
	prog       *ir.Program
	cfg        Config
	order      []*analysis.Analyzer // dependencies first, cudair excluded
	roots      map[*analysis.Analyzer]bool
	readFile   func(string) ([]byte, error)
	otherFiles []string
}

func newRunner(prog *ir.Program, cfg Config, order []*analysis.Analyzer) *runner {
	r := &runner{ctx: cfg.Context, prog: prog, cfg: cfg, order: order, roots: map[*analysis.Analyzer]bool{}}
	if r.ctx == nil {
		r.ctx = context.Background()
	}
	for _, a := range cfg.Analyzers {
		r.roots[a] = true
	}
	r.readFile = cfg.ReadFile
	if r.readFile == nil {
		r.readFile = os.ReadFile
	}
	for _, f := range prog.Files {
		r.otherFiles = append(r.otherFiles, f.Name)
	}
	return r
}

// notAnalysed returns the diagnostic that counts the units the run did not
// start because Config.Context was done, at the first of them, and their
// number (0: every unit ran).
func (r *runner) notAnalysed(units []*cudair.Unit, outs []unitOut) (Diagnostic, int) {
	var first *ir.Func
	n := 0
	for i, o := range outs {
		if o.notRun {
			if first == nil {
				first = units[i].Func
			}
			n++
		}
	}
	if n == 0 {
		return Diagnostic{}, 0
	}
	return Diagnostic{
		Checker:  "driver",
		Category: Stopped,
		Pos:      first.P,
		Position: position(r.prog.Fset, first.P),
		Message: fmt.Sprintf("stopped: %s before %d of %d functions were analysed (the first: %s %s)",
			StopCause(r.ctx), n, len(units), kindPhrase(first.Kind), first.Name),
		Function: first.Name,
	}, n
}

// Incomplete reports whether a diagnostic of category c says the run is
// incomplete rather than reporting a finding: an internal error or a
// stop.
func Incomplete(c string) bool { return c == InternalError || c == Stopped }

// StopCause says why ctx is done, for messages: the cause given to its
// cancel function (-timeout, -memlimit), else cancelled or past its deadline.
func StopCause(ctx context.Context) string {
	if c := context.Cause(ctx); c != nil && !errors.Is(c, context.Canceled) && !errors.Is(c, context.DeadlineExceeded) {
		return c.Error()
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "the run's time limit passed"
	}
	return "the run was cancelled"
}
