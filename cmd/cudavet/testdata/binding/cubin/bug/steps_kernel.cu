// A kernel compiled to a cubin that a TVM-FFI launcher (steps.cc) loads
// and launches by its symbol: it stages one weight per step in shared
// memory, a table of 8.
#include <cuda_runtime.h>

extern "C" {

__global__ void cubin_steps_kernel(const float* __restrict__ w, float* __restrict__ out, int steps) {
  __shared__ float s_w[8];
  int tid = threadIdx.x;
  if (tid < steps) {
    s_w[tid] = w[tid];
  }
  __syncthreads();
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    acc += s_w[s];
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

}  // extern "C"
