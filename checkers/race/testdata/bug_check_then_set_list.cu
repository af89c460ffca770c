// Marks the experts a batch routes to and lists each active expert once:
// the thread that finds the expert's flag clear sets it and appends the
// expert. Two threads can both read the flag clear before either sets it,
// and both append: the test decides more than the flag's value.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int kThreads>
__global__ void active_experts_kernel(const int* __restrict__ topk_ids, int* __restrict__ active,
                                      const int num_pairs, const int num_experts) {
  extern __shared__ int s_seen[];
  __shared__ int s_list[256];
  __shared__ int s_count;
  if (threadIdx.x == 0) s_count = 0;
  for (int e = threadIdx.x; e < num_experts; e += kThreads) {
    s_seen[e] = 0;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < num_pairs; i += kThreads) {
    const int e = topk_ids[i];
    if (e >= 0 && e < num_experts) {
      if (s_seen[e] == 0) {
        s_seen[e] = 1;  // want "data race on shared s_seen: store to s_seen\\[e\\] and load from s_seen\\[e\\]"
        s_list[atomicAdd(&s_count, 1)] = e;
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
