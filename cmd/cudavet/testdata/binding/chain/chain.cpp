// The binding: one launcher instantiation per dtype.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include "chain.h"

void chain_fwd(torch::Tensor& out, const torch::Tensor& in, double alpha) {
  TORCH_CHECK(in.dim() == 2 && out.sizes() == in.sizes());
  ScaleParams params;
  params.rows = in.size(0);
  params.width = static_cast<int>(in.size(1));
  params.alpha = static_cast<float>(alpha);
  params.out_ptr = out.data_ptr();
  params.in_ptr = in.data_ptr();
  if (in.scalar_type() == at::ScalarType::Float) {
    chain_fwd_cuda<float>(params, at::cuda::getCurrentCUDAStream());
  } else {
    chain_fwd_cuda<double>(params, at::cuda::getCurrentCUDAStream());
  }
}
