// bug_refine_rounds_lambdas.cu with the round closed by a barrier after
// the read: every thread has read s_hist[threshold + 1] before any thread
// of the next round clears it.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int RADIX = 256;

template <typename T>
struct KeyTraits {
  static constexpr int ROUNDS = 4;
  __device__ static unsigned Ordered(T v) { return __float_as_uint(v); }
};

template <typename DType, int VEC>
__global__ void refine_kernel(const DType* __restrict__ keys, int* __restrict__ out, const int n, const int top_k) {
  __shared__ int s_buf[2][RADIX + 128];
  __shared__ int s_threshold;
  auto& s_hist = s_buf[0];
  const int tx = threadIdx.x;
  const DType* row = keys + (int64_t)blockIdx.x * n;
  using Traits = KeyTraits<DType>;
  constexpr int ROUNDS = Traits::ROUNDS;
  auto for_each_score = [&](auto f) {
    for (int i = tx; i < n; i += blockDim.x) f(row[i], i);
  };
  const auto run_cumsum = [&]() {
#pragma unroll 8
    for (int i = 0; i < 8; ++i) {
      if (tx < RADIX) {
        const auto j = 1 << i;
        const auto k = i & 1;
        auto value = s_buf[k][tx];
        if (tx < RADIX - j) value += s_buf[k][tx + j];
        s_buf[k ^ 1][tx] = value;
      }
      __syncthreads();
    }
  };
  unsigned remain = top_k;
  unsigned char bytes[ROUNDS];
  int stop = ROUNDS - 1;
#pragma unroll
  for (int round = 0; round < ROUNDS; ++round) {
    const int shift = 24 - round * 8;
    if (tx < RADIX + 1) s_hist[tx] = 0;
    __syncthreads();
    auto build = [&](auto v, int) {
      const auto b = (Traits::Ordered(v) >> shift) & 0xFF;
      atomicAdd(&s_hist[b], 1);
    };
    for_each_score(build);
    __syncthreads();
    run_cumsum();
    if (tx < RADIX && s_hist[tx] > static_cast<int>(remain) && s_hist[tx + 1] <= static_cast<int>(remain)) {
      s_threshold = tx;
    }
    __syncthreads();
    const int threshold = s_threshold;
    bytes[round] = static_cast<unsigned char>(threshold);
    remain -= static_cast<unsigned>(s_hist[threshold + 1]);
    __syncthreads();
    if (remain == 0) {
      stop = round;
      break;
    }
  }
  if (tx == 0) out[blockIdx.x] = stop + bytes[0];
}

void refine(const torch::Tensor& keys, torch::Tensor& out, int64_t top_k) {
  const int rows = keys.size(0);
  const int n = keys.size(1);
  TORCH_CHECK(out.size(0) == rows);
  refine_kernel<float, 1><<<rows, 512, 0, at::cuda::getCurrentCUDAStream()>>>(keys.data_ptr<float>(), out.data_ptr<int>(), n, (int)top_k);
}
