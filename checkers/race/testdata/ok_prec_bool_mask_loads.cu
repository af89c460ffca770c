// Repetition penalty: each thread scales the logits of the tokens that
// appear in the prompt or in the output so far, read from two bool masks.
// Every logit is owned by one thread of one block (the stride loop covers
// disjoint elements), so the writes under the data-dependent masks do not
// race. The masks are bool loads: the two-thread check must relate them
// as booleans.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void repetition_penalty_kernel(float* __restrict__ logits, const bool* __restrict__ prompt_mask,
                                          const bool* __restrict__ output_mask, const float penalty,
                                          const int vocab_size) {
  const int64_t row = blockIdx.x;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    const int64_t idx = row * vocab_size + i;
    if (prompt_mask[idx] || output_mask[idx]) {
      const float l = logits[idx];
      logits[idx] = l > 0.f ? l / penalty : l * penalty;
    }
  }
}

void repetition_penalty(torch::Tensor& logits, torch::Tensor& prompt_mask, torch::Tensor& output_mask,
                        double penalty) {
  const int num_seqs = logits.size(0);
  const int vocab_size = logits.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  repetition_penalty_kernel<<<num_seqs, 256, 0, stream>>>(logits.data_ptr<float>(), prompt_mask.data_ptr<bool>(),
                                                          output_mask.data_ptr<bool>(), (float)penalty, vocab_size);
}
