// In-place fp8 quantisation of one token per block. The loop bound is
// rounded up to a multiple of blockDim.x, so every thread runs the same
// number of iterations and reaches the barrier between the loads and the
// stores equally often; `active` guards the work, not the barrier. Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void quant_inplace_kernel(float* __restrict__ data, const float inv_scale, const int hidden) {
  float* row = data + (int64_t)blockIdx.x * hidden;
  const int rounded = ((hidden + blockDim.x - 1) / blockDim.x) * blockDim.x;
  for (int i = threadIdx.x; i < rounded; i += blockDim.x) {
    const bool active = i < hidden;
    float v = 0.f;
    if (active) {
      v = row[i];
    }
    __syncthreads();
    if (active) {
      row[i] = fminf(fmaxf(v * inv_scale, -448.f), 448.f);
    }
  }
}

void quant_inplace(torch::Tensor& data, double scale) {
  const int num_tokens = data.size(0);
  const int hidden = data.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  quant_inplace_kernel<<<num_tokens, 256, 0, stream>>>(data.data_ptr<float>(), (float)(1.0 / scale), hidden);
}
