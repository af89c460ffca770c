// Safe: the vector loop starts at the first 16-byte boundary of the row:
// the (at most 3) logits before it and the tail after the last full float4
// are handled one by one, so any vocab_size, 32001 included, is aligned.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape logits[num_seqs, vocab_size]; shape penalties[num_seqs]
// cudavet:user num_seqs <= 4096; fixed vocab_size in {32000, 32001, 128256}
// cudavet:launch grid=num_seqs block=1024
__global__ void logit_penalty_vec4_kernel(float* __restrict__ logits, const float* __restrict__ penalties,
                                          const int vocab_size) {
  const float p = penalties[blockIdx.x];
  const int64_t base = (int64_t)blockIdx.x * vocab_size;
  const int head = (int)((4 - base % 4) % 4);
  const int n4 = (vocab_size - head) / 4;
  float* row = logits + base;
  if (threadIdx.x < head) {
    const float v = row[threadIdx.x];
    row[threadIdx.x] = v > 0.f ? v / p : v * p;
  }
  float4* row4 = reinterpret_cast<float4*>(row + head);
  for (int i = threadIdx.x; i < n4; i += blockDim.x) {
    float4 v = row4[i];
    v.x = v.x > 0.f ? v.x / p : v.x * p;
    v.y = v.y > 0.f ? v.y / p : v.y * p;
    v.z = v.z > 0.f ? v.z / p : v.z * p;
    v.w = v.w > 0.f ? v.w / p : v.w * p;
    row4[i] = v;
  }
  for (int i = head + n4 * 4 + threadIdx.x; i < vocab_size; i += blockDim.x) {
    const float v = row[i];
    row[i] = v > 0.f ? v / p : v * p;
  }
}

void logit_penalty_vec4(torch::Tensor& logits, const torch::Tensor& penalties) {
  const int num_seqs = logits.size(0);
  const int vocab_size = logits.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  logit_penalty_vec4_kernel<<<num_seqs, 1024, 0, stream>>>(logits.data_ptr<float>(), penalties.data_ptr<float>(),
                                                           vocab_size);
}
