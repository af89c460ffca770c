// A per-token scale whose row offset is computed in int: it overflows
// once token * hidden_size passes 2^31 (about 300,000 tokens at the
// bundled models' hidden sizes), which the default limit of 1,048,576
// tokens allows and this directory's .cudavet.yaml (at most 65,536
// tokens) does not.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void token_scale_kernel(float* __restrict__ out, const float* __restrict__ in,
                                   const float* __restrict__ scale, const int hidden_size) {
  const int token = blockIdx.x;
  const float s = scale[token];
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[token * hidden_size + i] = in[token * hidden_size + i] * s;
  }
}

void token_scale(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& scale) {
  const int hidden_size = in.size(-1);
  const int num_tokens = in.numel() / hidden_size;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  token_scale_kernel<<<num_tokens, 1024, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(),
                                                      scale.data_ptr<float>(), hidden_size);
}
