// Marks the experts a batch routes to: every thread reads its pairs'
// expert ids and sets the expert's shared flag when it is still clear
// (check-then-set, as a MoE router's active-expert map does). Two
// threads may test and set one flag in either order; every store there
// writes 1 and the test decides nothing else, so the flags end the same.
// The flags were zeroed before the barrier.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int kThreads>
__global__ void active_experts_kernel(const int* __restrict__ topk_ids, int* __restrict__ active,
                                      const int num_pairs, const int num_experts) {
  extern __shared__ int s_seen[];
  for (int e = threadIdx.x; e < num_experts; e += kThreads) {
    s_seen[e] = 0;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < num_pairs; i += kThreads) {
    const int e = topk_ids[i];
    if (e >= 0 && e < num_experts) {
      if (s_seen[e] == 0) {
        s_seen[e] = 1;
      }
    }
  }
  __syncthreads();
  for (int e = threadIdx.x; e < num_experts; e += kThreads) {
    active[e] = s_seen[e];
  }
}

void active_experts(torch::Tensor& active, const torch::Tensor& topk_ids) {
  const int num_pairs = topk_ids.numel();
  const int num_experts = active.size(0);
  active_experts_kernel<256><<<1, 256, num_experts * sizeof(int), at::cuda::getCurrentCUDAStream()>>>(
      topk_ids.data_ptr<int>(), active.data_ptr<int>(), num_pairs, num_experts);
}
