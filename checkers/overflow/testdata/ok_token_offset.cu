// Safe: the token's row offset is an int64_t, so token * hidden_size + i
// is 64-bit arithmetic for every token count the grid can hold.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

// cudavet:shape out[num_tokens, hidden_size]; shape residual[num_tokens, hidden_size]
// cudavet:user num_tokens; fixed hidden_size = 7168
// cudavet:launch grid=num_tokens block=1024
template <typename scalar_t>
__global__ void residual_add_kernel(scalar_t* __restrict__ out,
                                    const scalar_t* __restrict__ residual,
                                    const int hidden_size) {
  const int64_t token = blockIdx.x;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const int64_t idx = token * hidden_size + i;
    out[idx] = out[idx] + residual[idx];
  }
}

void residual_add(torch::Tensor& out, const torch::Tensor& residual) {
  const int hidden_size = out.size(-1);
  const int num_tokens = out.numel() / hidden_size;
  const dim3 grid(num_tokens);
  const dim3 block(1024);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(out.scalar_type(), "residual_add_kernel", [&] {
    residual_add_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<scalar_t>(), residual.data_ptr<scalar_t>(), hidden_size);
  });
}
