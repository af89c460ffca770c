package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import (
	"context"
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/cudavet/cudavet/checkers/internal/solver"
)

// Options configures a Solver.
type Options struct {
	// MaxASTs bounds the ASTs the context keeps between queries (mostly
	// Term's memo); past it, Check releases them all and starts afresh.
	// 0 means 1<<17.
	MaxASTs int
	// Incremental decides each query in a push/pop scope of one
	// long-lived solver. By default each query gets a new QF_BV solver of
	// the context: Z3 then preprocesses the whole query (solve-eqs puts
	// fixed sizes in before bit-blasting), which the incremental core
	// cannot; on the overflow checker's queries that was 6x faster and
	// left no query undecided (measured on a row-major epilogue kernel).
	// Translations are shared by both modes.
	Incremental bool
	// NoIntegers asks every query over bit-vectors; by default a query
	// whose operations cannot wrap is first asked over integers (see
	// sym.IntForm).
	NoIntegers bool
}

// Solver is one Z3 context and one Z3 solver in it. It implements
// solver.Solver: each Check translates the query (memoized), pushes a
// scope, asserts, checks and pops, so the context and the translations of
// shared path conditions are reused (about 1 ms for a small query, against
// 9-15 ms with a fresh context). The deadline of a check's ctx becomes
// Z3_interrupt, called by a watcher goroutine when ctx is done; the work
// units ctx carries (solver.WithWork) become Z3's rlimit.
//
// A Solver is not safe for concurrent use: give each worker goroutine its
// own. Close frees its C memory; nothing made by it outlives it.
type Solver struct {
	c       *Context
	s       C.Z3_solver
	blank   C.Z3_solver // an empty solver for clearCancel, or nil
	model   C.Z3_model  // of the latest Sat check, referenced; or nil
	rlimit  uint32      // the rlimit parameter now set (0: none)
	reason  string      // why the latest check was Unknown
	maxASTs int
	fresh   bool // decide each query with a new solver (not Options.Incremental)
	noInt   bool // never ask the integer form (Options.NoIntegers)
}

