// Safe: the early return and the branch around the barrier depend only on
// blockIdx.x and kernel arguments, which are the same for the whole block.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void rotary_cache_kernel(float* __restrict__ q, const float* __restrict__ cos_sin,
                                    const int64_t* __restrict__ positions,
                                    const int num_tokens, const int rot_dim, const int prefill_tokens) {
  __shared__ float s_cs[256];
  const int token = blockIdx.x;
  if (token >= num_tokens) {
    return;
  }
  const int64_t pos = positions[token];
  for (int i = threadIdx.x; i < rot_dim; i += blockDim.x) {
    s_cs[i] = cos_sin[pos * rot_dim + i];
  }
  __syncthreads();
  if (token < prefill_tokens) {
    for (int i = threadIdx.x; i < rot_dim / 2; i += blockDim.x) {
      s_cs[i] *= 0.5f;
    }
    __syncthreads();
  }
  for (int i = threadIdx.x; i < rot_dim / 2; i += blockDim.x) {
    const float x = q[token * rot_dim + i];
    const float y = q[token * rot_dim + i + rot_dim / 2];
    q[token * rot_dim + i] = x * s_cs[i] - y * s_cs[i + rot_dim / 2];
    q[token * rot_dim + i + rot_dim / 2] = y * s_cs[i] + x * s_cs[i + rot_dim / 2];
  }
}

void rotary_cache(torch::Tensor& q, torch::Tensor& cos_sin, torch::Tensor& positions,
                  int64_t prefill_tokens) {
  const int num_tokens = positions.numel();
  const int rot_dim = cos_sin.size(1);
  TORCH_CHECK(rot_dim <= 256, "rot_dim too large");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  rotary_cache_kernel<<<num_tokens, 128, 0, stream>>>(q.data_ptr<float>(), cos_sin.data_ptr<float>(),
                                                      positions.data_ptr<int64_t>(), num_tokens,
                                                      rot_dim, prefill_tokens);
}
