// Single-query attention over a paged KV cache: each block (one head of
// one sequence) keeps a float logit per context token in dynamic shared
// memory. The launcher sizes that buffer from max_seq_len, the longest
// of seq_lens, with 2 bytes per token, as if a logit were a half: a
// sequence longer than half the longest writes past the buffer.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kThreads = 128;
constexpr int kBlockSize = 16;

template <typename T>
__global__ void paged_logits_kernel(float* __restrict__ out, const T* __restrict__ q,
                                    const T* __restrict__ k_cache, const int* __restrict__ block_tables,
                                    const int* __restrict__ seq_lens, const int max_blocks_per_seq,
                                    const int head_size) {
  extern __shared__ char shared_mem[];
  float* logits = reinterpret_cast<float*>(shared_mem);
  const int seq = blockIdx.y;
  const int seq_len = seq_lens[seq];
  for (int t = threadIdx.x; t < seq_len; t += kThreads) {
    const int block = block_tables[seq * max_blocks_per_seq + t / kBlockSize];
    logits[t] = static_cast<float>(k_cache[((int64_t)block * kBlockSize + t % kBlockSize) * head_size]);  // want `store to logits\[t\] is past the end of shared array shared_mem \(32 elements\) when max_seq_len >= 9`
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int t = 0; t < seq_len; ++t) s += logits[t];  // want `load from logits\[t\] is past the end of shared array shared_mem`
    out[seq * gridDim.x + blockIdx.x] = s;
  }
}

void paged_logits(torch::Tensor& out, torch::Tensor& q, torch::Tensor& k_cache,
                  torch::Tensor& block_tables, torch::Tensor& seq_lens, int64_t max_seq_len) {
  const int num_seqs = q.size(0);
  const int num_heads = q.size(1);
  const int head_size = q.size(2);
  const int max_blocks_per_seq = block_tables.size(1);
  TORCH_CHECK(out.size(0) == num_seqs && out.size(1) == num_heads);
  const int padded = (max_seq_len + kBlockSize - 1) / kBlockSize * kBlockSize;
  const int smem = padded * sizeof(at::Half);
  dim3 grid(num_heads, num_seqs);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  paged_logits_kernel<float><<<grid, kThreads, smem, stream>>>(
      out.data_ptr<float>(), q.data_ptr<float>(), k_cache.data_ptr<float>(), block_tables.data_ptr<int>(),
      seq_lens.data_ptr<int>(), max_blocks_per_seq, head_size);
}
