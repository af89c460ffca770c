// Safe: token embedding lookup for Llama-3-8B (vocab 128256, hidden 4096).
// The token id is loaded from input_ids, so the weight row is the
// launcher's business (cudavet cannot know the ids are < vocab_size, and
// does not claim otherwise); the row offset is int64_t and the loop stays
// inside one row.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_bf16.h>

// cudavet:shape out[num_tokens, hidden_size]; shape input_ids[num_tokens]; shape weight[vocab_size, hidden_size]
// cudavet:user num_tokens <= 1 << 20; fixed vocab_size = 128256; fixed hidden_size = 4096
// cudavet:launch grid=num_tokens block=512
__global__ void embedding_kernel(__nv_bfloat16* __restrict__ out, const int64_t* __restrict__ input_ids,
                                 const __nv_bfloat16* __restrict__ weight, const int hidden_size) {
  const int64_t token = blockIdx.x;
  const int64_t id = input_ids[token];
  const __nv_bfloat16* src = weight + id * hidden_size;
  __nv_bfloat16* dst = out + token * hidden_size;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    dst[i] = src[i];
  }
}

void embedding(torch::Tensor& out, const torch::Tensor& input_ids, const torch::Tensor& weight) {
  const int num_tokens = input_ids.numel();
  const int hidden_size = weight.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  embedding_kernel<<<num_tokens, 512, 0, stream>>>(reinterpret_cast<__nv_bfloat16*>(out.data_ptr()),
                                                   input_ids.data_ptr<int64_t>(),
                                                   reinterpret_cast<const __nv_bfloat16*>(weight.data_ptr()),
                                                   hidden_size);
}
