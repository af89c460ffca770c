package symexec_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"golang.org/x/tools/go/analysis"
)

// TestCancelledRunStopsSolving: the driver's context reaches every
// unit, and a checker's queries under it end as soon as it is done (the
// language server cancels a stale symbolic stage this way; cudavet
// -timeout too), instead of running to their work budgets.
func TestCancelledRunStopsSolving(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "overflow", "testdata", "bug_*.cu"))
	if err != nil || len(files) == 0 {
		t.Fatal("no overflow testdata", err)
	}
	prog, err := frontend.Load(&frontend.Config{}, files[0])
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type seen struct {
		ctxErr error
		answer solver.Result
	}
	got := make(chan seen, 64)
	probe := &analysis.Analyzer{
		Name:       "probe",
		Doc:        "probe: cancels the run and asks one query",
		Requires:   []*analysis.Analyzer{cudair.Analyzer, symexec.Analyzer},
		ResultType: reflect.TypeOf(cudair.Counts{}),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
			cancel() // a newer edit arrives
			qctx, done := symexec.Context(res.Unit.Context())
			defer done()
			s, release := res.Solver()
			defer release()
			x := sym.Var("x", 64)
			// Unsat, but not by ranges: the solver would have to work.
			q := solver.Query{Goal: sym.Eq(sym.Mul(x, x), sym.Const(64, 3))}
			r, _, _ := s.Check(qctx, q)
			got <- seen{res.Unit.Context().Err(), r}
			return cudair.Counts{}, nil
		},
	}
	if _, err := driver.Run(prog, driver.Config{Analyzers: []*analysis.Analyzer{probe}, Jobs: 1, Context: ctx}); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if !errors.Is(s.ctxErr, context.Canceled) {
			t.Errorf("the unit's context after the run was cancelled: %v, want canceled", s.ctxErr)
		}
		if s.answer != solver.Unknown {
			t.Errorf("a query under the cancelled context answered %v, want unknown", s.answer)
		}
	case <-time.After(2 * time.Minute):
		// The driver abandons a pass when its context ends; the pass
		// itself must still end soon, or abandoned stages pile up.
		t.Fatal("the probe never finished its query under the cancelled context")
	}
}
