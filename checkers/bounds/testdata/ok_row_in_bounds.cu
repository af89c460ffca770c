// Safe: the loop stops at i < hidden_size, so every index of a token's row
// lies in [token * hidden_size, (token + 1) * hidden_size).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, hidden_size]; shape in[num_tokens, hidden_size]; shape bias[hidden_size]
// cudavet:user num_tokens <= 1 << 20; fixed hidden_size = 4096
// cudavet:launch grid=num_tokens block=1024
__global__ void bias_gelu_kernel(float* __restrict__ out, const float* __restrict__ in,
                                 const float* __restrict__ bias, const int hidden_size) {
  const int64_t token = blockIdx.x;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float x = in[token * hidden_size + i] + bias[i];
    out[token * hidden_size + i] = 0.5f * x * (1.f + erff(x * 0.70710678f));
  }
}

void bias_gelu(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& bias) {
  const int hidden_size = in.size(-1);
  const int num_tokens = in.numel() / hidden_size;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  bias_gelu_kernel<<<num_tokens, 1024, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                                    bias.data_ptr<float>(), hidden_size);
}
