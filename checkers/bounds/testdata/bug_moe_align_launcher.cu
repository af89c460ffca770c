// moe_align_block_size in the shape vLLM shipped it: the block has
// max(num_experts, 32) threads and the dynamic shared memory holds the
// per-thread counts ((threads + 1) x num_experts ints) and then cumsum
// (num_experts + 1 ints). The kernel places cumsum (blockDim.x + 1) *
// blockDim.x ints in, as if blockDim.x were num_experts: with 8 experts
// (Mixtral) the block has 32 threads and cumsum starts 1,056 ints into a
// 273-int allocation. With 32 experts or more blockDim.x == num_experts
// and the offset is right. Nothing is annotated: the sizes come from the
// launcher and the bundled model profiles.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

#define CEILDIV(x, y) (((x) + (y) - 1) / (y))
constexpr int32_t WARP_SIZE = 32;

__device__ __forceinline__ int32_t index(int32_t total_col, int32_t row, int32_t col) {
  return row * total_col + col;
}

template <typename scalar_t>
__global__ void moe_align_block_size_kernel(const scalar_t* __restrict__ topk_ids,
                                            int32_t* __restrict__ sorted_token_ids,
                                            int32_t* __restrict__ expert_ids,
                                            int32_t* __restrict__ total_tokens_post_pad,
                                            int32_t num_experts, int32_t block_size, size_t numel) {
  extern __shared__ int32_t shared_mem[];
  int32_t* tokens_cnts = shared_mem;                                  // (blockDim.x + 1) x num_experts
  int32_t* cumsum = shared_mem + (blockDim.x + 1) * blockDim.x;  // should be * num_experts

  for (int i = 0; i < num_experts; ++i) {
    tokens_cnts[index(num_experts, threadIdx.x + 1, i)] = 0;
  }
  __syncthreads();
  if (threadIdx.x < num_experts) {
    tokens_cnts[index(num_experts, 0, threadIdx.x)] = 0;
    for (int i = 1; i <= blockDim.x; ++i) {
      tokens_cnts[index(num_experts, i, threadIdx.x)] += tokens_cnts[index(num_experts, i - 1, threadIdx.x)];
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    cumsum[0] = 0;  // want `store to cumsum\[0\] is past the end of shared array shared_mem \(273 elements\) with num_experts = 8 \(Mixtral-8x22B-v0.1, Mixtral-8x7B-v0.1\)`
    for (int i = 1; i <= num_experts; ++i) {
      cumsum[i] = cumsum[i - 1] + CEILDIV(tokens_cnts[index(num_experts, blockDim.x, i - 1)], block_size) * block_size;  // want `load from cumsum\[i - 1\] is past the end` `store to cumsum\[i\] is past the end`
    }
    *total_tokens_post_pad = cumsum[num_experts];  // want `load from cumsum\[num_experts\] is past the end`
  }
}

void moe_align_block_size(torch::Tensor topk_ids, int64_t num_experts, int64_t block_size,
                          torch::Tensor sorted_token_ids, torch::Tensor experts_ids,
                          torch::Tensor num_tokens_post_pad) {
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  const int32_t num_thread = std::max((int32_t)num_experts, WARP_SIZE);
  const int32_t shared_mem = ((num_thread + 1) * num_experts + (num_experts + 1)) * sizeof(int32_t);
  VLLM_DISPATCH_INTEGRAL_TYPES(topk_ids.scalar_type(), "moe_align_block_size_kernel", [&] {
    auto kernel = moe_align_block_size_kernel<scalar_t>;
    kernel<<<1, num_thread, shared_mem, stream>>>(
        topk_ids.data_ptr<scalar_t>(), sorted_token_ids.data_ptr<int32_t>(),
        experts_ids.data_ptr<int32_t>(), num_tokens_post_pad.data_ptr<int32_t>(), num_experts,
        block_size, topk_ids.numel());
  });
}
