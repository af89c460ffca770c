// Optional bias staging: whether the bias is used is decided by a helper
// defined in another translation unit (only its declaration is visible).
// The block stages the bias row in shared memory when the helper says so,
// and reads it back under the same call after the barrier. Both calls give
// the same answer, but the engine cannot evaluate them; it must not pair a
// "no" at the write with a "yes" at the read. Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ bool bias_enabled(const float* bias, int layer);

__global__ void add_bias_kernel(float* __restrict__ out, const float* __restrict__ in,
                                const float* __restrict__ bias, const int layer, const int hidden) {
  __shared__ float s_bias[256];
  const int64_t row = blockIdx.x;
  if (bias_enabled(bias, layer)) {
    s_bias[threadIdx.x] = bias[threadIdx.x];
  }
  __syncthreads();
  float v = in[row * hidden + threadIdx.x];
  if (bias_enabled(bias, layer)) {
    v += s_bias[threadIdx.x];
  }
  out[row * hidden + threadIdx.x] = v;
}

void add_bias(torch::Tensor& out, torch::Tensor& in, torch::Tensor& bias, int64_t layer) {
  const int rows = in.size(0);
  TORCH_CHECK(in.size(1) == 256, "hidden must be 256");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  add_bias_kernel<<<rows, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                            bias.data_ptr<float>(), layer, 256);
}
