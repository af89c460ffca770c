// Package concrete interprets the IR of a kernel for one thread with
// concrete values, the way the hardware would run it: exact C integer
// semantics (every width and signedness, wrap-around on + - * <<,
// truncation and extension on conversions), loops run for real, device
// functions inlined with reference parameters honoured, && || and ?:
// short-circuited. It records every memory access as (region, byte
// offset, size) and every integer operation whose mathematical result
// does not fit its type.
//
// It is the referee of the symbolic executor (checkers/internal/symex): a
// finding's witness, turned into an Input, must make Run reach the same
// bad access or overflow (checkers/internal/witnesscheck). It therefore
// models what the symbolic executor models and no more:
//
//   - Memory holds addresses, not contents. A pointer is a region (a
//     pointer parameter's buffer, a __shared__, __constant__, __device__
//     or local array, a memory-resident scalar) and a byte offset; a load
//     returns Input.Load's value for its position, 0 by default.
//   - Floating-point values, vectors and records are opaque. A value the
//     interpreter cannot compute (a float comparison, a warp shuffle, a
//     call without a body, a float converted to an integer) is
//     Input.Opaque's value for its position, 0 by default.
//   - An access to a struct element's field is the whole element's
//     access, as in the symbolic executor; accesses through a pointer of
//     unknown region or to elements of unknown size are not recorded.
//   - Kernel pointer parameters are not null.
//
// Unknown IR (ir.Unknown, ir.UnknownStmt) cannot be replayed: Run stops
// with ErrUnknownIR.
//
// Files:
//
//	concrete.go  Input, Result, Access, Overflow, Error and Run
//	stmt.go      statements and control flow
//	expr.go      expressions, memory and pointers
//	call.go      device-function calls, closures and integer intrinsics
//	arith.go     integer arithmetic with overflow detection
package concrete
