// Renormalisation of the routing weights after MoE top-k selection: each
// thread keeps its token's k weights in a local array of 4 (written for
// top-2 and top-4 routers), but k is read from the output's width and
// top-6 and top-8 models exist.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void renorm_topk_kernel(float* __restrict__ topk_weights, const int num_tokens, const int k) {
  const int token = blockIdx.x * blockDim.x + threadIdx.x;
  if (token >= num_tokens) {
    return;
  }
  float w[4];
  float sum = 0.f;
  for (int j = 0; j < k; ++j) {
    w[j] = topk_weights[static_cast<int64_t>(token) * k + j];  // want "store to w\\[j\\] is past the end of local array w \\(4 elements\\) (when num_tokens >= 1 )?with k \\(columns of topk_weights\\) = \\d+ \\(.+: .+\\)"
    sum += w[j];  // want "load from w\\[j\\] is past the end of local array w \\(4 elements\\) (when num_tokens >= 1 )?with k \\(columns of topk_weights\\) = \\d+ \\(.+: .+\\)"
  }
  const float inv = 1.f / sum;
  for (int j = 0; j < k; ++j) {
    topk_weights[static_cast<int64_t>(token) * k + j] = w[j] * inv;  // want "load from w\\[j\\] is past the end of local array w \\(4 elements\\) (when num_tokens >= 1 )?with k \\(columns of topk_weights\\) = \\d+ \\(.+: .+\\)"
  }
}

void renorm_topk(torch::Tensor& topk_weights) {
  TORCH_CHECK(topk_weights.dim() == 2);
  const int64_t num_tokens = topk_weights.size(0);
  const int64_t k = topk_weights.size(1);
  const int threads = 128;
  const int64_t blocks = (num_tokens + threads - 1) / threads;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  renorm_topk_kernel<<<blocks, threads, 0, stream>>>(topk_weights.data_ptr<float>(), static_cast<int>(num_tokens),
                                                     static_cast<int>(k));
}
