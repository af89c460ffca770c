// A shape whose closing ']' was lost in an edit: the directive does not
// parse, and the kernel's sizes would silently go unchecked.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// want +1 "cudavet:shape: expected '\\]'"
// cudavet:shape out[num_tokens, hidden_size
// cudavet:user num_tokens <= 1 << 20; fixed hidden_size = 4096
// cudavet:launch grid=num_tokens block=256
__global__ void scale_kernel(float* __restrict__ out, const float s, const int hidden_size) {
  const int64_t row = (int64_t)blockIdx.x * hidden_size;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[row + i] *= s;
  }
}
