// A launch annotation separated from its kernel by a blank line is at file
// scope, where it would apply to every kernel of the file: rejected.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// want +1 "cudavet:launch applies to no function: write it right before the function"
// cudavet:launch grid=num_tokens block=256

// cudavet:shape out[num_tokens, d]; shape in[num_tokens, 2 * d]
// cudavet:user num_tokens <= 1 << 20; fixed d = 11008
__global__ void gelu_and_mul_kernel(float* __restrict__ out, const float* __restrict__ in, const int d) {
  const int64_t token = blockIdx.x;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    const float x = in[token * 2 * d + i];
    const float y = in[token * 2 * d + d + i];
    out[token * d + i] = 0.5f * x * (1.f + erff(x * 0.70710678f)) * y;
  }
}
