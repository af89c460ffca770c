// Package lower turns a libclang translation unit into cudavet's IR
// (frontend/ir): kernels, device functions and host launchers defined in
// the analysed files, each template once per instantiation the unit uses
// (read from libclang's instantiated bodies, so types are concrete and
// implicit conversions present) or, when none is used, once with symbolic
// parameters. Device members of class templates are templates too: the
// CUTLASS-style code a library's kernels call (epilogue visitors) is
// lowered even though no analysed function calls it.
//
// Lowering never drops a construct silently: what it does not understand
// becomes ir.Unknown or ir.UnknownStmt with a reason, counted per
// function. Operators come from the binding's token-based lookup (libclang
// 15 has no operator kinds), cached across instantiations.
//
// Files:
//
//	lower.go   TU: finding functions, instantiations, the work queue
//	types.go   clang types to IR types (16-bit floats, vectors, dim3, tensors)
//	func.go    one function: parameters, variables, Unknown accounting
//	stmt.go    statements: blocks, declarations, if, loops, switch, return
//	expr.go    values: literals, variables, builtins, members, casts, ?:, lambdas
//	ops.go     operators with C's conversions, increments, address-of
//	assign.go  lvalues, assignments, compound assignments, assert
//	call.go    calls: device functions, intrinsics, barriers, atomics, warp collectives
//	cub.go     cub::BlockReduce's shared-memory traffic around its barrier
//	launch.go  kernel launches <<<grid, block, smem, stream>>>
package lower
