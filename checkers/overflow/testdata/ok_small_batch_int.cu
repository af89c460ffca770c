// Safe: decode batches are capped at 65536 tokens and hidden_size is at
// most 8192, so token * hidden_size + i stays below 2^29 in int.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

// cudavet:shape out[num_tokens, hidden_size]; shape x[num_tokens, hidden_size]; shape gate[num_tokens]
// cudavet:user num_tokens <= 65536; fixed hidden_size in {4096, 5120, 8192}
// cudavet:launch grid=num_tokens block=min(hidden_size, 1024)
__global__ void gated_scale_kernel(__half* __restrict__ out, const __half* __restrict__ x,
                                   const float* __restrict__ gate, const int hidden_size) {
  const int token = blockIdx.x;
  const float g = gate[token];
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    out[token * hidden_size + i] = __float2half(__half2float(x[token * hidden_size + i]) * g);
  }
}

void gated_scale(torch::Tensor& out, const torch::Tensor& x, const torch::Tensor& gate) {
  const int hidden_size = x.size(-1);
  const int num_tokens = x.size(0);
  TORCH_CHECK(num_tokens <= 65536);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gated_scale_kernel<<<num_tokens, std::min(hidden_size, 1024), 0, stream>>>(
      reinterpret_cast<__half*>(out.data_ptr()), reinterpret_cast<const __half*>(x.data_ptr()),
      gate.data_ptr<float>(), hidden_size);
}
