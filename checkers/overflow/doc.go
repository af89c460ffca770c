// Package overflow defines an Analyzer that reports integer arithmetic
// that wraps around before it is used as a memory index, a pointer
// offset, a loop bound or an allocation size.
//
// # Analyzer overflow
//
// overflow: integer arithmetic that wraps before it indexes memory
//
// Inference kernels compute offsets such as token_idx * hidden_size in
// 32-bit int. The product fits for the sizes tests use and wraps once a
// prompt is long enough: `blockIdx.x * hidden_size` with hidden_size =
// 7168 wraps at 299,594 tokens, and the kernel then reads or writes far
// outside its tensor, or silently corrupts another one. overflow finds,
// for every +, -, *, << and narrowing conversion whose result reaches an
// index, a pointer offset, a loop condition or a shared-memory size, the
// smallest size at which it wraps, given what is known of the kernel's
// inputs (annotations today; launchers and model profiles later).
//
// A finding needs a witness: sizes within their ranges, a thread and block
// of the launch, under which the operation wraps whatever the values the
// analysis does not know (data loaded from memory, parameters nothing
// describes). The message names the expression, its type and the sizes:
//
//	token_idx * d (int) overflows when num_tokens >= 74899 with d = 28672
//
// Buggy:
//
//	// cudavet:shape out[M, N]; user M; fixed N = 28672; launch grid=M block=256
//	__global__ void epilogue(float* out, const float* acc, int M, int N) {
//	  int row = blockIdx.x;
//	  for (int col = threadIdx.x; col < N; col += blockDim.x)
//	    out[row * N + col] = acc[col];
//	}
//
// Fixed, by widening the one operand that makes the product 64-bit (the
// suggested fix; wider changes cost registers):
//
//	out[(int64_t)row * N + col] = acc[col];
//
// A narrowing conversion into a local (int n = numel / k; the int i of a
// grid-stride loop, i += blockDim.x * gridDim.x) is fixed by declaring
// the variable int64_t (uint64_t if it was unsigned), where its type is
// written as one plain 32-bit integer type.
//
// Sizes a user controls (tokens, batch, sequence length) range up to
// their production limits (cudavet help limits). With -latent, overflow
// also reports, as latent (category "latent", severity info), the
// operations safe within the limits that wrap with user sizes up to 16
// times them:
//
//	latent: token * 256 (int) overflows when num_tokens >= 8388609 (used as memory index); nothing within the production limits triggers it (num_tokens at most 1048576: cudavet help limits)
//
// Not checked: arithmetic whose result only feeds other arithmetic that
// is never used as an index or bound; floating point; operations on
// values the analysis does not know (loads, unannotated parameters) unless
// the wrap happens for all of them; kernels without any size information
// (nothing to check: counted as unchecked in -stats).
package overflow
