// A scaled GEMM fallback in the Marlin naming style (size_m, size_n,
// size_k; prob_n read from the scales): C = (A × Bᵀ) · b_scales, one
// thread per output. The output offset m * size_n is an int: wide
// projections wrap it for a few tens of thousands of rows.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

namespace fallback {

__global__ void scaled_gemm_kernel(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B,
                                   const float* __restrict__ b_scales, int size_m, int size_n, int size_k) {
  const int m = blockIdx.y;
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= size_m || n >= size_n) {
    return;
  }
  float acc = 0.f;
  for (int k = 0; k < size_k; ++k) {
    acc += A[static_cast<int64_t>(m) * size_k + k] * B[static_cast<int64_t>(n) * size_k + k];
  }
  C[m * size_n + n] = acc * b_scales[n];  // want "m \\* size_n \\+ n \\(int\\) overflows (when|with) .*size_m \\(rows of a\\)"
}

void launch_scaled_gemm(float* c, const float* a, const float* b, const float* s, int64_t prob_m, int64_t prob_n,
                        int64_t prob_k, cudaStream_t stream) {
  const dim3 grid((prob_n + 127) / 128, prob_m);
  scaled_gemm_kernel<<<grid, 128, 0, stream>>>(c, a, b, s, prob_m, prob_n, prob_k);
}

}  // namespace fallback

torch::Tensor scaled_gemm(const torch::Tensor& a, const torch::Tensor& b_weight, const torch::Tensor& b_scales) {
  const int64_t size_m = a.size(0);
  const int64_t size_k = a.size(1);
  const int64_t size_n = b_scales.size(0);
  TORCH_CHECK(b_weight.size(0) == size_n && b_weight.size(1) == size_k, "weight must be [size_n, size_k]");
  auto c = torch::empty({size_m, size_n}, a.options());
  fallback::launch_scaled_gemm(c.data_ptr<float>(), a.data_ptr<float>(), b_weight.data_ptr<float>(),
                               b_scales.data_ptr<float>(), size_m, size_n, size_k,
                               at::cuda::getCurrentCUDAStream());
  return c;
}
