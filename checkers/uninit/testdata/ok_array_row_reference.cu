// Two-row shared staging buffer whose rows are written through references
// (auto& row = s_buf[r]): the stores reach s_buf itself, so the read of
// s_buf after the barrier reads what they wrote. (Before, a deduced
// reference to an array row had no element type: its stores were lost,
// and nothing was concluded of s_buf; bug_array_row_reference.cu went
// unreported.)
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void stage_rows_kernel(const float* __restrict__ x, float* __restrict__ out, const int n) {
  __shared__ float s_buf[2][256];
  auto& lo = s_buf[0];
  auto& hi = s_buf[1];
  const int tx = threadIdx.x;
  const float* row = x + (int64_t)blockIdx.x * 512;
  if (tx < 256) {
    lo[tx] = row[tx];
    hi[tx] = row[256 + tx];
  }
  __syncthreads();
  if (tx < 256) out[(int64_t)blockIdx.x * 256 + tx] = s_buf[0][tx] + s_buf[1][255 - tx];
}

void stage_rows(const torch::Tensor& x, torch::Tensor& out) {
  const int rows = x.size(0);
  TORCH_CHECK(x.size(1) == 512 && out.size(0) == rows && out.size(1) == 256);
  stage_rows_kernel<<<rows, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), out.data_ptr<float>(), 512);
}
