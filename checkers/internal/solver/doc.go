// Package solver is cudavet's interface to SMT solving: a Query
// (constraints ∧ goal over sym terms), the Solver interface that decides
// it, and KLEE's chain of small decorators in front of a base solver (the
// z3 package). Standard library and sym only; no cgo.
//
// The symbolic executor asks Check(ctx, Query{Constraints: pc, Goal: g})
// with pc its feasible path condition and g a branch condition or a
// violated property; Sat comes with a Model. NewChain assembles, from the
// caller down, Ranges (interval refutation) → Propagate (substitute the
// query's equalities) → Independence (drop unused definitions, slice to the goal's
// variables) → Cache (earlier answers, Unsat subsets, recent models) →
// Timeout (per-query deadline) → Split (cases on few-valued factors) →
// Probe (a model by local search and evaluation) →
// Shared (the process's exact answers) → Log (SMT-LIB dump) → base, and
// counts its work in Stats.
// Minimize turns a Sat answer into a threshold ("overflows when
// num_tokens >= 74899") by bisection.
//
// Answers are exact; models are not canonical: any satisfying assignment,
// which depends on history (the chain's cache, the queries its Z3 context
// saw before). Answers shared between chains (Shared) come from a base
// that decides each query in a context of its own, so they are the same
// whichever chain asks first.
// A checker that prints a value should print a minimized one, which is the
// same whatever the history or -j.
//
// Files:
//
//	solver.go        Result, Model, Query, Solver, Reasoner, Satisfies
//	chain.go         Options, Chain, NewChain: the decorators in one place
//	ranges.go        Refuter: Unsat by the range and linear steps (sym.Refute, sym.RefuteLinear), memoized;
//	                 a query's constraints' fixpoint derived once for the queries sharing them (sym.Facts)
//	propagate.go     Propagate: substitute variable equalities, fold
//	independence.go  Independence and Slice: constraints connected to the goal
//	definitions.go   dropDefinitions: definitions of otherwise unused variables
//	cache.go         Cache: exact answers, Unsat subsets, counterexample models
//	shared.go        Shared: a process-wide answer table over a per-query base
//	split.go         Split: answer by cases on few-valued factors of products
//	probe.go         Probe: a model found by local search over the query's own values, checked by evaluation
//	corners.go       Corners: a model with a user size at its bound when undecided
//	timeout.go       Timeout: a deadline per query
//	log.go           Log: each solver query as SMT-LIB2, with answer and time
//	stats.go         Stats, and the meter that counts base-solver calls
//	minimize.go      Minimize: least value of a term over the models of a query
//	smtlib.go        SMTLIB: a query as an SMT-LIB2 (QF_BV) script
//	eval.go          memoized sym.Eval for checking models on shared terms
//	work.go          work units per query (context), Allowance: a kernel's shared total
//
// Tests decide small queries by enumeration (Brute, brute_test.go) to
// check the decorators and, in z3_test.go, the z3 package.
package solver
