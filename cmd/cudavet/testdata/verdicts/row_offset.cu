// Findings: the row offset blockIdx.x * hidden_size is computed in 32-bit
// unsigned arithmetic.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void copy_rows_kernel(float* __restrict__ out, const float* __restrict__ in, const int hidden_size) {
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[blockIdx.x * hidden_size + i] = in[blockIdx.x * hidden_size + i];
  }
}

void copy_rows(torch::Tensor& out, const torch::Tensor& in) {
  TORCH_CHECK(out.numel() == in.numel(), "copy_rows: shapes differ");
  const int hidden_size = in.size(-1);
  const int num_tokens = in.numel() / hidden_size;
  copy_rows_kernel<<<num_tokens, 256, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(),
                                                                            in.data_ptr<float>(), hidden_size);
}
