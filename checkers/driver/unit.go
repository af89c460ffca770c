package driver

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"runtime/debug"
	"strings"
	"time"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/repro"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// unitOut is what the analyzers produced on one unit.
type unitOut struct {
	diags    []Diagnostic // root analyzers' reports and every internal error
	runs     []analyzerRun
	verdicts []cudair.Verdict
	notRun   bool // Config.Context was done before the unit started
}

// analyzerRun records one analyzer on one unit for the statistics.
type analyzerRun struct {
	a       *analysis.Analyzer
	skipped bool // a required analyzer failed on this unit
	failed  bool // panicked or returned an error
	stopped bool // abandoned when the run's limit passed
	time    time.Duration
	// counters are the result's counters when it has any (see Counters).
	counters map[string]int
}

// Counters is implemented by results that count what the analyzer could
// not decide; the driver sums them per analyzer into CheckerStats.
type Counters interface {
	Counters() map[string]int
}

// runUnit runs every planned analyzer on u in dependency order. An
// analyzer whose requirement failed (or was skipped) is skipped too.
func (r *runner) runUnit(u *cudair.Unit, g *gates) unitOut {
	var out unitOut
	results := map[*analysis.Analyzer]any{cudair.Analyzer: u}
	bad := map[*analysis.Analyzer]bool{}
	for _, a := range r.order {
		// Once the run is stopped, the unit's remaining analyzers are
		// skipped: the run reports at most one stopped pass per unit.
		if requiresBad(a, bad) || r.ctx.Err() != nil {
			bad[a] = true
			out.runs = append(out.runs, analyzerRun{a: a, skipped: true})
			g.open(u.Index, a)
			continue
		}
		// A later instantiation of a kernel template runs a checker
		// after the first has run it (see gates); the helpers it
		// requires (the symbolic execution) need not wait.
		g.wait(r.ctx, u, a)
		start := time.Now()
		res, diags, ierr := r.runPass(a, u, results)
		run := analyzerRun{a: a, time: time.Since(start)}
		if ierr != nil {
			bad[a] = true
			run.failed, run.stopped = ierr.Category == InternalError, ierr.Category == Stopped
			out.diags = append(out.diags, *ierr)
		} else {
			results[a] = res
			if c, ok := res.(Counters); ok {
				run.counters = c.Counters()
			}
			if r.roots[a] {
				out.diags = append(out.diags, diags...)
				// Later instantiations need not word findings here
				// (cudair.Shared.ReportedByFirst).
				for _, d := range diags {
					u.Shared.Reported(a.Name, d.Pos, u)
				}
			}
		}
		out.runs = append(out.runs, run)
		g.open(u.Index, a)
	}
	// Verdicts are read once every analyzer of the unit has recorded its
	// outcomes.
	for _, res := range results {
		if v, ok := res.(cudair.Verdicter); ok {
			out.verdicts = append(out.verdicts, v.Verdicts()...)
		}
	}
	return out
}

func requiresBad(a *analysis.Analyzer, bad map[*analysis.Analyzer]bool) bool {
	for _, req := range a.Requires {
		if bad[req] {
			return true
		}
	}
	return false
}

// runPass runs a on u. It returns a's result and reports, or, when a
// panicked, returned an error, returned a result of the wrong type, ran
// past Config.PassTimeout or was still running when Config.Context ended,
// one internal-error diagnostic at the unit's function.
func (r *runner) runPass(a *analysis.Analyzer, u *cudair.Unit, results map[*analysis.Analyzer]any) (any, []Diagnostic, *Diagnostic) {
	if r.cfg.PassTimeout <= 0 && r.ctx.Done() == nil {
		return r.runPassHere(a, u, results)
	}
	// The pass runs on its own goroutine so that it can be abandoned. Its
	// ResultOf map and report slice are its own, so an abandoned pass
	// shares nothing mutable with the rest of the run.
	type outcome struct {
		res   any
		diags []Diagnostic
		ierr  *Diagnostic
	}
	own := make(map[*analysis.Analyzer]any, len(a.Requires))
	for _, req := range a.Requires {
		own[req] = results[req]
	}
	done := make(chan outcome, 1)
	go func() {
		res, diags, ierr := r.runPassHere(a, u, own)
		done <- outcome{res, diags, ierr}
	}()
	var limit <-chan time.Time
	if r.cfg.PassTimeout > 0 {
		t := time.NewTimer(r.cfg.PassTimeout)
		defer t.Stop()
		limit = t.C
	}
	select {
	case o := <-done:
		return o.res, o.diags, o.ierr
	case <-limit:
		return nil, nil, r.internalError(a, u.Func, fmt.Sprintf("stopped after %s, the limit for one checker on one function", r.cfg.PassTimeout))
	case <-r.ctx.Done():
		return nil, nil, r.unitDiagnostic(a, u.Func, Stopped, "stopped", StopCause(r.ctx))
	}
}

