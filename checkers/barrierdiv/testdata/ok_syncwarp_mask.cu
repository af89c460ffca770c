// Safe for this check: the __syncwarp under the lane condition names the
// participating lanes in its mask, which the warpsync check verifies;
// barrierdiv only reports full-mask warp barriers.
#include <cuda_runtime.h>

__global__ void low_half_exchange_kernel(float* __restrict__ data) {
  __shared__ float s_x[32];
  const int lane = threadIdx.x & 31;
  if (lane < 16) {
    s_x[lane] = data[blockIdx.x * 32 + lane];
    __syncwarp(0x0000ffffu);
    data[blockIdx.x * 32 + lane] = s_x[15 - lane];
  }
}
