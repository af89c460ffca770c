// Per-group absmax scales for int8 quantization. CVK_QUANT_GROUP comes from
// the flags of .cudavet.yaml.
#include <torch/all.h>

#ifndef CVK_QUANT_GROUP
#error "CVK_QUANT_GROUP is set by .cudavet.yaml"
#endif

namespace cvk {

__global__ void group_absmax_kernel(float* __restrict__ scales,     // [num_groups]
                                    const float* __restrict__ x,    // [num_groups * CVK_QUANT_GROUP]
                                    const int num_groups) {
  __shared__ float partial[CVK_QUANT_GROUP];
  const int g = blockIdx.x;
  if (g >= num_groups) return;
  if (threadIdx.x < CVK_QUANT_GROUP) {
    partial[threadIdx.x] = fabsf(x[(int64_t)g * CVK_QUANT_GROUP + threadIdx.x]);
    // cudavet:ignore[barrierdiv] the launcher gives the block exactly CVK_QUANT_GROUP threads
    __syncthreads();
  }
  for (int s = CVK_QUANT_GROUP / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] = fmaxf(partial[threadIdx.x], partial[threadIdx.x + s]);
    __syncthreads();
  }
  // cudavet:ignore[barrierdiv] stale: the barrier that was here was removed
  if (threadIdx.x == 0) scales[g] = partial[0] / 127.f;
}

}  // namespace cvk

void group_absmax(torch::Tensor& scales, torch::Tensor& x) {
  const int num_groups = scales.size(0);
  cvk::group_absmax_kernel<<<num_groups, CVK_QUANT_GROUP>>>(scales.data_ptr<float>(), x.data_ptr<float>(), num_groups);
}
