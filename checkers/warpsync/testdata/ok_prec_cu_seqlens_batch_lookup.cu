// Gather from a paged cache, one token per row of a (32, 8) block: the
// lanes of a row search the batch for the sequence that holds the row's
// token, and the one that finds it stores its index in shared memory.
// cu_seq_lens is the [batch + 1] prefix sum of the sequence lengths, so
// the half-open intervals [cu_seq_lens[b], cu_seq_lens[b + 1]) of two
// sequences are disjoint: at most one lane of a row stores.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int BLOCK_Y = 8;

__global__ void gather_tokens_kernel(float* __restrict__ dst, const float* __restrict__ src,
                                     const int* __restrict__ cu_seq_lens, const int batch_size,
                                     const int num_tokens, const int head_dim) {
  const int token_idx = blockIdx.x * blockDim.y + threadIdx.y;
  __shared__ int batch_idx[BLOCK_Y];
  if (threadIdx.x == 0) {
    batch_idx[threadIdx.y] = -1;
  }
  __syncthreads();
  for (int iter = 0; iter < (batch_size + blockDim.x - 1) / blockDim.x; iter++) {
    int b = iter * blockDim.x + threadIdx.x;
    if (b < batch_size) {
      const int seq_start = cu_seq_lens[b];
      const int seq_end = cu_seq_lens[b + 1];
      if (token_idx >= seq_start && token_idx < seq_end) {
        batch_idx[threadIdx.y] = b;
      }
    }
  }
  __syncthreads();
  const int batch = batch_idx[threadIdx.y];
  if (token_idx >= num_tokens || batch < 0) return;
  for (int d = threadIdx.x; d < head_dim; d += blockDim.x) {
    dst[(int64_t)token_idx * head_dim + d] = src[(int64_t)token_idx * head_dim + d];
  }
}

void gather_tokens(torch::Tensor& dst, const torch::Tensor& src, const torch::Tensor& cu_seq_lens) {
  const int batch_size = cu_seq_lens.size(0) - 1;
  const int num_tokens = dst.size(0);
  const int head_dim = dst.size(1);
  TORCH_CHECK(src.size(0) == num_tokens && src.size(1) == head_dim, "src like dst");
  dim3 grid((num_tokens + BLOCK_Y - 1) / BLOCK_Y);
  dim3 block(32, BLOCK_Y);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gather_tokens_kernel<<<grid, block, 0, stream>>>(dst.data_ptr<float>(), src.data_ptr<float>(),
                                                   cu_seq_lens.data_ptr<int>(), batch_size,
                                                   num_tokens, head_dim);
}
