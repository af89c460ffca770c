// Package race defines an Analyzer that reports data races on shared
// memory within a block and on global memory between threads.
//
// # Analyzer race
//
// race: data races on shared and global memory between two threads of a launch
//
// race follows the two-thread abstraction of GPUVerify and GKLEE's
// parametric mode: the kernel's symbolic trace is read twice, once for
// thread 1 and once, with every per-thread quantity renamed, for a
// distinct thread 2 of the same launch. Two accesses race when they
// touch a common byte, at least one writes, they are not both atomics,
// and nothing orders them:
//
//   - in one block, they run in the same barrier interval: the number of
//     __syncthreads the two threads have passed is equal. Inside a loop
//     with barriers that number is epoch₀ + k·(barriers per iteration)
//     for the symbolic iteration k, so a race across iterations is found
//     (a tree reduction without the barrier between levels);
//   - in global memory, threads of different blocks are ordered only by
//     a grid barrier (cooperative groups' this_grid().sync(), grid.sync()):
//     two accesses race across blocks when the two threads have passed
//     the same number of them.
//
// A cub block reduction or scan (cub::BlockReduce's Sum and Reduce,
// cub::BlockScan's sums and scans, in a block of one dimension) is its
// traffic on the temp storage around its barrier: one lane of every warp
// stores the warp's aggregate to slot warp, and after the barrier thread 0
// (a reduction) or every thread (a scan) reads the slots. A second use of
// the temp storage before a __syncthreads() — the next chunk of a loop, a
// second collective right after the first — overwrites slots other
// threads may still be reading: CUB requires a barrier before its temp
// storage is reused, and the finding names the collective's
// warp_aggregates (cub::BlockReduce.warp_aggregates).
//
// Conflicts between two lanes of one warp with no barrier between them
// are the warpsync checker's (code that relies on lockstep); race reports
// only pairs that can be in different warps.
//
// The finding is at the later access, names the other one (related
// information) and gives a witness: the launch, both threads' indices,
// the sizes and the byte both touch.
//
// # What makes a report trustworthy
//
// A race is reported when, for the sizes and launch of the witness, it
// happens whatever the values cudavet does not know (symex's precision
// rule, applied to both threads at once): a block size that nothing
// describes (no launch annotation, no __launch_bounds__, no launcher) is
// unknown, so a kernel without one gets no report. Values loaded from
// shared memory, from buffers the kernel writes, and results of calls are
// unknown too. Values loaded from input buffers (global buffers the
// kernel never writes) may be chosen by the witness, since any input is
// legal, but only for an accumulation: a write to an element its thread
// also reads (hist[bin] += 1) or an atomic. A pure scatter (out[idx[i]]
// = v) is trusted to have distinct indices, as its callers promise.
// Stores of one value by every thread are benign: two threads storing
// the same value (a constant, a kernel parameter, a pointer parameter:
// `__shared__ T* p; p = A;`) do not race, and a load of such a location
// does not race with them when its thread stored that value itself
// earlier in the same barrier interval and every store of the variable
// writes that value (the load reads it whichever store came last). A
// value that depends on blockIdx but on nothing per thread (a block's
// count computed from its index, even through float arithmetic the
// engine does not evaluate) is one value for the threads of a block:
// only two blocks storing it to one location can race.
//
// # Why it matters
//
// A missing barrier in a reduction, softmax or top-k kernel gives wrong
// results silently, and only on some block sizes, GPUs or runs.
//
// # Example
//
// Buggy: the levels of the tree are not separated by a barrier.
//
//	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
//	  if (tid < s) sdata[tid] += sdata[tid + s];   // reported
//	}
//
// Fixed: __syncthreads() at the end of every level.
//
//	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
//	  if (tid < s) sdata[tid] += sdata[tid + s];
//	  __syncthreads();
//	}
//
// # Not checked
//
//   - Loops whose barriers per iteration are not constant (a barrier under
//     a condition, a nested loop with barriers), and do-while loops with
//     barriers: their intervals are not known, nothing is reported there.
//   - Pointers whose region was lost, accesses in device functions not
//     inlined, lambdas, inline PTX, cp.async and other asynchronous copies.
//   - The internal traffic of cub collectives other than BlockReduce and
//     BlockScan (loads, stores, sorts, radix ranks), and of one whose temp
//     storage reaches it through a reference parameter of a helper.
//   - Global-memory ordering by fences and flags.
//   - Benign races beyond the same-value stores above (several threads
//     storing equal values computed from their own indices or loads) are
//     reported like any race.
package race
