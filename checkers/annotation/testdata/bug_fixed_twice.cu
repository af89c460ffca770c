// The number of experts is fixed twice with different values (8 for
// Mixtral, 16 from a copied annotation): one of them is wrong, and cudavet
// cannot know which.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape gating[num_tokens, E]; shape topk_ids[num_tokens]
// cudavet:user num_tokens <= 1 << 16; fixed E = 8
// want +1 `cudavet:fixed: E = 16 contradicts E = 8 \(line 8\)`
// cudavet:fixed E = 16
// cudavet:launch grid=num_tokens block=32
__global__ void top1_gating_kernel(int* __restrict__ topk_ids, const float* __restrict__ gating, const int E) {
  const float* row = gating + (int64_t)blockIdx.x * E;
  if (threadIdx.x == 0) {
    int best = 0;
    for (int e = 1; e < E; ++e) {
      if (row[e] > row[best]) {
        best = e;
      }
    }
    topk_ids[blockIdx.x] = best;
  }
}
