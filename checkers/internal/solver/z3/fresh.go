package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"context"
	"unsafe"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// checkFresh decides asts with a new QF_BV solver of the context instead
// of a scope of the long-lived one: Z3 then preprocesses and bit-blasts
// the whole query (solve-eqs substitutes fixed sizes before blasting),
// where the incremental core cannot.
func (s *Solver) checkFresh(ctx context.Context, asts []AST, vars []*sym.Term) (solver.Result, solver.Model, error) {
	return s.onFresh("QF_BV", func() (solver.Result, solver.Model, error) { return s.decide(ctx, asts, vars) })
}

// onFresh runs check with a new solver for logic in place of the
// long-lived one, with the same parameters and no work spent yet, and
// puts the long-lived solver back afterwards.
func (s *Solver) onFresh(logic string, check func() (solver.Result, solver.Model, error)) (solver.Result, solver.Model, error) {
	name := C.CString(logic)
	defer C.free(unsafe.Pointer(name))
	fresh := C.Z3_mk_solver_for_logic(s.c.ctx, C.Z3_mk_string_symbol(s.c.ctx, name))
	if err := s.err("make solver"); err != nil || fresh == nil {
		return solver.Unknown, nil, err
	}
	C.Z3_solver_inc_ref(s.c.ctx, fresh)
	old, oldLimit := s.s, s.rlimit
	s.s, s.rlimit = fresh, 0
	defer func() {
		s.dropModel()
		C.Z3_solver_dec_ref(s.c.ctx, fresh)
		s.s, s.rlimit = old, oldLimit
	}()
	if err := s.setParams(0, true); err != nil {
		return solver.Unknown, nil, err
	}
	return check()
}
