// Counts the tokens routed to each expert. It includes the same missing
// library as topk_gating.cu, for its launch helpers.
#include <torch/all.h>

#include "fused/epilogue.h"

namespace cvk {

// Safe: every thread of the block reaches both barriers.
__global__ void expert_hist_kernel(int* __restrict__ counts,            // [num_experts]
                                   const int* __restrict__ expert_ids,  // [num_tokens]
                                   const int num_tokens, const int num_experts) {
  extern __shared__ int hist[];  // [num_experts]
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) hist[e] = 0;
  __syncthreads();
  for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < num_tokens; t += blockDim.x * gridDim.x) {
    const int e = expert_ids[t];
    if (e >= 0 && e < num_experts) atomicAdd(&hist[e], 1);
  }
  __syncthreads();
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) atomicAdd(&counts[e], hist[e]);
}

}  // namespace cvk

void expert_hist(torch::Tensor& counts, torch::Tensor& expert_ids) {
  const int num_tokens = expert_ids.size(0);
  const int num_experts = counts.size(0);
  cvk::expert_hist_kernel<<<64, 256, num_experts * sizeof(int)>>>(counts.data_ptr<int>(), expert_ids.data_ptr<int>(),
                                                                  num_tokens, num_experts);
}
