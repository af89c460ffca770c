// End-to-end CLI testdata: does not parse (missing semicolon).
#include <cuda_runtime.h>

__global__ void broken_kernel(float* out) {
  out[threadIdx.x] = 0.f
}
