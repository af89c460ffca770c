// Safe: thread 0 writes s_val, and every thread reads it after the barrier;
// a load from a shared scalar has the same value in all threads, so the
// branch around the second barrier is block-uniform.
#include <cuda_runtime.h>

__global__ void scale_if_nonzero_kernel(float* __restrict__ x, const float* __restrict__ amax,
                                        const int n) {
  __shared__ float s_val;
  if (threadIdx.x == 0) {
    s_val = amax[blockIdx.x];
  }
  __syncthreads();
  if (s_val > 0.f) {
    const float inv = 1.f / s_val;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
      x[blockIdx.x * n + i] *= inv;
    }
    __syncthreads();
  }
}