// runPassHere is runPass on the calling goroutine.
func (r *runner) runPassHere(a *analysis.Analyzer, u *cudair.Unit, results map[*analysis.Analyzer]any) (res any, diags []Diagnostic, ierr *Diagnostic) {
	pass := r.newPass(a, u, results, func(d analysis.Diagnostic) {
		diags = append(diags, r.checkerDiagnostic(a, u.Func, d))
	})
	defer func() {
		if p := recover(); p != nil {
			msg := fmt.Sprint(p)
			if r.cfg.Debug {
				msg += "\n" + string(debug.Stack())
			}
			res, diags, ierr = nil, nil, r.internalError(a, u.Func, msg)
		}
	}()
	res, err := a.Run(pass)
	if err != nil {
		return nil, nil, r.internalError(a, u.Func, err.Error())
	}
	if a.ResultType != nil && (res == nil || reflect.TypeOf(res) != a.ResultType) {
		msg := fmt.Sprintf("returned a result of type %T, want %v", res, a.ResultType)
		return nil, nil, r.internalError(a, u.Func, msg)
	}
	return res, diags, nil
}

// newPass builds the Pass of a on u. ResultOf holds exactly a's
// requirements; facts are not supported (plan rejects FactTypes), so the
// fact functions do nothing.
func (r *runner) newPass(a *analysis.Analyzer, u *cudair.Unit, results map[*analysis.Analyzer]any, report func(analysis.Diagnostic)) *analysis.Pass {
	resultOf := make(map[*analysis.Analyzer]any, len(a.Requires))
	for _, req := range a.Requires {
		resultOf[req] = results[req]
	}
	return &analysis.Pass{
		Analyzer:   a,
		Fset:       r.prog.Fset,
		OtherFiles: r.otherFiles,
		// Pass.String dereferences Pkg; its path names the unit.
		Pkg:               types.NewPackage(u.Func.Name, "cuda"),
		ResultOf:          resultOf,
		Report:            report,
		ReadFile:          r.readFile,
		ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportObjectFact:  func(types.Object, analysis.Fact) {},
		ExportPackageFact: func(analysis.Fact) {},
		AllObjectFacts:    func() []analysis.ObjectFact { return nil },
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
	}
}

func (r *runner) checkerDiagnostic(a *analysis.Analyzer, f *ir.Func, d analysis.Diagnostic) Diagnostic {
	related, launch := splitRepro(d.Related)
	return Diagnostic{
		Checker:        a.Name,
		Category:       d.Category,
		Pos:            d.Pos,
		End:            d.End,
		Position:       position(r.prog.Fset, d.Pos),
		EndPosition:    position(r.prog.Fset, d.End),
		Message:        d.Message,
		URL:            d.URL,
		Related:        related,
		SuggestedFixes: d.SuggestedFixes,
		Function:       f.Name,
		Repro:          launch,
	}
}

// splitRepro takes the machine-readable launch (repro.Prefix) out
// of a checker's related entries: no output shows it as text.
func splitRepro(rel []analysis.RelatedInformation) ([]analysis.RelatedInformation, string) {
	var out []analysis.RelatedInformation
	launch := ""
	for _, r := range rel {
		if s, ok := strings.CutPrefix(r.Message, repro.Prefix); ok {
			if launch == "" {
				launch = s
			}
			continue
		}
		out = append(out, r)
	}
	return out, launch
}

// internalError is the diagnostic of a's failure on f, at f's name.
func (r *runner) internalError(a *analysis.Analyzer, f *ir.Func, msg string) *Diagnostic {
	return r.unitDiagnostic(a, f, InternalError, "internal error", msg)
}

// unitDiagnostic is the diagnostic of category cat that a's run on f
// ended with (a failure, a stop), at f's name: "head: a on kind f: msg".
func (r *runner) unitDiagnostic(a *analysis.Analyzer, f *ir.Func, cat, head, msg string) *Diagnostic {
	return &Diagnostic{
		Checker:  a.Name,
		Category: cat,
		Pos:      f.P,
		Position: position(r.prog.Fset, f.P),
		Message:  fmt.Sprintf("%s: %s on %s %s: %s", head, a.Name, kindPhrase(f.Kind), f.Name, msg),
		Function: f.Name,
	}
}

func kindPhrase(k ir.FuncKind) string {
	switch k {
	case ir.Kernel:
		return "kernel"
	case ir.Device:
		return "device function"
	}
	return "host function"
}

// position resolves p, or returns the zero Position for NoPos.
func position(fset *token.FileSet, p token.Pos) token.Position {
	if !p.IsValid() {
		return token.Position{}
	}
	return fset.Position(p)
}
