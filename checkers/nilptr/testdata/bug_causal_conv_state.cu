// Causal depthwise conv1d for a Mamba-style layer with an optional conv
// state: the first tokens of a sequence read the previous window from
// conv_state, but a prefill without cached state passes nullptr and the
// kernel reads it whenever the window reaches before the sequence start.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

constexpr int kWidth = 4;

__global__ void causal_conv1d_fwd_kernel(float* __restrict__ out, const float* __restrict__ x,
                                         const float* __restrict__ weight, const float* __restrict__ conv_state,
                                         const int seqlen, const int dim) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= dim) return;
  for (int t = 0; t < seqlen; ++t) {
    float acc = 0.f;
#pragma unroll
    for (int w = 0; w < kWidth; ++w) {
      const int src = t - (kWidth - 1) + w;
      float v;
      if (src >= 0) {
        v = x[(int64_t)src * dim + c];
      } else {
        v = conv_state[(int64_t)c * (kWidth - 1) + (src + kWidth - 1)];  // want `load from conv_state\[.*\] dereferences conv_state, which the launch in causal_conv1d_fwd at bug_causal_conv_state.cu:\d+ passes as nullptr when !conv_state.has_value\(\)`
      }
      acc += v * weight[c * kWidth + w];
    }
    out[(int64_t)t * dim + c] = acc;
  }
}

void causal_conv1d_fwd(torch::Tensor& out, const torch::Tensor& x, const torch::Tensor& weight,
                       const c10::optional<torch::Tensor>& conv_state) {
  const int seqlen = x.size(0);
  const int dim = x.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  const float* state_ptr = conv_state.has_value() ? conv_state.value().data_ptr<float>() : nullptr;
  causal_conv1d_fwd_kernel<<<(dim + 127) / 128, 128, 0, stream>>>(out.data_ptr<float>(), x.data_ptr<float>(),
                                                                  weight.data_ptr<float>(), state_ptr, seqlen, dim);
}
