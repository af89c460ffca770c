// Safe: greedy sampling (argmax over the 128256-entry vocabulary) with a
// block-wide (value, index) reduction: per-warp winners go to 32-entry
// shared arrays indexed by warp (a 1024-thread block has 32 warps), and
// the only global accesses are the int64_t row offset plus i < vocab_size.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape sampled[num_seqs]; shape logits[num_seqs, vocab_size]
// cudavet:user num_seqs <= 1 << 16; fixed vocab_size = 128256
// cudavet:launch grid=num_seqs block=1024
__global__ void argmax_kernel(int64_t* __restrict__ sampled, const float* __restrict__ logits,
                              const int vocab_size) {
  __shared__ float s_val[32];
  __shared__ int s_idx[32];
  const float* row = logits + (int64_t)blockIdx.x * vocab_size;
  float best = -INFINITY;
  int best_idx = 0;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    const float v = row[i];
    if (v > best) {
      best = v;
      best_idx = i;
    }
  }
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    const float other = __shfl_xor_sync(0xffffffff, best, mask);
    const int other_idx = __shfl_xor_sync(0xffffffff, best_idx, mask);
    if (other > best || (other == best && other_idx < best_idx)) {
      best = other;
      best_idx = other_idx;
    }
  }
  const int warp = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0) {
    s_val[warp] = best;
    s_idx[warp] = best_idx;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float v = s_val[0];
    int idx = s_idx[0];
    for (int w = 1; w < blockDim.x / 32; ++w) {
      if (s_val[w] > v) {
        v = s_val[w];
        idx = s_idx[w];
      }
    }
    sampled[blockIdx.x] = idx;
  }
}

void argmax_sample(torch::Tensor& sampled, const torch::Tensor& logits) {
  const int num_seqs = logits.size(0);
  const int vocab_size = logits.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  argmax_kernel<<<num_seqs, 1024, 0, stream>>>(sampled.data_ptr<int64_t>(), logits.data_ptr<float>(),
                                               vocab_size);
}
