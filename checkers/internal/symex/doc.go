// Package symex is cudavet's symbolic executor: it runs one kernel of the
// IR for all threads at once and records, with the path condition of
// each, every memory access and every use of arithmetic that can wrap.
// Checkers then ask the solver about that trace (Trace.Check).
//
// The model, in the terms of KLEE, which it follows:
//
//   - Values (value.go) are bit-vector terms of the IR type's width
//     (checkers/internal/sym), pointers (region, 64-bit byte offset), or
//     opaque (floats, records). Each integer value carries the operations
//     that may have wrapped on its way (Op), so that a use as an index or
//     loop bound (a Sink) points back at them.
//   - Memory identity is a Region per kernel pointer parameter (symbolic
//     length from the Spec), per __shared__, local or __constant__ array
//     (declared length; extern __shared__ sized by the launch's dynamic
//     shared memory) and per memory-resident scalar. Contents are not
//     tracked: a load is a fresh value. A pointer carries the condition
//     under which it is nullptr (null.go), which each access records.
//   - One state per program point: branches run both sides and merge at
//     their join (values become ite over the branch conditions), so there
//     is no path explosion; events keep their own path conditions. The
//     states, their merging and the statements that only move control
//     are the core shared with the launcher analysis (package interp).
//   - Loops run one symbolic iteration k standing for every iteration
//     (loop.go): induction variables take exact values v0 + k·step, other
//     loop-carried values are havocked. Device functions are inlined.
//   - Thread and block indices, dimensions, sizes and iterations are
//     variables with a Class (trace.go). A finding must hold for every
//     value of the Unknown ones and may choose the anchored ones
//     (query.go): that is cudavet's precision rule.
//   - Every access carries its barrier epochs (how many block and warp
//     barriers its thread has passed, epoch.go), so that a two-thread view
//     of the trace (pair.go: thread 2's per-thread variables renamed, as in
//     GPUVerify) can ask whether two accesses share a barrier interval.
//
// Files:
//
//	value.go   Value, Pointer, Region, Op, Access, Sink
//	trace.go   Trace, Class, VarInfo, anchoring
//	spec.go    Spec: what is known of the inputs (lengths, launch, assumptions)
//	exec.go    Exec, the executor, geometry and parameters
//	stmt.go    statements, path merging, switch
//	loop.go    loop summaries and induction variables
//	expr.go    expressions and conversions
//	access.go  loads, stores, pointer arithmetic, calls, intrinsics
//	closure.go device lambdas: closure values and their calls
//	stored.go  the values a load of static __shared__ memory can read
//	null.go    null conditions of pointers: nullptr, merges, comparisons
//	query.go   Check (the precision rule), witnesses and their minimisation
//	values.go  value probes: violations settled at candidate values without the solver
//	every.go   violations at every value of one unknown input, each with its own choice
//	complete.go  a violation's model extended to a launch a reproducer can run
//	epoch.go   barrier epochs (intervals), barrier and warp-collective events
//	pair.go    the two-thread view of a trace (race, warpsync, uninit)
package symex
