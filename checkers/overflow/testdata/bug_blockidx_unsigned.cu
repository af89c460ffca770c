// Input scaling for a 14336-wide MLP activation, indexed straight from
// blockIdx.x: blockIdx.x * hidden_size is unsigned 32-bit arithmetic and
// wraps past 2^32 once there are 299594 tokens.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[num_tokens, hidden_size]; shape in[num_tokens, hidden_size]
// cudavet:user num_tokens in [1, 1<<20]; fixed hidden_size = 14336
// cudavet:launch grid=num_tokens block=512
__global__ void scale_rows_kernel(float* __restrict__ out, const float* __restrict__ in,
                                  const float* __restrict__ scale, const int hidden_size) {
  const float s = scale[blockIdx.x];
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[blockIdx.x * hidden_size + i] = in[blockIdx.x * hidden_size + i] * s;  // want "overflows when num_tokens >= 299594" "overflows when num_tokens >= 299594"
  }
}

void scale_rows(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& scale) {
  const int hidden_size = in.size(-1);
  const int num_tokens = in.size(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale_rows_kernel<<<num_tokens, 512, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                                    scale.data_ptr<float>(), hidden_size);
}
