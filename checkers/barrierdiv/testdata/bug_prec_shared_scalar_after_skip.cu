// Row-max of a gating row computed by the first warp only: warps 1..3 skip
// the barrier inside `if (threadIdx.x < 32)` and then read the __shared__
// scalar it was meant to publish. They do not exit: the skip is a real
// divergent barrier, and the read races with warp 0's store.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void gating_sub_max_kernel(float* __restrict__ out, const float* __restrict__ logits,
                                      const int num_experts) {
  __shared__ float row_max;
  const int64_t row = (int64_t)blockIdx.x * num_experts;
  if (threadIdx.x < 32) {
    float m = -INFINITY;
    for (int e = threadIdx.x; e < num_experts; e += 32) m = fmaxf(m, logits[row + e]);
    if (threadIdx.x == 0) row_max = m;
    __syncthreads();  // want "__syncthreads\\(\\) is reached only by threads with threadIdx.x < 32"
  }
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    out[row + e] = logits[row + e] - row_max;
  }
}

void gating_sub_max(torch::Tensor& out, const torch::Tensor& logits) {
  const int num_experts = logits.size(-1);
  const int num_tokens = logits.numel() / num_experts;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gating_sub_max_kernel<<<num_tokens, 128, 0, stream>>>(out.data_ptr<float>(), logits.data_ptr<float>(),
                                                       num_experts);
}
