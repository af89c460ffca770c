// Warp and block reductions shared by the norm kernels.
#pragma once

namespace cvk {

template <typename T, int NUM_LANES = 32>
__device__ __forceinline__ T warp_reduce_sum(T val) {
#pragma unroll
  for (int mask = NUM_LANES / 2; mask > 0; mask >>= 1) {
    val += __shfl_xor_sync(0xffffffff, val, mask, NUM_LANES);
  }
  return val;
}

// Sums val over the block; every thread gets the total. blockDim.x must be
// a multiple of 32 and at most 1024.
template <typename T>
__device__ __forceinline__ T block_reduce_sum(T val) {
  __shared__ T shared[32];
  const int lane = threadIdx.x % 32;
  const int wid = threadIdx.x / 32;
  val = warp_reduce_sum<T>(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / 32) ? shared[lane] : (T)0.0f;
  val = warp_reduce_sum<T>(val);
  return val;
}

}  // namespace cvk
