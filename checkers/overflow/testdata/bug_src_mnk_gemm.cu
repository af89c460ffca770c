// A fallback GEMM for small projections in the M/N/K style: out = a ×
// weightᵀ, one thread per output element. The output offset m * N is an
// int: an LM head (N = vocabulary) wraps it for a few thousand rows.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void gemm_nt_kernel(float* __restrict__ out, const float* __restrict__ a,
                               const float* __restrict__ w, int M, int N, int K) {
  const int m = blockIdx.y;
  const int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M || n >= N) {
    return;
  }
  float acc = 0.f;
  for (int k = 0; k < K; ++k) {
    acc += a[static_cast<int64_t>(m) * K + k] * w[static_cast<int64_t>(n) * K + k];
  }
  out[m * N + n] = acc;  // want "m \\* N( \\+ n)? \\(int\\) overflows (when M \\(rows of a\\) >= \\d+ with N \\(rows of weight\\) = \\d+ \\(.+: .+\\)|with N \\(rows of weight\\) = \\d+ \\(.+: .+\\), M \\(rows of a\\) = \\d+)"
}

torch::Tensor gemm_nt(const torch::Tensor& a, const torch::Tensor& weight) {
  const int64_t M = a.size(0);
  const int64_t K = a.size(1);
  const int64_t N = weight.size(0);
  TORCH_CHECK(a.dim() == 2 && weight.dim() == 2 && weight.size(1) == K, "a and weight must agree on K");
  auto out = torch::empty({M, N}, a.options());
  const dim3 block(128);
  const dim3 grid((N + 127) / 128, M);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gemm_nt_kernel<<<grid, block, 0, stream>>>(out.data_ptr<float>(), a.data_ptr<float>(), weight.data_ptr<float>(),
                                             M, N, K);
  return out;
}
