// Repetition penalty over logits read as float4: a Llama-2 checkpoint with
// a pad token added has 32001 logits per row, so every row but the first
// starts off a 16-byte boundary.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape logits[num_seqs, vocab_size]; shape penalties[num_seqs]
// cudavet:user num_seqs <= 4096; fixed vocab_size in {32000, 32001, 128256}
// cudavet:launch grid=num_seqs block=1024
__global__ void logit_penalty_vec4_kernel(float* __restrict__ logits, const float* __restrict__ penalties,
                                          const int vocab_size) {
  const float p = penalties[blockIdx.x];
  float4* row4 = reinterpret_cast<float4*>(logits + (int64_t)blockIdx.x * vocab_size);
  for (int i = threadIdx.x; i < vocab_size / 4; i += blockDim.x) {
    float4 v = row4[i];  // want "float4 load from logits is misaligned: byte offset \\d+ is not a multiple of 16 when num_seqs = 2 with vocab_size = 32001"
    v.x = v.x > 0.f ? v.x / p : v.x * p;
    v.y = v.y > 0.f ? v.y / p : v.y * p;
    v.z = v.z > 0.f ? v.z / p : v.z * p;
    v.w = v.w > 0.f ? v.w / p : v.w * p;
    row4[i] = v;  // want "float4 store to logits is misaligned"
  }
}

void logit_penalty_vec4(torch::Tensor& logits, const torch::Tensor& penalties) {
  const int num_seqs = logits.size(0);
  const int vocab_size = logits.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  logit_penalty_vec4_kernel<<<num_seqs, 1024, 0, stream>>>(logits.data_ptr<float>(), penalties.data_ptr<float>(),
                                                           vocab_size);
}
