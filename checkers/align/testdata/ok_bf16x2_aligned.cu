// Safe: bf16 bias add two values at a time; the launcher takes only even
// hidden sizes (assume hidden_size % 2 == 0), so every row starts on a
// 4-byte boundary and each __nv_bfloat162 access is aligned.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

// cudavet:shape out[num_tokens, hidden_size]; shape bias[hidden_size]
// cudavet:user num_tokens <= 1 << 20; user hidden_size <= 16384
// cudavet:assume hidden_size % 2 == 0
// cudavet:launch grid=num_tokens block=256
__global__ void bias_add_bf16x2_kernel(__nv_bfloat16* __restrict__ out, const __nv_bfloat16* __restrict__ bias,
                                       const int hidden_size) {
  const int64_t token = blockIdx.x;
  __nv_bfloat162* row2 = reinterpret_cast<__nv_bfloat162*>(out + token * hidden_size);
  const __nv_bfloat162* bias2 = reinterpret_cast<const __nv_bfloat162*>(bias);
  for (int i = threadIdx.x; i < hidden_size / 2; i += blockDim.x) {
    row2[i] = __hadd2(row2[i], bias2[i]);
  }
}

void bias_add_bf16x2(torch::Tensor& out, const torch::Tensor& bias) {
  const int hidden_size = out.size(-1);
  const int num_tokens = out.numel() / hidden_size;
  TORCH_CHECK(hidden_size % 2 == 0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  bias_add_bf16x2_kernel<<<num_tokens, 256, 0, stream>>>(reinterpret_cast<__nv_bfloat16*>(out.data_ptr()),
                                                         reinterpret_cast<const __nv_bfloat16*>(bias.data_ptr()),
                                                         hidden_size);
}
