// Residual add for a 7168-wide hidden state: the token's row offset is
// computed in int from blockIdx.x and wraps once a batch holds 299594
// tokens (a long prefill or a large chunked batch).
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
  const int token = blockIdx.x;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const int idx = token * hidden_size + i;  // want "token \\* hidden_size \\+ i \\(int\\) overflows when num_tokens >= 299594 with hidden_size = 7168"
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
