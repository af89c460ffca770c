// Bug twin of ok_unrolled_step_cond.cu for overflow: a constant loop
// spreads its eight values a billion elements apart in 32 bits, so from
// the fifth on the index wraps, whatever the launch.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void spread_kernel(float* __restrict__ out, const float* __restrict__ in) {
  float v[8];
  for (uint32_t j = 0; j < 8; ++j) v[j] = in[threadIdx.x * 8 + j];
  for (uint32_t j = 0; j < 8; ++j) {
    const uint32_t at = j * 1000000000u + threadIdx.x;  // want "j \\* 1000000000 \\(uint32_t\\) overflows"
    out[at] = v[j];
  }
}

void spread(torch::Tensor& out, const torch::Tensor& in) {
  TORCH_CHECK(in.numel() == 8 * 128);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  spread_kernel<<<1, 128, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>());
}
