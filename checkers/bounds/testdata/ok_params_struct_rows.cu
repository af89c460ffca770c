// A row copy whose kernel takes a params struct by value, filled field by
// field in the launcher (FlashInfer's and mamba's style): the row width
// and the pointers are fields, and the loop stays inside the row.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct RowCopyParams {
  float* out;
  const float* in;
  int hidden;
  int rows;
};

__global__ void row_copy_kernel(const RowCopyParams params) {
  const int64_t row = blockIdx.x;
  for (int i = threadIdx.x; i < params.hidden; i += blockDim.x) {
    params.out[row * params.hidden + i] = params.in[row * params.hidden + i];
  }
}

void row_copy(torch::Tensor& out, const torch::Tensor& in) {
  TORCH_CHECK(out.numel() == in.numel());
  RowCopyParams params;
  params.hidden = in.size(-1);
  params.rows = in.numel() / params.hidden;
  params.out = out.data_ptr<float>();
  params.in = in.data_ptr<float>();
  row_copy_kernel<<<params.rows, 256, 0, at::cuda::getCurrentCUDAStream()>>>(params);
}
