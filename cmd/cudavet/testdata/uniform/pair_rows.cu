// The bug twin of shift_rows.cu: threads 64k to 64k + 63 (two warps) write one element
// whatever the shift, a race every launch has.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void pair_rows_kernel(float* __restrict__ out, const float* __restrict__ in, const int64_t shift,
                                 const int64_t n) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[shift + i / 64] = in[i];
  }
}

void pair_rows(torch::Tensor& out, const torch::Tensor& in, int64_t shift) {
  const int64_t n = in.numel();
  TORCH_CHECK(shift >= 0 && shift + n <= out.numel());
  pair_rows_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      out.data_ptr<float>(), in.data_ptr<float>(), shift, n);
}
