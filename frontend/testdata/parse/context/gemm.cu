// Includes the types; dequant_impl.cuh, which relies on them without
// including them, is compiled only through a generated instantiation file.
#include <torch/all.h>
#include "quant_types.cuh"

namespace cvq {
__global__ void zero_kernel(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 0.f;
}
}  // namespace cvq
