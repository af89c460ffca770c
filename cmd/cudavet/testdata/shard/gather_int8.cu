#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

#define PARTIAL_ACTIVE (blockDim.x >= 32)
#include "partial.cuh"
#include "rows.cuh"

void gather_rows_int8(torch::Tensor& out, const torch::Tensor& src) {
  const int64_t hidden_size = src.size(-1);
  const int64_t num_tokens = src.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gather_rows_kernel<int8_t><<<num_tokens, 256, 0, stream>>>(out.data_ptr<int8_t>(), src.data_ptr<int8_t>(), hidden_size);
  partial_sum_kernel<<<1, 256, 0, stream>>>(reinterpret_cast<float*>(out.data_ptr()));
}
