// Router logits for a decode batch of 1 to 12 tokens: the token count is
// a template parameter, dispatched by a recursive template (one level per
// count) down to the launch. Safe: each of the block's kNumWarps warps
// writes its partial sum before the barrier, and the launch's block has
// exactly kNumWarps warps (128 threads). Until the launch analysis
// followed host calls more than 6 deep, the counts past the sixth level
// were checked alone, under a 1-thread block, and reported.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int kBlockSize, int kNumTokens>
__global__ __launch_bounds__(128) void router_logits_kernel(float* __restrict__ out, const float* __restrict__ x,
                                                               const float* __restrict__ w, const int hidden) {
  constexpr int kNumWarps = kBlockSize / 32;
  __shared__ float partial[kNumTokens][kNumWarps];
  const int expert = blockIdx.x;
  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  for (int m = 0; m < kNumTokens; m++) {
    float acc = 0.f;
    for (int k = threadIdx.x; k < hidden; k += kBlockSize) {
      acc += x[m * hidden + k] * w[(int64_t)expert * hidden + k];
    }
    for (int offset = 16; offset > 0; offset >>= 1) {
      acc += __shfl_xor_sync(0xffffffff, acc, offset);
    }
    if (lane == 0) {
      partial[m][warp] = acc;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int m = 0; m < kNumTokens; m++) {
      float sum = 0.f;
      for (int i = 0; i < kNumWarps; i++) {
        sum += partial[m][i];
      }
      out[m * gridDim.x + expert] = sum;
    }
  }
}

template <int kNumTokens>
void launch_router(float* out, const float* x, const float* w, int num_experts, int hidden, cudaStream_t stream) {
  constexpr int kBlockSize = 128;
  router_logits_kernel<kBlockSize, kNumTokens><<<num_experts, kBlockSize, 0, stream>>>(out, x, w, hidden);
}

template <int kBegin, int kEnd>
struct TokenDispatch {
  static void run(int num_tokens, float* out, const float* x, const float* w, int num_experts, int hidden,
                  cudaStream_t stream) {
    if (num_tokens == kBegin) {
      launch_router<kBegin>(out, x, w, num_experts, hidden, stream);
    } else {
      TokenDispatch<kBegin + 1, kEnd>::run(num_tokens, out, x, w, num_experts, hidden, stream);
    }
  }
};

template <int kEnd>
struct TokenDispatch<kEnd, kEnd> {
  static void run(int num_tokens, float* out, const float* x, const float* w, int num_experts, int hidden,
                  cudaStream_t stream) {
    TORCH_CHECK(num_tokens == kEnd, "1 to 12 tokens");
    launch_router<kEnd>(out, x, w, num_experts, hidden, stream);
  }
};

void router_logits(torch::Tensor& out, const torch::Tensor& x, const torch::Tensor& w) {
  const int num_tokens = x.size(0);
  const int hidden = x.size(1);
  const int num_experts = w.size(0);
  TORCH_CHECK(w.size(1) == hidden);
  TORCH_CHECK(out.size(0) == num_tokens && out.size(1) == num_experts);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  TokenDispatch<1, 12>::run(num_tokens, out.data_ptr<float>(), x.data_ptr<float>(), w.data_ptr<float>(),
                            num_experts, hidden, stream);
}
