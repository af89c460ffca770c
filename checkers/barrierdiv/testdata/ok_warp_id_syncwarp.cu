// Safe: warp_id is the same for all 32 lanes of a warp, so the first warp
// enters the branch as a whole and its __syncwarp() is reached by every lane.
#include <cuda_runtime.h>

__global__ void first_warp_finalize_kernel(float* __restrict__ out, const float* __restrict__ partial) {
  __shared__ float s_part[32];
  const int warp_id = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (warp_id == 0) {
    s_part[lane] = partial[blockIdx.x * 32 + lane];
    __syncwarp();
    for (int offset = 16; offset > 0; offset >>= 1) {
      if (lane < offset) {
        s_part[lane] += s_part[lane + offset];
      }
      __syncwarp();
    }
    if (lane == 0) {
      out[blockIdx.x] = s_part[0];
    }
  }
}
