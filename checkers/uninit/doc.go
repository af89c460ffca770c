// Package uninit defines an Analyzer that reports reads of shared memory
// that no thread of the block has written.
//
// # Analyzer uninit
//
// uninit: reads of shared memory that no thread of the block has written
//
// uninit reports a load (or atomic) of a __shared__ element that no plain
// store of any thread of the block writes in an earlier barrier interval
// or in the load's own, as compute-sanitizer's initcheck would see at run
// time: a staging buffer filled only in part, a histogram that was never
// zeroed before atomicAdd, a scratch array read at a larger index than
// the block wrote. Writes in the load's own interval count as writes
// (whether they come first is the race checker's question).
//
// The check fixes the sizes and launch first (a model of the load's
// path), bounds the bytes each store may write over every thread,
// iteration and unknown value, and reports when the load falls outside
// all of them for every unknown value (symex's precision rule): a kernel
// whose block size nothing describes is not reported. The witness names
// the launch, the reading thread, the sizes, and each store's range.
//
// # Why it matters
//
// Shared memory is not zeroed between blocks: an uninitialised read
// returns what the previous block left, so results depend on scheduling
// and the bug hides in tests that launch one block.
//
// # Example
//
// Buggy: the per-expert histogram is never zeroed.
//
//	__shared__ int s_hist[64];
//	atomicAdd(&s_hist[expert], 1);   // reported
//
// Fixed: zero it, then barrier.
//
//	if (threadIdx.x < 64) s_hist[threadIdx.x] = 0;
//	__syncthreads();
//	atomicAdd(&s_hist[expert], 1);
//
// # Not checked
//
//   - Writes the analysis does not see: through pointers whose region was
//     lost, in device functions not inlined, by inline PTX (cp.async,
//     ldmatrix) or by calls such as __pipeline_memcpy_async; a kernel or
//     region with such writes is skipped. memcpy and memset are stores of
//     the bytes they write (a length the analysis does not know makes
//     their writes lost, and the kernel is skipped).
//   - Partial coverage inside a store's range (a store of even elements
//     only, a read of an odd one): ranges are taken whole.
//   - Local arrays and global memory.
package uninit
