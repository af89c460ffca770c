// A user range whose bounds were swapped: no value lies in [4096, 1].
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape logits[num_seqs, vocab_size]; fixed vocab_size = 128256
// want +1 `cudavet:user: empty range \[4096, 1\] for num_seqs at column \d+`
// cudavet:user num_seqs in [4096, 1]
// cudavet:launch grid=num_seqs block=1024
__global__ void temperature_kernel(float* __restrict__ logits, const float* __restrict__ temperature,
                                   const int vocab_size) {
  const float inv_t = 1.f / temperature[blockIdx.x];
  float* row = logits + (int64_t)blockIdx.x * vocab_size;
  for (int i = threadIdx.x; i < vocab_size; i += blockDim.x) {
    row[i] *= inv_t;
  }
}
