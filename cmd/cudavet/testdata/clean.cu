// End-to-end CLI testdata: no barrier, so the fake checker is silent.
#include <cuda_runtime.h>

__global__ void scale_kernel(float* out, const float* in, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * s;
}
