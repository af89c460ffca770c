// Package barrierdiv defines an Analyzer that reports barriers reached
// under thread-dependent control flow.
//
// Files:
//
//	barrierdiv.go  Analyzer and run: which barrier paths are reported, and where
//	message.go     the diagnostic: subject, predicate, related positions
//	text.go        quoting conditions from the source, or printing them from the IR
//
// # Analyzer barrierdiv
//
// barrierdiv: report barriers reached under thread-dependent control flow
//
// A block barrier (__syncthreads, __syncthreads_or/and/count,
// this_thread_block().sync(), cg::sync(block), grid.sync()) must be reached
// by every thread of the block, and a warp barrier (__syncwarp() with the
// full mask, tile.sync()) by every lane of the warp. barrierdiv reports a
// barrier that only some threads reach, because it is
//
//   - inside an if, switch, &&, || or ?: whose condition depends on the
//     thread index;
//   - inside a loop whose trip count does (its condition or induction
//     variable depends on the thread index, as in the block-stride loop
//     for (i = threadIdx.x; i < n; i += blockDim.x) when n is not a multiple
//     of blockDim.x);
//   - after a return from a device function taken by some threads only
//     (they go on in the caller and miss the barrier), or in a loop that
//     some threads leave by break or cut short by continue (a barrier
//     before the break is affected too, from the next iteration on).
//
// A kernel's own early exit (if (i >= n) return; ... __syncthreads()) is
// not reported: since Volta a barrier waits only for the threads that have
// not exited (CUDA Programming Guide, "Independent Thread Scheduling":
// __syncthreads and bar.sync "will not succeed until reached by all
// non-exited threads in the block").
//
// Skipping and then exiting is exiting too: a barrier under ifs of the
// kernel (if (threadIdx.y == 0) { sem.wait(); ... sem.release(); }, or a
// tail guard if (idx < size) { ...; __syncwarp(); ... }) is not reported
// when the threads that skip it run to the end of the kernel through no
// other barrier, warp collective, shared-memory access or inline asm, and
// no loop encloses the if. They are alive when the others arrive, but the
// barrier is released when they exit: on an H200 such kernels run to the
// end and synccheck reports nothing. Threads that skip and then meet
// another barrier are reported: they take that barrier for this one.
//
// Thread dependence comes from the divergence analyzer: threadIdx.x, lane
// ids, atomics' results, loads at thread-dependent addresses, and anything
// computed or assigned under them. For block barriers a warp-uniform
// condition (threadIdx.x / 32, a __ballot_sync result, threadIdx.y) is
// enough to report; for warp barriers only a condition that varies within
// a warp is. Example messages:
//
//	__syncthreads() is reached only by threads with tid < 16 (condition at line 12 depends on threadIdx.x via tid)
//	__syncthreads() is inside a loop whose trip count depends on threadIdx.x (i starts at threadIdx.x, line 20)
//	__syncthreads() comes after an early return taken only by threads with tid >= n (condition at line 9 depends on threadIdx.x via tid)   (in a device function)
//
// Barriers in device functions. When the thread-dependent control is in
// the caller (block_reduce() called under if (lane < 16)), the report is
// at the call: that is where the fix goes (hoist the call out of the
// condition), and the helper itself may be called correctly elsewhere.
// The barrier's position is in the report's related information. When
// the control is inside the device function and depends only on its own
// code, the device function's own analysis reports it at the barrier, once
// for all callers. When it depends on the arguments (a helper that
// branches on a lane parameter), the report is at the call that passes
// thread-dependent arguments. Every device function is also analysed on
// its own with block-uniform parameters, kernels with theirs; each
// barrier, or call leading to barriers, is reported once.
//
// # Why it matters
//
// The CUDA programming guide allows __syncthreads() in conditional code
// only when the condition evaluates identically across the whole block.
// Otherwise the block hangs (threads wait for partners that never
// arrive), or, on GPUs that count arrivals per barrier, threads waiting at
// different barriers release each other: shared memory is then read before
// it is written and reductions return garbage, intermittently and
// depending on the block size. The same holds for __syncwarp() within a
// warp.
//
// # Example
//
// Buggy: threads past the end of the row leave before the barrier.
//
//	__global__ void scale_rows(float* out, const float* in, int n) {
//	  __shared__ float s_max;
//	  int tid = threadIdx.x;
//	  if (tid >= n) return;               // some threads leave
//	  if (tid == 0) s_max = in[blockIdx.x * n];
//	  __syncthreads();                    // reported
//	  out[blockIdx.x * n + tid] = in[blockIdx.x * n + tid] / s_max;
//	}
//
// Fixed: every thread reaches the barrier; the bound guards the accesses.
//
//	int tid = threadIdx.x;
//	if (tid == 0) s_max = in[blockIdx.x * n];
//	__syncthreads();
//	if (tid < n) out[blockIdx.x * n + tid] = in[blockIdx.x * n + tid] / s_max;
//
// # Not checked
//
//   - __syncwarp(mask) with a mask other than the constant 0xffffffff
//     (the warpsync check owns masks), named barriers and inline PTX.
//   - grid.sync() under blockIdx-dependent conditions: blockIdx is uniform
//     within a block, and only block-level dependence is tracked.
//   - Values that are uniform for reasons the analysis does not see: a
//     butterfly __shfl_xor_sync reduction leaves the same sum in every
//     lane, but is taken as divergent; a tile barrier under a condition
//     that is uniform within a tile smaller than a warp is reported.
//   - Values in shared or global memory are judged by their address: a
//     flag written by one thread and read after a barrier is uniform, and
//     so is a per-thread value stored to memory and read back at a
//     uniform address (missed).
//   - Values the front end could not lower (ir.Unknown) are taken as
//     uniform, so a condition on them is never reported.
//   - Barriers inside lambdas (device lambdas called in a kernel) are not
//     analysed: closures are taken as host code.
//   - Deliberate role splits: when the threads on the other side of a
//     divergent branch also execute __syncthreads (filler or producer
//     threads that run matching barriers, then return), the barriers are
//     taken as matched; their counts are not compared.
package barrierdiv
