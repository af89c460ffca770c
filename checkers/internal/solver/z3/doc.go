// Package z3 is cudavet's thin cgo binding to libz3 (4.8.12), binding only
// what the solver needs, in the spirit of github.com/aclements/go-z3: a
// Context of reference-counted ASTs, bit-vector and boolean constructors,
// and a Solver that implements solver.Solver by translating sym terms.
// It is the only package that uses cgo for Z3, and no C type appears in
// its API.
//
// Measured facts it relies on (see shared/notes/libclang-z3-facts.md):
//   - a long-lived context with push/pop answers a small query in about
//     0.6-1 ms, a fresh context in 9-15 ms; Z3's non-incremental tactic
//     path (Z3_solver_reset per query) took 18-93 ms on queries that push/pop
//     answered in 0.5-20 ms;
//   - the error handler is NULL and error codes are checked after calls,
//     so a misuse is a Go error, never an abort;
//   - ctrl_c=false, or Z3 takes SIGINT from Go during checks;
//   - Z3_interrupt from another goroutine stops a check within
//     milliseconds, but an interrupt landing between checks sticks and
//     fails the next push ("canceled"): the Solver undoes it;
//   - Z3's signed-multiplication overflow predicates are simplified wrongly
//     on constants; translate.go encodes that case itself (tests prove the
//     encoding and Z3's other predicates against sym.Eval);
//   - contexts in parallel goroutines work (one per goroutine, no
//     LockOSThread).
//
// Files:
//
//	context.go    Context: the rc context, its AST arena, errors, Interrupt
//	ast.go        AST and its constructors (bit-vector, boolean, overflow)
//	translate.go  Context.Term: sym.Term → AST, memoized by Key
//	solver.go     Solver: New, push/pop/assert, CheckAssertions, Eval, CheckSMTLIB
//	query.go      Solver.Check, the solver.Solver implementation
//	perquery.go   PerQuery: each query in a context of its own (answers independent of order)
//	intform.go    the integer (QF_LIA) form of a query, its model checked on the bit-vectors
//	fresh.go      a new QF_BV solver per query, where the incremental core cannot preprocess
package z3
