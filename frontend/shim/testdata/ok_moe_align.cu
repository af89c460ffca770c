// Grouping routed tokens by expert and padding each group to a multiple of
// block_size: per-expert counts in dynamic shared memory with atomicAdd, an
// exclusive prefix sum, then a scatter of token ids into sorted order.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include "dispatch_utils.h"

namespace cudavet_test {

__device__ __forceinline__ int32_t round_up(int32_t x, int32_t m) {
  return (x + m - 1) / m * m;
}

template <typename scalar_t>
__global__ void moe_align_block_size_kernel(
    const scalar_t* __restrict__ topk_ids, int32_t* __restrict__ sorted_ids,
    int32_t* __restrict__ expert_ids, int32_t* __restrict__ total_padded,
    const int32_t num_experts, const int32_t block_size, const size_t numel) {
  extern __shared__ int32_t smem[];
  int32_t* counts = smem;                     // [num_experts]
  int32_t* offsets = smem + num_experts + 1;  // [num_experts + 1]

  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    counts[e] = 0;
  }
  __syncthreads();

  for (size_t i = threadIdx.x; i < numel; i += blockDim.x) {
    const int expert = static_cast<int>(topk_ids[i]);
    atomicAdd(&counts[expert], 1);
  }
  __syncthreads();

  if (threadIdx.x == 0) {
    offsets[0] = 0;
    for (int e = 0; e < num_experts; ++e) {
      offsets[e + 1] = offsets[e] + round_up(counts[e], block_size);
    }
    *total_padded = offsets[num_experts];
  }
  __syncthreads();

  for (int e = threadIdx.x; e < num_experts; e += blockDim.x) {
    for (int b = offsets[e]; b < offsets[e + 1]; b += block_size) {
      expert_ids[b / block_size] = e;
    }
    counts[e] = 0;
  }
  __syncthreads();

  for (size_t i = threadIdx.x; i < numel; i += blockDim.x) {
    const int expert = static_cast<int>(topk_ids[i]);
    const int32_t rank = atomicAdd(&counts[expert], 1);
    sorted_ids[offsets[expert] + rank] = static_cast<int32_t>(i);
  }
}

// Sums the top-k expert outputs of each token: out[t] = sum_k in[t, k].
template <typename scalar_t, int TOPK>
__global__ void moe_sum_kernel(scalar_t* __restrict__ out,
                               const scalar_t* __restrict__ input,
                               const int d) {
  const int64_t token = blockIdx.x;
  for (int64_t i = threadIdx.x; i < d; i += blockDim.x) {
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < TOPK; ++k) {
      acc += static_cast<float>(__ldg(&input[token * TOPK * d + k * d + i]));
    }
    out[token * d + i] = static_cast<scalar_t>(acc);
  }
}

}  // namespace cudavet_test

void moe_align_block_size(torch::Tensor topk_ids, int64_t num_experts,
                          int64_t block_size, torch::Tensor sorted_token_ids,
                          torch::Tensor experts_ids,
                          torch::Tensor num_tokens_post_pad) {
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  const int32_t shared_bytes = (2 * num_experts + 2) * sizeof(int32_t);
  int device = 0;
  AT_CUDA_CHECK(cudaGetDevice(&device));
  int max_shared = 0;
  AT_CUDA_CHECK(cudaDeviceGetAttribute(
      &max_shared, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  TORCH_CHECK(shared_bytes <= max_shared, "too many experts");

  VLLM_DISPATCH_INTEGRAL_TYPES(
      topk_ids.scalar_type(), "moe_align_block_size_kernel", [&] {
        auto kernel = cudavet_test::moe_align_block_size_kernel<scalar_t>;
        AT_CUDA_CHECK(cudaFuncSetAttribute(
            kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
            shared_bytes));
        kernel<<<1, 1024, shared_bytes, stream>>>(
            topk_ids.data_ptr<scalar_t>(), sorted_token_ids.data_ptr<int32_t>(),
            experts_ids.data_ptr<int32_t>(),
            num_tokens_post_pad.data_ptr<int32_t>(), num_experts, block_size,
            topk_ids.numel());
      });
}

void moe_sum(torch::Tensor& input,   // [num_tokens, topk, hidden_size]
             torch::Tensor& output)  // [num_tokens, hidden_size]
{
  const int hidden_size = input.size(-1);
  const int64_t num_tokens = output.numel() / hidden_size;
  const int topk = input.size(1);
  dim3 grid(num_tokens);
  dim3 block(std::min(hidden_size, 1024));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(output));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  switch (topk) {
    case 2:
      VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "moe_sum_kernel", [&] {
        cudavet_test::moe_sum_kernel<scalar_t, 2><<<grid, block, 0, stream>>>(
            output.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(),
            hidden_size);
      });
      break;
    case 4:
      VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "moe_sum_kernel", [&] {
        cudavet_test::moe_sum_kernel<scalar_t, 4><<<grid, block, 0, stream>>>(
            output.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(),
            hidden_size);
      });
      break;
    default:
      TORCH_CHECK(false, "unsupported topk ", topk);
  }
}
