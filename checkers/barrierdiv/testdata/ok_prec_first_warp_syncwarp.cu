// Expert dispatch bookkeeping: the first warp of the block (threadIdx.x <
// warpSize, all 32 lanes of warp 0) initialises a small shared table, then
// synchronises the warp before reading it back. Every lane of warp 0 takes
// the branch, so the full-mask __syncwarp() is reached by the whole warp.
// Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void dispatch_slots_kernel(int* __restrict__ slots, const int* __restrict__ expert_ids,
                                      const int top_k) {
  __shared__ int s_slot[32];
  const int tid = threadIdx.x;
  if (tid < warpSize) {
    s_slot[tid] = -1;
    __syncwarp();
    if (tid < top_k) {
      s_slot[(tid + 1) % 32] = expert_ids[blockIdx.x * top_k + tid];
    }
    __syncwarp();
    slots[blockIdx.x * 32 + tid] = s_slot[tid];
  }
}

void dispatch_slots(torch::Tensor& slots, torch::Tensor& expert_ids) {
  const int num_tokens = expert_ids.size(0);
  const int top_k = expert_ids.size(1);
  TORCH_CHECK(top_k <= 32, "top_k must be at most 32");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dispatch_slots_kernel<<<num_tokens, 128, 0, stream>>>(slots.data_ptr<int>(), expert_ids.data_ptr<int>(), top_k);
}
