// Causal depthwise conv1d with an optional conv state: positions before
// the sequence start read the cached window when there is one and zeros
// otherwise. Safe.
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
      float v = 0.f;
      if (src >= 0) {
        v = x[(int64_t)src * dim + c];
      } else if (conv_state) {
        v = conv_state[(int64_t)c * (kWidth - 1) + (src + kWidth - 1)];
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
  const float* state_ptr = conv_state ? conv_state->data_ptr<float>() : nullptr;
  causal_conv1d_fwd_kernel<<<(dim + 127) / 128, 128, 0, stream>>>(out.data_ptr<float>(), x.data_ptr<float>(),
                                                                  weight.data_ptr<float>(), state_ptr, seqlen, dim);
}
