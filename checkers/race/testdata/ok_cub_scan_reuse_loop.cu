// Stream compaction of the tokens routed to one expert, chunk by chunk:
// each chunk's exclusive scan of the keep flags gives every kept token its
// output slot. The __syncthreads() after each chunk is the one CUB
// requires before the scan's temp storage is reused by the next chunk.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cub/cub.cuh>

constexpr int kThreads = 256;

// cudavet:shape expert_ids[num_tokens]; shape out[num_experts, num_tokens]; shape counts[num_experts]
// cudavet:user num_tokens; fixed num_experts = 64
// cudavet:launch grid=num_experts block=256
__global__ void compact_kernel(const int* __restrict__ expert_ids, int* __restrict__ out,
                               int* __restrict__ counts, const int num_tokens) {
  using Scan = cub::BlockScan<int, kThreads>;
  __shared__ typename Scan::TempStorage temp;
  const int expert = blockIdx.x;
  int base = 0;
  for (int start = 0; start < num_tokens; start += kThreads) {
    const int t = start + threadIdx.x;
    const int keep = (t < num_tokens && expert_ids[t] == expert) ? 1 : 0;
    int slot, total;
    Scan(temp).ExclusiveSum(keep, slot, total);
    if (keep) {
      out[(int64_t)expert * num_tokens + base + slot] = t;
    }
    base += total;
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    counts[expert] = base;
  }
}

void compact(torch::Tensor& out, torch::Tensor& counts, const torch::Tensor& expert_ids) {
  const int num_tokens = expert_ids.size(0);
  const int num_experts = counts.size(0);
  compact_kernel<<<num_experts, kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
      expert_ids.data_ptr<int>(), out.data_ptr<int>(), counts.data_ptr<int>(), num_tokens);
}
