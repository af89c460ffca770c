// Package sym defines symbolic bit-vector and boolean terms, the language of
// the symbolic executor's path constraints and queries: constants,
// variables, C's integer operations at an exact width (1 to 64 bits),
// comparisons, boolean connectives and overflow predicates. Constructors
// fold constants and apply a few identities (x+0, x*1, x*0, ite on a
// constant); they never change a term's meaning. Eval gives a term's value
// under a concrete assignment, as the solver would.
//
// Standard library only. Files:
//
//	term.go      Term, its operators and accessors
//	build.go     constructors with constant folding and simplification
//	eval.go      concrete evaluation
//	print.go     Key (a structural hash, the cache key) and String (SMT-LIB-like)
//	subst.go     Subst: replacing variables by terms
//	magnitude.go ranges of terms: overflow predicates the ranges rule out
//	ranges.go    Refute: interval reasoning to a fixpoint, split disjunctions
//	facts.go     Facts: the fixpoint of shared constraints, derived once, narrowed again only where a goal reaches
//	narrow.go    narrowing bounds by the conjuncts that compare terms
//	enum.go      enumerating few-valued conjuncts inside a refutation
//	intform.go   IntForm: a query over mathematical integers (QF_LIA)
//	radix.go     twin lemmas: equal digits of two threads' mixed-radix addresses
//	linear.go    RefuteLinear, DecideQuery: linear integer reasoning with the Omega test's tightening
//	guess.go     Guess: a model read off the conjuncts without search
package sym
