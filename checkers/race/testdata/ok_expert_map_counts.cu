// MoE token counting under expert parallelism (the vLLM moe_align style):
// each thread counts the tokens of its slice per local expert in its own
// row of a shared [threads x num_experts] table. A global expert id goes
// through the rank's expert_map, which holds the local id or -1 for an
// expert another rank serves; -1 is skipped. Every row is one thread's:
// no two threads touch one counter. The kernel hands the map to a device
// function that only reads it (vLLM's _moe_align_block_size_* helpers).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ void count_local_experts_impl(const int32_t* __restrict__ topk_ids, int32_t* __restrict__ expert_map,
                                         int32_t* __restrict__ counts_out, const int num_experts,
                                         const int64_t numel) {
  extern __shared__ int32_t tokens_cnts[];
  const int tid = threadIdx.x;
  for (int e = 0; e < num_experts; ++e) {
    tokens_cnts[tid * num_experts + e] = 0;
  }
  for (int64_t i = tid; i < numel; i += blockDim.x) {
    const int32_t expert_id = expert_map[topk_ids[i]];
    if (expert_id == -1) continue;
    ++tokens_cnts[tid * num_experts + expert_id];
  }
  __syncthreads();
  if (tid < num_experts) {
    int32_t total = 0;
    for (int t = 0; t < blockDim.x; ++t) total += tokens_cnts[t * num_experts + tid];
    counts_out[tid] = total;
  }
}

__global__ void count_local_experts_kernel(const int32_t* __restrict__ topk_ids, int32_t* __restrict__ expert_map,
                                           int32_t* __restrict__ counts_out, const int num_experts,
                                           const int64_t numel) {
  count_local_experts_impl(topk_ids, expert_map, counts_out, num_experts, numel);
}

void count_local_experts(torch::Tensor& counts, const torch::Tensor& topk_ids, torch::Tensor& expert_map) {
  const int num_experts = counts.size(0);
  const int64_t numel = topk_ids.numel();
  TORCH_CHECK(num_experts <= 256);
  const int threads = 256;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  count_local_experts_kernel<<<1, threads, threads * num_experts * sizeof(int32_t), stream>>>(
      topk_ids.data_ptr<int32_t>(), expert_map.data_ptr<int32_t>(), counts.data_ptr<int32_t>(), num_experts,
      numel);
}
