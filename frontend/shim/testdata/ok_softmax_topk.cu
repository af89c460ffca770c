// Router softmax followed by a top-k selection over experts: one block per
// token, block-wide max/sum with cub::BlockReduce, arg-max with
// cub::KeyValuePair, and a warp-shuffle variant for small expert counts.
#include <cfloat>
#include <limits>

#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cub/block/block_reduce.cuh>
#include <cub/util_type.cuh>

namespace cudavet_test {

template <int THREADS>
__launch_bounds__(THREADS) __global__
    void softmax_kernel(const float* __restrict__ logits,
                        float* __restrict__ probs, const int num_experts) {
  using Reduce = cub::BlockReduce<float, THREADS>;
  __shared__ typename Reduce::TempStorage scratch;
  __shared__ float row_max;
  __shared__ float row_sum;
  const int offset = blockIdx.x * num_experts;

  float m = -FLT_MAX;
  for (int e = threadIdx.x; e < num_experts; e += THREADS) {
    m = fmaxf(m, logits[offset + e]);
  }
  m = Reduce(scratch).Reduce(m, cub::Max());
  if (threadIdx.x == 0) row_max = m;
  __syncthreads();

  float s = 0.0f;
  for (int e = threadIdx.x; e < num_experts; e += THREADS) {
    s += expf(logits[offset + e] - row_max);
  }
  __syncthreads();  // scratch is reused
  s = Reduce(scratch).Sum(s);
  if (threadIdx.x == 0) row_sum = s;
  __syncthreads();

  const float inv = 1.0f / row_sum;
  for (int e = threadIdx.x; e < num_experts; e += THREADS) {
    probs[offset + e] = expf(logits[offset + e] - row_max) * inv;
  }
}

template <int THREADS>
__launch_bounds__(THREADS) __global__
    void topk_kernel(const float* __restrict__ probs, float* __restrict__ weights,
                     int* __restrict__ indices, const int num_experts,
                     const int k) {
  using Pair = cub::KeyValuePair<int, float>;
  using Reduce = cub::BlockReduce<Pair, THREADS>;
  __shared__ typename Reduce::TempStorage scratch;
  cub::ArgMax arg_max;
  const int offset = blockIdx.x * num_experts;

  for (int j = 0; j < k; ++j) {
    Pair best;
    best.key = 0;
    best.value = -1.0f;
    for (int e = threadIdx.x; e < num_experts; e += THREADS) {
      Pair cand(e, probs[offset + e]);
      for (int prev = 0; prev < j; ++prev) {
        if (indices[blockIdx.x * k + prev] == e) {
          cand.value = -1.0f;
          break;
        }
      }
      best = arg_max(cand, best);
    }
    const Pair winner = Reduce(scratch).Reduce(best, arg_max);
    if (threadIdx.x == 0) {
      weights[blockIdx.x * k + j] = winner.value;
      indices[blockIdx.x * k + j] = winner.key;
    }
    __syncthreads();
  }
}

// Warp-only variant: one warp per token, experts <= 32.
__global__ void warp_softmax_kernel(const float* __restrict__ logits,
                                    float* __restrict__ probs,
                                    const int num_tokens,
                                    const int num_experts) {
  const int warps_per_block = blockDim.x / 32;
  const int token = blockIdx.x * warps_per_block + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (token >= num_tokens) return;

  const float x = lane < num_experts ? logits[token * num_experts + lane]
                                     : -std::numeric_limits<float>::infinity();
  float m = x;
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, mask));
  }
  float e = lane < num_experts ? __expf(x - m) : 0.0f;
  float s = e;
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    s += __shfl_xor_sync(0xffffffff, s, mask, 32);
  }
  const unsigned int valid = __ballot_sync(0xffffffff, lane < num_experts);
  if (lane < num_experts && (valid >> lane) & 1u) {
    probs[token * num_experts + lane] = e / s;
  }
}

}  // namespace cudavet_test

void topk_softmax(torch::Tensor& topk_weights, torch::Tensor& topk_indices,
                  torch::Tensor& gating_output) {
  const int num_experts = gating_output.size(-1);
  const int64_t num_tokens = gating_output.numel() / num_experts;
  const int k = topk_weights.size(-1);
  TORCH_CHECK(gating_output.scalar_type() == at::ScalarType::Float);
  TORCH_CHECK(topk_indices.scalar_type() == torch::kInt32);
  TORCH_CHECK_LE(k, num_experts);

  const at::cuda::OptionalCUDAGuard device_guard(device_of(gating_output));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  torch::Tensor probs = torch::empty_like(gating_output);

  if (num_experts <= 32) {
    constexpr int kWarps = 4;
    dim3 grid((num_tokens + kWarps - 1) / kWarps);
    cudavet_test::warp_softmax_kernel<<<grid, 32 * kWarps, 0, stream>>>(
        gating_output.data_ptr<float>(), probs.data_ptr<float>(), num_tokens,
        num_experts);
  } else {
    constexpr int kThreads = 256;
    cudavet_test::softmax_kernel<kThreads><<<num_tokens, kThreads, 0, stream>>>(
        gating_output.data_ptr<float>(), probs.data_ptr<float>(), num_experts);
  }
  cudavet_test::topk_kernel<256><<<num_tokens, 256, 0, stream>>>(
      probs.data_ptr<float>(), topk_weights.data_ptr<float>(),
      topk_indices.data_ptr<int>(), num_experts, k);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}
