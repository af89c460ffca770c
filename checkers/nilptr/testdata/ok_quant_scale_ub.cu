// Dynamic per-token FP8 quantization with an optional upper bound on the
// scales: the launcher passes nullptr without scale_ub, and the kernel
// clamps only when the bound is there. Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void dynamic_per_token_scaled_fp8_quant_kernel(int8_t* __restrict__ out, float* __restrict__ scales,
                                                          const float* __restrict__ input,
                                                          const float* __restrict__ scale_ub,
                                                          const int hidden_size) {
  __shared__ float s_absmax[32];
  const int64_t token = blockIdx.x;
  float absmax = 0.f;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    absmax = fmaxf(absmax, fabsf(input[token * hidden_size + i]));
  }
  if (threadIdx.x % 32 == 0) s_absmax[threadIdx.x / 32] = absmax;
  __syncthreads();
  if (threadIdx.x == 0) {
    float m = 0.f;
    for (int w = 0; w < blockDim.x / 32; ++w) m = fmaxf(m, s_absmax[w]);
    if (scale_ub != nullptr) m = fminf(m, *scale_ub);
    scales[token] = fmaxf(m / 448.f, 1e-12f);
  }
  __syncthreads();
  const float inv = 448.f / fmaxf(scales[token] * 448.f, 1e-12f);
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[token * hidden_size + i] = static_cast<int8_t>(input[token * hidden_size + i] * inv);
  }
}

void dynamic_per_token_scaled_fp8_quant(torch::Tensor& out, const torch::Tensor& input, torch::Tensor& scales,
                                        const std::optional<at::Tensor>& scale_ub) {
  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dynamic_per_token_scaled_fp8_quant_kernel<<<num_tokens, 256, 0, stream>>>(
      out.data_ptr<int8_t>(), scales.data_ptr<float>(), input.data_ptr<float>(),
      scale_ub.has_value() ? scale_ub->data_ptr<float>() : nullptr, hidden_size);
}
