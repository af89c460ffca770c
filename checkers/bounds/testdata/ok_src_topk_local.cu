// Renormalisation of the routing weights after MoE top-k selection,
// fixed: the launcher rejects k > 8 and the local array holds 8 weights.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kMaxTopK = 8;

__global__ void renorm_topk_kernel(float* __restrict__ topk_weights, const int num_tokens, const int k) {
  const int token = blockIdx.x * blockDim.x + threadIdx.x;
  if (token >= num_tokens) {
    return;
  }
  float w[kMaxTopK];
  float sum = 0.f;
  for (int j = 0; j < k; ++j) {
    w[j] = topk_weights[static_cast<int64_t>(token) * k + j];
    sum += w[j];
  }
  const float inv = 1.f / sum;
  for (int j = 0; j < k; ++j) {
    topk_weights[static_cast<int64_t>(token) * k + j] = w[j] * inv;
  }
}

constexpr int kMaxTopK_host = 8;

void renorm_topk(torch::Tensor& topk_weights) {
  TORCH_CHECK(topk_weights.dim() == 2);
  const int64_t num_tokens = topk_weights.size(0);
  const int64_t k = topk_weights.size(1);
  TORCH_CHECK(k <= kMaxTopK_host, "at most 8 experts per token");
  const int threads = 128;
  const int64_t blocks = (num_tokens + threads - 1) / threads;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  renorm_topk_kernel<<<blocks, threads, 0, stream>>>(topk_weights.data_ptr<float>(), static_cast<int>(num_tokens),
                                                     static_cast<int>(k));
}
