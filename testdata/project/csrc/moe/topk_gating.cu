// Top-k gating for a mixture-of-experts layer. The fused epilogue comes from
// a library this checkout does not have (fused/epilogue.h): cudavet says
// so once for the whole run, and still checks the kernels that do not use it.
#include <torch/all.h>

#include "fused/epilogue.h"

namespace cvk {

// BUG(barrierdiv): the barrier is reached only by the threads of the first
// warp, so the other warps of the block never arrive.
__global__ void topk_softmax_kernel(float* __restrict__ weights,      // [num_tokens, num_experts]
                                    const float* __restrict__ gating,  // [num_tokens, num_experts]
                                    const int num_experts) {
  __shared__ float row_max;
  const int64_t row = (int64_t)blockIdx.x * num_experts;
  if (threadIdx.x < 32) {
    float m = gating[row + threadIdx.x % num_experts];
    if (threadIdx.x == 0) row_max = m;
    __syncthreads();
  }
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    weights[row + e] = gating[row + e] - row_max;
  }
}

// Needs the missing library: not checked.
__global__ void fused_gate_kernel(float* out, const float* in, int n) {
  fused::epilogue<float>(out, in, n);
}

}  // namespace cvk

void topk_softmax(torch::Tensor& weights, torch::Tensor& gating) {
  const int num_tokens = gating.size(0);
  const int num_experts = gating.size(1);
  cvk::topk_softmax_kernel<<<num_tokens, 128>>>(weights.data_ptr<float>(), gating.data_ptr<float>(), num_experts);
}
