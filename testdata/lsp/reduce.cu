// Block sum for the lsp tests: the barrier that publishes the per-warp
// partial sums is reached only by the first warp. The fix is one line:
// every thread of the block must reach __syncthreads().
#include <cuda_runtime.h>

__global__ void block_sum_kernel(float* __restrict__ out,
                                 const float* __restrict__ in, const int n) {
  __shared__ float s_warp[32];
  const int tid = threadIdx.x;
  float v = 0.f;
  for (int i = tid; i < n; i += blockDim.x) {
    v += in[(int64_t)blockIdx.x * n + i];
  }
  for (int k = 16; k > 0; k >>= 1) {
    v += __shfl_xor_sync(0xffffffff, v, k);
  }
  if (tid % 32 == 0) s_warp[tid / 32] = v;
  /* Σ of the warps */ if (tid < 32) __syncthreads();
  if (tid == 0) {
    float s = 0.f;
    for (int w = 0; w < blockDim.x / 32; ++w) s += s_warp[w];
    out[blockIdx.x] = s;
  }
}
