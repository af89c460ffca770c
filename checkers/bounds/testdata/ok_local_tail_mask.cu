// Safe twin of bug_local_tail_mask.cu: the thread that handles the last,
// partial block zeroes the register values past the valid length with a
// loop of exactly VEC iterations, so it stays inside its register array.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int VEC = 4;

__global__ void masked_copy_kernel(float* __restrict__ out, const float* __restrict__ in,
                                   const int n, const int valid) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n / VEC) return;
  float v[VEC];
#pragma unroll
  for (int j = 0; j < VEC; j++) v[j] = in[i * VEC + j];
  if (i == valid / VEC) {
#pragma unroll
    for (int j = 0; j < VEC; j++) {
      if (i * VEC + j >= valid) v[j] = 0.f;
    }
  }
#pragma unroll
  for (int j = 0; j < VEC; j++) out[i * VEC + j] = v[j];
}

void masked_copy(torch::Tensor& out, const torch::Tensor& in, int64_t valid) {
  TORCH_CHECK(in.numel() % VEC == 0 && out.numel() == in.numel());
  TORCH_CHECK(valid >= 0 && valid <= in.numel());
  const int n = in.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  masked_copy_kernel<<<(n / VEC + 127) / 128, 128, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                                                n, valid);
}