// New returns a Solver with a new context.
func New(opts Options) (*Solver, error) {
	c, err := newContext()
	if err != nil {
		return nil, err
	}
	s := &Solver{c: c, maxASTs: opts.MaxASTs, fresh: !opts.Incremental, noInt: opts.NoIntegers}
	if s.maxASTs <= 0 {
		s.maxASTs = 1 << 17
	}
	s.s = C.Z3_mk_solver(c.ctx)
	if !c.check() || s.s == nil {
		c.Close()
		return nil, fmt.Errorf("z3: cannot make a solver: %w", c.err)
	}
	C.Z3_solver_inc_ref(c.ctx, s.s)
	// ctrl_c=false: else Z3 installs its own SIGINT handler during a check
	// and Go's signal.Notify never sees a ^C.
	if err := s.setParams(0, true); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Context returns the solver's context, for building ASTs to Assert.
func (s *Solver) Context() *Context { return s.c }

// Close frees the solver, its model and its context. It is idempotent.
func (s *Solver) Close() {
	if s.c.ctx == nil {
		return
	}
	s.dropModel()
	C.Z3_solver_dec_ref(s.c.ctx, s.s)
	if s.blank != nil {
		C.Z3_solver_dec_ref(s.c.ctx, s.blank)
	}
	s.c.Close()
}

// ReasonUnknown returns Z3's reason for the latest Unknown ("timeout",
// "canceled", ...), or "" after a Sat or Unsat answer.
func (s *Solver) ReasonUnknown() string { return s.reason }

// Push opens an assertion scope.
func (s *Solver) Push() error {
	C.Z3_solver_push(s.c.ctx, s.s)
	return s.err("push")
}

// Pop closes the innermost assertion scope.
func (s *Solver) Pop() error {
	C.Z3_solver_pop(s.c.ctx, s.s, 1)
	return s.err("pop")
}

// Assert adds a boolean AST of the solver's context.
func (s *Solver) Assert(a AST) error {
	if !a.Valid() || a.c != s.c {
		return errInvalid
	}
	C.Z3_solver_assert(s.c.ctx, s.s, a.a)
	return s.err("assert")
}

// err returns the error code of the latest call as an error. It leaves
// the context's Err alone: a failed solver call does not spoil the context.
func (s *Solver) err(what string) error {
	if err := s.c.lastError(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// setParams sets the resource limit of each check (Z3's rlimit, 0: none)
// and, first time, ctrl_c. The timeout parameter is never set: Z3 4.8.12
// starts a timer thread per timed check, and concurrent timed checks in
// several contexts deadlocked in its timer pool (measured: a check stuck
// for minutes at 0% CPU). A deadline is enforced by Z3_interrupt instead.
func (s *Solver) setParams(rlimit uint32, first bool) error {
	p := C.Z3_mk_params(s.c.ctx)
	C.Z3_params_inc_ref(s.c.ctx, p)
	defer C.Z3_params_dec_ref(s.c.ctx, p)
	C.Z3_params_set_uint(s.c.ctx, p, s.c.symbol("rlimit"), C.uint(rlimit))
	if first {
		C.Z3_params_set_bool(s.c.ctx, p, s.c.symbol("ctrl_c"), false)
	}
	C.Z3_solver_set_params(s.c.ctx, s.s, p)
	if err := s.err("set parameters"); err != nil {
		return err
	}
	s.rlimit = rlimit
	return nil
}

// CheckAssertions decides the current assertions within ctx: within the
// work units it carries (solver.WithWork; Unknown with reason "max.
// resource limit exceeded" past them), and until ctx ends (Z3_interrupt).
// On Sat, Eval reads the model until the next check, Push, Pop or Close.
func (s *Solver) CheckAssertions(ctx context.Context) (solver.Result, error) {
	s.dropModel()
	s.reason = ""
	if ctx.Err() != nil {
		s.reason = "canceled"
		return solver.Unknown, nil
	}
	rl := uint32(min(solver.WorkOf(ctx), math.MaxUint32))
	if rl != s.rlimit {
		if err := s.setParams(rl, false); err != nil {
			return solver.Unknown, err
		}
	}
	stop := s.watch(ctx)
	r := C.Z3_solver_check(s.c.ctx, s.s)
	err := s.err("check")
	if stop() {
		s.clearCancel()
	}
	if err != nil {
		return solver.Unknown, err
	}
	switch r {
	case C.Z3_L_TRUE:
		s.model = C.Z3_solver_get_model(s.c.ctx, s.s)
		if err := s.err("get model"); err != nil || s.model == nil {
			s.model = nil
			return solver.Unknown, errors.Join(errors.New("z3: no model for a sat answer"), err)
		}
		C.Z3_model_inc_ref(s.c.ctx, s.model)
		return solver.Sat, nil
	case C.Z3_L_FALSE:
		return solver.Unsat, nil
	}
	s.reason = C.GoString(C.Z3_solver_get_reason_unknown(s.c.ctx, s.s))
	return solver.Unknown, nil
}

// watch calls Z3_interrupt if ctx ends before the returned stop is called.
// stop returns once the watcher is gone, so no interrupt lands after it,
// and reports whether it interrupted.
func (s *Solver) watch(ctx context.Context) (stop func() (interrupted bool)) {
	if ctx.Done() == nil {
		return func() bool { return false }
	}
	done, gone := make(chan struct{}), make(chan bool)
	go func() {
		select {
		case <-ctx.Done():
			s.c.Interrupt()
			gone <- true
		case <-done:
			gone <- false
		}
	}()
	return func() bool {
		close(done)
		return <-gone
	}
}

// clearCancel undoes an interrupt that may have landed after the check
// returned. Z3_interrupt sets the context's cancel flag, and only the end of
// a check clears it (reslimit::pop); a flag left set makes the next push,
// pop or assert fail with "canceled" (measured with 4.8.12). Checking an
// empty solver clears it in microseconds.
func (s *Solver) clearCancel() {
	if s.blank == nil {
		s.blank = C.Z3_mk_simple_solver(s.c.ctx)
		if s.blank == nil {
			return
		}
		C.Z3_solver_inc_ref(s.c.ctx, s.blank)
	}
	C.Z3_solver_check(s.c.ctx, s.blank)
}

func (s *Solver) dropModel() {
	if s.model != nil {
		C.Z3_model_dec_ref(s.c.ctx, s.model)
		s.model = nil
	}
}

// Eval returns the value of a in the latest Sat model (booleans as 0/1),
// completing the model: a variable the model leaves free gets a value.
func (s *Solver) Eval(a AST) (uint64, error) {
	if s.model == nil {
		return 0, errors.New("z3: no model")
	}
	if !a.Valid() || a.c != s.c {
		return 0, errInvalid
	}
	var out C.Z3_ast
	ok := C.Z3_model_eval(s.c.ctx, s.model, a.a, true, &out)
	if err := s.err("model eval"); err != nil || !bool(ok) || out == nil {
		return 0, errors.Join(fmt.Errorf("z3: cannot evaluate %s", a), err)
	}
	C.Z3_inc_ref(s.c.ctx, out)
	defer C.Z3_dec_ref(s.c.ctx, out)
	v, isConst := AST{c: s.c, a: out}.Uint64()
	if !isConst {
		return 0, fmt.Errorf("z3: %s evaluates to %s, not a constant", a, AST{c: s.c, a: out})
	}
	return v, nil
}

// CheckSMTLIB decides an SMT-LIB2 script (its declarations and
// assertions; commands such as check-sat are ignored), in a scope of its
// own: it replays a query printed by solver.SMTLIB or `-dump=queries`.
func (s *Solver) CheckSMTLIB(ctx context.Context, script string) (solver.Result, error) {
	if err := s.Push(); err != nil {
		return solver.Unknown, err
	}
	defer s.Pop()
	cs := C.CString(script)
	defer C.free(unsafe.Pointer(cs))
	C.Z3_solver_from_string(s.c.ctx, s.s, cs)
	if err := s.err("parse SMT-LIB"); err != nil {
		return solver.Unknown, err
	}
	return s.CheckAssertions(ctx)
}
