// Zeroes a [num_tokens, hidden] activation with a grid-stride loop whose
// bound is the element count, computed in unsigned and stored in an int:
// from 2^31 elements (262,144 tokens at a hidden size of 8,192) the int is
// negative and the loop writes nothing.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void zero_rows_kernel(float* __restrict__ out, const unsigned num_tokens, const unsigned hidden) {
  const int total = num_tokens * hidden;  // want "conversion of num_tokens \\* hidden \\(unsigned int\\) to int truncates"
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += (int64_t)gridDim.x * blockDim.x) {
    out[i] = 0.f;
  }
}

void zero_rows(torch::Tensor& out) {
  const unsigned num_tokens = out.size(0);
  const unsigned hidden = out.size(1);
  zero_rows_kernel<<<1024, 256, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), num_tokens, hidden);
}
