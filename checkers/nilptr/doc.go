// Package nilptr defines an Analyzer that reports loads, stores and
// atomics through a pointer that can be nullptr on the path that reaches
// them.
//
// # Analyzer nilptr
//
// nilptr: loads, stores and atomics through a pointer that a launch can pass as nullptr
//
// In inference kernels the null comes from the launcher: an optional
// tensor (`std::optional<torch::Tensor>`, `c10::optional`, a tensor that
// may be undefined) becomes `opt ? opt->data_ptr<T>() : nullptr`, or a
// pointer is left nullptr when a feature is off (no bias, no residual, no
// per-token scales, no conv state). nilptr follows the optional through
// the launcher (has_value, operator bool, value, operator*, operator->,
// value_or, defined, std::nullopt, torch::Tensor()) into the launch, where
// each pointer argument carries the condition under which it is null, and
// reports an access through it on a path that the same launch allows:
// the kernel's `if (ptr != nullptr)`, a flag such as `has_bias` passed
// beside the pointer and the launcher's own branches are path conditions.
//
// Without a launcher that says, a kernel that compares a pointer
// parameter with nullptr is taken at its word: the pointer may be null,
// and an access on a path that does not check it is reported (the guard
// is on one path and missing on another). A device helper that returns
// nullptr on some path is followed into its caller.
//
// The message names the access, the parameter, the launch, and the
// condition that makes the pointer null; the witness gives the launch,
// the thread and the values of the flags on the path.
//
// # Why it matters
//
// A null dereference in a kernel is an illegal address that kills the
// CUDA context: every later call of the process fails, and the
// configuration that triggers it (a model without bias, a request
// without a residual) is often not in the tests.
//
// # Example
//
// Buggy: the epilogue adds the bias on every path, but the launcher
// passes nullptr when the optional bias is absent.
//
//	const float* b = bias ? bias->data_ptr<float>() : nullptr;
//	epilogue<<<grid, block>>>(out, b, n);
//	...
//	out[i] = acc + b[col];            // reported
//
// Fixed: check it, or pass a flag and test the flag.
//
//	out[i] = acc + (b != nullptr ? b[col] : 0.f);
//
// # Not checked
//
//   - Pointers inside parameter structs (params.bias_ptr) and pointers
//     loaded from memory: what they hold is not known.
//   - An access whose path depends on values the analysis does not
//     compute (counted, as for the other memory checkers).
//   - A kernel parameter that neither a launch nor the kernel itself says
//     may be null.
package nilptr
