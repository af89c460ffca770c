// ok_params_struct_rows.cu with the loop running to i <= params.hidden: the
// last thread of the last row writes one element past out and reads one
// past in (and every row writes the next row's first element).
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
  for (int i = threadIdx.x; i <= params.hidden; i += blockDim.x) {
    params.out[row * params.hidden + i] = params.in[row * params.hidden + i];  // want "store to params.out\\[row \\* params.hidden \\+ i\\] is past the end of buffer params.out \\(2048 elements\\)" "load from params.in\\[row \\* params.hidden \\+ i\\] is past the end of buffer params.in"
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
