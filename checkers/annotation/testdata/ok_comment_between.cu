// Safe: directives may be split over several comment lines mixed with
// ordinary comments, and still attach to the kernel right below them.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// Sizes for Llama-3-8B decode:
// cudavet:shape out[num_seqs, vocab_size]; shape logits[num_seqs, vocab_size]
// (vocab_size is the padded vocabulary)
// cudavet:fixed vocab_size = 128256
// cudavet:user num_seqs <= 4096
// cudavet:launch grid=num_seqs block=1024
__global__ void logit_softcap_kernel(float* __restrict__ out, const float* __restrict__ logits, const float cap,
                                     const int vocab_size) {
  const int64_t row = (int64_t)blockIdx.x * vocab_size;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    out[row + i] = cap * tanhf(logits[row + i] / cap);
  }
}
