// Warp-level exchange through shared memory where only the low half-warp
// synchronises: __syncwarp() with the full mask needs all 32 lanes.
#include <cuda_runtime.h>

__global__ void pair_swap_kernel(float* __restrict__ out, const float* __restrict__ in) {
  __shared__ float s_stage[8][32];
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  const float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  s_stage[warp][lane] = v;
  if (lane < 16) {
    __syncwarp();  // want `__syncwarp\(\) is reached only by threads with lane < 16 \(condition at line 11 depends on threadIdx.x via lane\)`
    s_stage[warp][lane] += s_stage[warp][lane + 16];
  }
  __syncwarp();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s_stage[warp][lane];
}
