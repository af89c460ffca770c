// Decode attention score staging: each block stages the scores of one
// sequence in shared memory, at most MAX_CTX of them. The length comes from
// the data (seq_lens) and is clamped with min() before it bounds the loop,
// so every write is below MAX_CTX whatever the data. Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int MAX_CTX>
__global__ void stage_scores_kernel(float* __restrict__ out, const float* __restrict__ scores,
                                    const int* __restrict__ seq_lens, const int max_seq_len) {
  __shared__ float s_scores[MAX_CTX];
  const int seq = blockIdx.x;
  const int len = min(__ldg(&seq_lens[seq]), MAX_CTX);
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    s_scores[i] = scores[(int64_t)seq * max_seq_len + i];
  }
  __syncthreads();
  const int last = max(len - 1, 0);
  if (threadIdx.x == 0 && len > 0) {
    out[seq] = s_scores[last];
  }
}

void stage_scores(torch::Tensor& out, torch::Tensor& scores, torch::Tensor& seq_lens) {
  const int num_seqs = scores.size(0);
  const int max_seq_len = scores.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  stage_scores_kernel<512><<<num_seqs, 128, 0, stream>>>(out.data_ptr<float>(), scores.data_ptr<float>(),
                                                         seq_lens.data_ptr<int>(), max_seq_len);
}
