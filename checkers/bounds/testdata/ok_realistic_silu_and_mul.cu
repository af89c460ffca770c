// Safe: SiluAndMul for the Llama-3-8B MLP (d = 14336): each token's input
// row holds [gate | up] (2 * d values) and its output row d values, all
// addressed from an int64_t token offset with idx < d.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

template <typename T>
__device__ __forceinline__ T silu(const T& x) {
  return (T)(((float)x) / (1.0f + expf((float)-x)));
}

// cudavet:shape out[num_tokens, d]; shape input[num_tokens, 2 * d]
// cudavet:user num_tokens <= 1 << 20; fixed d = 14336
// cudavet:launch grid=num_tokens block=min(d, 1024)
template <typename scalar_t>
__global__ void silu_and_mul_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ input,
                                    const int d) {
  const int64_t token_idx = blockIdx.x;
  for (int64_t idx = threadIdx.x; idx < d; idx += blockDim.x) {
    const scalar_t x = input[token_idx * 2 * d + idx];
    const scalar_t y = input[token_idx * 2 * d + d + idx];
    out[token_idx * d + idx] = silu(x) * y;
  }
}

void silu_and_mul(torch::Tensor& out, const torch::Tensor& input) {
  const int d = input.size(-1) / 2;
  const int64_t num_tokens = input.numel() / input.size(-1);
  const dim3 grid(num_tokens);
  const dim3 block(std::min(d, 1024));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "silu_and_mul_kernel", [&] {
    silu_and_mul_kernel<scalar_t><<<grid, block, 0, stream>>>(out.data_ptr<scalar_t>(),
                                                              input.data_ptr<scalar_t>(), d);
  });
}
