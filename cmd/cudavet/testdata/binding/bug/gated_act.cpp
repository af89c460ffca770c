// The torch binding: checks the shapes, fills the params and calls the
// launcher defined in gated_act_kernels.cu.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include "gated_act.h"

void gated_act_fwd(torch::Tensor& out, const torch::Tensor& x) {
  TORCH_CHECK(x.dim() == 2 && out.dim() == 2);
  TORCH_CHECK(x.size(0) == out.size(0) && x.size(1) == 2 * out.size(1));
  GatedActParams params;
  params.n_rows = x.size(0);
  params.dim = static_cast<int>(out.size(1));
  params.out_ptr = out.data_ptr();
  params.x_ptr = x.data_ptr();
  gated_act_fwd_cuda(params, at::cuda::getCurrentCUDAStream());
}
