package z3

import (
	"context"
	"errors"
	"fmt"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// Check implements solver.Solver: it decides ∧q.Constraints ∧ q.Goal in a
// scope of its own. On Sat the model assigns every variable of q (Z3's
// model completion gives the unconstrained ones a value). When ctx ends or
// its deadline passes, the answer is Unknown with a nil error, and
// ReasonUnknown says why.
func (s *Solver) Check(ctx context.Context, q solver.Query) (solver.Result, solver.Model, error) {
	vars, err := q.Vars()
	if err != nil {
		return solver.Unknown, nil, fmt.Errorf("z3: %w", err)
	}
	if s.c.Live() > s.maxASTs {
		s.c.Release()
	}
	if form, _, ok := sym.IntForm(q.Terms()); ok && !s.noInt {
		// Integers first (see sym.IntForm), with a quarter of the work
		// units; the bit-vectors get theirs when the integers cannot tell.
		r, m, err := s.checkInt(quarterWork(ctx), form, q, vars)
		if err == nil && r != solver.Unknown {
			return r, m, nil
		}
		if ctx.Err() != nil {
			return solver.Unknown, nil, nil
		}
	}
	asts, err := s.translate(q.Terms())
	if err != nil {
		return solver.Unknown, nil, err
	}
	if s.fresh {
		return s.checkFresh(ctx, asts, vars)
	}
	if err := s.Push(); err != nil {
		s.clearCancel() // an Interrupt between checks fails the push: undo it, once
		if err := s.Push(); err != nil {
			return solver.Unknown, nil, err
		}
	}
	r, m, err := s.decide(ctx, asts, vars)
	if perr := s.Pop(); perr != nil {
		return solver.Unknown, nil, errors.Join(err, perr)
	}
	return r, m, err
}

// quarterWork returns ctx with a quarter of its work units.
func quarterWork(ctx context.Context) context.Context {
	if w := solver.WorkOf(ctx); w > 0 {
		return solver.WithWork(ctx, max(w/4, 1))
	}
	return ctx
}

// translate makes the ASTs of ts. After a failure the context is released
// so that the next query starts clean.
func (s *Solver) translate(ts []*sym.Term) ([]AST, error) {
	asts := make([]AST, len(ts))
	for i, t := range ts {
		a, err := s.c.Term(t)
		if err != nil {
			s.c.Release()
			return nil, fmt.Errorf("z3: %w", err)
		}
		asts[i] = a
	}
	return asts, nil
}

// decide asserts asts in the open scope, checks them and reads the model.
func (s *Solver) decide(ctx context.Context, asts []AST, vars []*sym.Term) (solver.Result, solver.Model, error) {
	for _, a := range asts {
		if err := s.Assert(a); err != nil {
			return solver.Unknown, nil, err
		}
	}
	r, err := s.CheckAssertions(ctx)
	if err != nil || r != solver.Sat {
		return r, nil, err
	}
	defer s.dropModel()
	m := make(solver.Model, len(vars))
	for _, v := range vars {
		a, err := s.c.Term(v)
		if err != nil {
			return solver.Unknown, nil, fmt.Errorf("z3: %w", err)
		}
		if m[v.Name], err = s.Eval(a); err != nil {
			return solver.Unknown, nil, err
		}
	}
	return solver.Sat, m, nil
}
