// Package warpsync defines an Analyzer that reports warp collectives
// whose mask does not cover the lanes that reach them, and warp-
// synchronous shared-memory code that relies on lockstep execution.
//
// # Analyzer warpsync
//
// warpsync: warp collectives with a mask the arriving lanes do not match, and warp code relying on lockstep
//
// Two kinds of findings:
//
//   - A __shfl_*_sync, __ballot_sync, __any_sync, __all_sync,
//     __match_any_sync, __reduce_*_sync or __syncwarp(mask) whose mask
//     names a lane that does not reach the call in the same iteration
//     while another lane does, as with the full mask under a
//     lane-dependent branch:
//
//     if (lane < 16) v += __shfl_xor_sync(0xffffffff, v, 8);   // lanes 16..31 never arrive
//
//     Lanes that have exited the kernel (an early return) may be named in
//     the mask: CUDA requires only the non-exited lanes to arrive. So may,
//     for a __syncwarp(mask), lanes that skip it and then run to the end
//     of the kernel with no barrier, collective or shared-memory access
//     left (barrierdiv's skip-then-exit rule): they exit instead of
//     arriving. A shuffle, vote or match is not exempt: it reads values
//     the skipping lanes never give.
//
//   - Two lanes of one warp touching one shared-memory element, one of
//     them writing, with no __syncwarp() or barrier between: the classic
//     last-warp reduction (if (tid < 32) { s[tid] += s[tid + 32];
//     s[tid] += s[tid + 16]; ... }) with or without volatile. Since Volta
//     the lanes of a warp are not guaranteed to run in lockstep, so lane 0
//     may read s[16] before or after lane 16 has updated it. Conflicts
//     that can also happen between warps are the race checker's.
//
// Both are decided on the two-thread view of the kernel's trace (see the
// race checker): the witness names the launch, the two lanes' threads and
// the sizes, and the finding must hold whatever the values cudavet does
// not know (a mask or branch that depends on loaded data is not
// reported; neither is a kernel whose block size nothing describes).
//
// # Why it matters
//
// A collective whose mask names a lane that never arrives is undefined
// behaviour: on Volta and later it can hang or return garbage. Warp-
// synchronous code without __syncwarp silently reads stale values on
// newer GPUs and compilers.
//
// # Example
//
// Buggy: the full mask under a lane-dependent branch.
//
//	if (lane < 16) {
//	  for (int off = 8; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffff, v, off);
//	}
//
// Fixed: name only the lanes that arrive, __shfl_xor_sync(0x0000ffff, v, off),
// or call the shuffle with every lane.
//
// Buggy: s[tid] += s[tid + 16]; s[tid] += s[tid + 8]; ... in the last warp.
// Fixed: read, __syncwarp(), write, __syncwarp() at each step:
//
//	v += s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp();
//
// # Not checked
//
//   - Masks computed from data or __activemask(); legacy collectives
//     without _sync and cooperative-groups tiles (they use the whole tile).
//   - __syncwarp(mask) with a partial mask is taken as ordering the warp's
//     accesses; lanes outside its mask are not tracked.
//   - Loops whose barriers per iteration are not constant, pointers whose
//     region was lost, device functions not inlined, inline PTX.
//   - Warp-level conflicts in global memory.
package warpsync
