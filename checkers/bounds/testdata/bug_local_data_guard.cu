// A per-sequence kernel masks the tail of its last block: the masking
// loop runs j <= VEC, one element past the thread's register vector. The
// branch is taken by the threads of the last block of every sequence,
// whose index comes from the sequence length loaded from memory.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int VEC = 4;
constexpr int BLOCK = 16;

struct Vec4 {
  float v[VEC];
};

__global__ void masked_sum_kernel(float* __restrict__ out, const float* __restrict__ values,
                                  const int* __restrict__ seq_lens, const int max_num_blocks) {
  const int seq = blockIdx.x;
  const int seq_len = seq_lens[seq];
  const int num_blocks = (seq_len + BLOCK - 1) / BLOCK;
  float acc = 0.f;
  for (int b = threadIdx.x; b < num_blocks && b < max_num_blocks; b += blockDim.x) {
    Vec4 x;
    for (int j = 0; j < VEC; j++) x.v[j] = values[((int64_t)seq * max_num_blocks + b) * VEC + j];
    if (b == num_blocks - 1) {
      float* p = reinterpret_cast<float*>(&x);
      for (int j = 0; j <= VEC; j++) {
        p[j] = b * BLOCK + j < seq_len ? p[j] : 0.f;  // want "store to p\\[j\\] is past the end of local array x \\(16 bytes\\)" "load from p\\[j\\] is past the end of local array x"
      }
    }
    for (int j = 0; j < VEC; j++) acc += x.v[j];
  }
  out[(int64_t)seq * blockDim.x + threadIdx.x] = acc;
}

void masked_sum(torch::Tensor& out, const torch::Tensor& values, const torch::Tensor& seq_lens) {
  TORCH_CHECK(values.dim() == 3 && values.size(2) == VEC);
  const int num_seqs = values.size(0);
  const int max_num_blocks = values.size(1);
  TORCH_CHECK(seq_lens.numel() == num_seqs);
  TORCH_CHECK(out.numel() == (int64_t)num_seqs * 128);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  masked_sum_kernel<<<num_seqs, 128, 0, stream>>>(out.data_ptr<float>(), values.data_ptr<float>(),
                                                  seq_lens.data_ptr<int>(), max_num_blocks);
}
