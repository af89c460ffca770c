// GEMM epilogue with an optional bias: the launcher passes nullptr when
// the layer has no bias, and the epilogue adds it only when it is there.
// Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename scalar_t>
__global__ void scaled_epilogue_kernel(scalar_t* __restrict__ out, const float* __restrict__ acc,
                                       const float* __restrict__ a_scales, const scalar_t* __restrict__ bias,
                                       const int m, const int n) {
  const int row = blockIdx.x;
  for (int col = threadIdx.x; col < n; col += blockDim.x) {
    const int64_t idx = (int64_t)row * n + col;
    float v = acc[idx] * a_scales[row];
    if (bias != nullptr) {
      v += static_cast<float>(bias[col]);
    }
    out[idx] = static_cast<scalar_t>(v);
  }
}

void scaled_epilogue(torch::Tensor& out, const torch::Tensor& acc, const torch::Tensor& a_scales,
                     const std::optional<torch::Tensor>& bias) {
  const int m = acc.size(0);
  const int n = acc.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  const float* bias_ptr = bias.has_value() ? bias->data_ptr<float>() : nullptr;
  scaled_epilogue_kernel<float><<<m, 256, 0, stream>>>(out.data_ptr<float>(), acc.data_ptr<float>(),
                                                       a_scales.data_ptr<float>(), bias_ptr, m, n);
}
