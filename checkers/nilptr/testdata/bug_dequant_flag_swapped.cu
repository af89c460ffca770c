// GPTQ-style dequantization with optional zero points and an optional
// bias, each announced by a flag passed beside its pointer: the launcher
// passes the two flags in the wrong order, so the kernel reads the zero
// points when the bias, not the zeros, is present.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void dequant_gemv_kernel(float* __restrict__ out, const int32_t* __restrict__ qweight,
                                    const float* __restrict__ scales, const int32_t* __restrict__ zeros,
                                    const float* __restrict__ bias, const int k, const int n,
                                    const bool has_zp, const bool has_bias) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col >= n) return;
  float acc = 0.f;
  for (int row = 0; row < k; ++row) {
    const int q = qweight[(int64_t)row * n + col];
    const int zp = has_zp ? zeros[col] : 8;  // want `load from zeros\[col\] dereferences zeros, which the launch in dequant_gemv at bug_dequant_flag_swapped.cu:\d+ passes as nullptr when !zeros.has_value\(\)`
    acc += (float)(q - zp) * scales[col];
  }
  if (has_bias) acc += bias[col];  // want `load from bias\[col\] dereferences bias, which the launch in dequant_gemv at bug_dequant_flag_swapped.cu:\d+ passes as nullptr when !bias.has_value\(\)`
  out[col] = acc;
}

void dequant_gemv(torch::Tensor& out, const torch::Tensor& qweight, const torch::Tensor& scales,
                  const std::optional<torch::Tensor>& zeros, const std::optional<torch::Tensor>& bias) {
  const int k = qweight.size(0);
  const int n = qweight.size(1);
  const bool has_zp = zeros.has_value();
  const bool has_bias = bias.has_value();
  const int32_t* zp_ptr = has_zp ? zeros->data_ptr<int32_t>() : nullptr;
  const float* bias_ptr = has_bias ? bias->data_ptr<float>() : nullptr;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dequant_gemv_kernel<<<(n + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), qweight.data_ptr<int32_t>(),
                                                           scales.data_ptr<float>(), zp_ptr, bias_ptr, k, n,
                                                           has_bias, has_zp);
}
