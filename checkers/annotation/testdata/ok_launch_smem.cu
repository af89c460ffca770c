// Safe: a launch with dynamic shared memory given as an expression over
// fixed sizes, keys in another order and separated by commas, and a user
// size allowed to be zero (empty batches launch no block).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_experts]; shape topk_ids[numel]
// cudavet:user numel in [0, 1 << 22]; fixed num_experts in {8, 64}
// cudavet:launch smem=4*num_experts, block=256, grid=1
__global__ void expert_histogram_kernel(int* __restrict__ out, const int* __restrict__ topk_ids, const int numel,
                                        const int num_experts) {
  extern __shared__ int s_counts[];
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    s_counts[e] = 0;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < numel; i += blockDim.x) {
    const int e = topk_ids[i];
    if (e >= 0 && e < num_experts) {
      atomicAdd(&s_counts[e], 1);
    }
  }
  __syncthreads();
  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    out[e] = s_counts[e];
  }
}
