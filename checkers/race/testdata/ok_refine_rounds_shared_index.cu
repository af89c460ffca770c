// bug_refine_rounds_shared_index.cu with the round closed by a barrier:
// every thread has read s_hist[threshold + 1] before any thread of the
// next round clears the histogram.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int RADIX = 256;

__global__ void refine_rounds_kernel(const unsigned* __restrict__ keys, int* __restrict__ remain_out, const int n,
                                     const int top_k) {
  __shared__ int s_hist[RADIX + 1];
  __shared__ int s_threshold;
  const int tx = threadIdx.x;
  const unsigned* row = keys + (int64_t)blockIdx.x * n;
  int remain = top_k;
  for (int round = 0; round < 4; ++round) {
    const int shift = 24 - 8 * round;
    if (tx < RADIX + 1) s_hist[tx] = 0;
    __syncthreads();
    for (int i = tx; i < n; i += blockDim.x) atomicAdd(&s_hist[(row[i] >> shift) & 0xFF], 1);
    __syncthreads();
    if (tx < RADIX && s_hist[tx] > remain && s_hist[tx + 1] <= remain) {
      s_threshold = tx;
    }
    __syncthreads();
    const int threshold = s_threshold;
    remain -= s_hist[threshold + 1];
    __syncthreads();
    if (remain == 0) break;
  }
  if (tx == 0) remain_out[blockIdx.x] = remain;
}

void refine_rounds(const torch::Tensor& keys, torch::Tensor& remain, int64_t top_k) {
  const int rows = keys.size(0);
  const int n = keys.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  TORCH_CHECK(remain.size(0) == rows);
  refine_rounds_kernel<<<rows, 512, 0, stream>>>(reinterpret_cast<const unsigned*>(keys.data_ptr<int>()),
                                                 remain.data_ptr<int>(), n, (int)top_k);
}
