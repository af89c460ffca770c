// Package cudair defines the base analyzer whose result is the lowered IR of
// one analysis unit (one function of the program), the way buildssa is the
// base of SSA-based Go analyzers.
//
// The driver (checkers/driver) supplies this analyzer's result itself: it
// loads and lowers the CUDA files before any checker runs, then hands each
// unit to the checkers through pass.ResultOf[cudair.Analyzer]. Running the
// analyzer's own Run function outside that driver is an error.
package cudair

import (
	"context"
	"errors"
	"go/token"
	"reflect"
	"sync"

	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// Unit is one analysis unit: a lowered function and the program it belongs
// to. Checkers read the IR only through a Unit.
type Unit struct {
	Prog *ir.Program
	Func *ir.Func
	// Launches are the launch sites of Func when it is a kernel (possibly
	// none: a kernel launched from outside the analysed files).
	Launches []*ir.Launch
	// Ctx is the run's context (the driver's Config.Context): a checker's
	// solver queries honour it, so a stopped run (a newer edit in the
	// language server, cudavet -timeout) stops its symbolic work. Nil
	// means never done.
	Ctx context.Context
	// Shared is what the units of one run compute once for all of them
	// (a file's annotations), or nil: each unit computes it itself.
	Shared *Shared
	// Index is the unit's place in program order among the units of its
	// run.
	Index int
	// First is the Index of the first instantiation, in program order,
	// of the kernel template u.Func instantiates: Index itself for that
	// one and for a function that is no kernel template's instance. The
	// driver runs a checker on a later instantiation only once the first
	// has run it (see Shared.ReportedByFirst).
	First int
	// Options are the run's settings by analyzer (driver.Config.Options);
	// read them with Option. Never modified.
	Options map[*analysis.Analyzer]any
}

// Option returns the run's settings for analyzer a, or nil.
func (u *Unit) Option(a *analysis.Analyzer) any {
	if u == nil {
		return nil
	}
	return u.Options[a]
}

// Shared memoises, for the units of one run, values that depend on the
// program only: Do runs f once per key, for whichever unit asks first,
// and gives every caller that result. Per unit, such a value over the
// whole file made a file of n kernels cost n² (20,000 kernels: minutes).
// It is safe for concurrent use; a nil *Shared runs f on every call.
type Shared struct {
	mu sync.Mutex
	m  map[any]*sharedEntry
	// reported holds the positions each first instantiation reported
	// at, by checker, with its function name (see ReportedByFirst).
	reported map[reportKey]string
}

type reportKey struct {
	unit    int
	checker string
	pos     token.Pos
}

// Reported records that u reported a finding of checker at pos. The
// driver calls it for the findings of a checker's pass it keeps. Only a
// first instantiation's (or a non-template unit's) reports are kept:
// ReportedByFirst asks for no other.
func (s *Shared) Reported(checker string, pos token.Pos, u *Unit) {
	if s == nil || u == nil || u.First != u.Index {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reported == nil {
		s.reported = map[reportKey]string{}
	}
	s.reported[reportKey{u.Index, checker, pos}] = u.Func.Name
}

// ReportedByFirst reports whether the first instantiation of u's kernel
// template (not u itself) has reported a finding of checker at pos. The
// driver shows, at one position, the findings of the first unit in
// program order that reported there (another instantiation words the
// same finding with its own witness), so u's finding there will not be
// shown and what it costs to word it (a witness's threshold and launch,
// see symex.Witness.Finish) can be spared. The driver runs a checker on
// u only once the first instantiation has run it, so the answer does not
// depend on scheduling.
func (s *Shared) ReportedByFirst(checker string, pos token.Pos, u *Unit) bool {
	if s == nil || u == nil || u.First == u.Index {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// The driver keeps a second function's findings at a position, not
	// a second report of the same function (an overload of one name).
	fn, ok := s.reported[reportKey{u.First, checker, pos}]
	return ok && fn != u.Func.Name
}

type sharedEntry struct {
	once sync.Once
	v    any
}

// Do returns f's result for key, computed once. Keys are compared with
// ==: use a key type of the caller's own package. If f panics, the
// panic goes to the unit that ran it, and later callers get nil.
func (s *Shared) Do(key any, f func() any) any {
	if s == nil {
		return f()
	}
	s.mu.Lock()
	if s.m == nil {
		s.m = map[any]*sharedEntry{}
	}
	e := s.m[key]
	if e == nil {
		e = &sharedEntry{}
		s.m[key] = e
	}
	s.mu.Unlock()
	e.once.Do(func() { e.v = f() })
	return e.v
}

// Context returns the unit's context, or context.Background().
func (u *Unit) Context() context.Context {
	if u == nil || u.Ctx == nil {
		return context.Background()
	}
	return u.Ctx
}

// Analyzer provides the *Unit of the function under analysis.
var Analyzer = &analysis.Analyzer{
	Name:       "cudair",
	Doc:        "cudair: provides the lowered CUDA IR of one function (supplied by the cudavet driver)",
	Run:        run,
	ResultType: reflect.TypeOf((*Unit)(nil)),
}

// ErrNoDriver is returned when Analyzer runs outside the cudavet driver.
var ErrNoDriver = errors.New("cudair: the IR is supplied by the cudavet driver; run checkers through checkers/driver")

func run(*analysis.Pass) (any, error) { return nil, ErrNoDriver }

// Of returns the unit of pass (which must require Analyzer).
func Of(pass *analysis.Pass) *Unit { return pass.ResultOf[Analyzer].(*Unit) }

// Counts is the result of a checker that counts what it could not decide
// (accesses of unknown length, queries that timed out ...); the driver
// sums counts per checker for -stats.
type Counts map[string]int

// Counters returns c (the driver's interface for summed counters).
func (c Counts) Counters() map[string]int { return c }
