// Safe: the loop repeats while any thread still has work; __syncthreads_or
// returns the same value in every thread, so all threads leave together.
#include <cuda_runtime.h>

__global__ void drain_queue_kernel(int* __restrict__ queue_len, float* __restrict__ data) {
  __shared__ float s_buf[256];
  int remaining = queue_len[blockIdx.x * blockDim.x + threadIdx.x];
  while (__syncthreads_or(remaining > 0)) {
    s_buf[threadIdx.x] = remaining > 0 ? data[blockIdx.x * blockDim.x + threadIdx.x] : 0.f;
    __syncthreads();
    if (remaining > 0) {
      data[blockIdx.x * blockDim.x + threadIdx.x] = s_buf[(threadIdx.x + 1) % 256];
      remaining--;
    }
  }
}
