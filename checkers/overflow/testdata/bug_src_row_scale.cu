// Per-row scaling of an activation whose sizes no name classifies: M is
// the input's rows (user-controlled) and n its columns (a width of the
// model, up to a vocabulary for logits), so the int offset row * n wraps
// once M reaches a few thousand rows of a 256000-wide row.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void row_scale_kernel(float* __restrict__ out, const float* __restrict__ in,
                                 const float* __restrict__ row_scale, const int M, const int n) {
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= M) {
    return;
  }
  const float s = row_scale[row];
  for (int col = threadIdx.x; col < n; col += blockDim.x) {
    out[row * n + col] = in[row * n + col] * s;  // want "row \\* n \\+ col \\(int\\) overflows (when M \\(rows of in\\) >= \\d+ with n \\(columns of in\\) = \\d+ \\(.+: .+\\)|with n \\(columns of in\\) = \\d+ \\(.+: .+\\), M \\(rows of in\\) = \\d+)" "row \\* n \\+ col \\(int\\) overflows"
  }
}

void row_scale(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& row_scale) {
  const int M = in.size(0);
  const int n = in.size(1);
  const dim3 block(128, 8);
  const dim3 grid((M + 7) / 8);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  row_scale_kernel<<<grid, block, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                               row_scale.data_ptr<float>(), M, n);
}
