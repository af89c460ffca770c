// A LoRA token mask from the router's topk_ids [num_tokens, topk]: the
// launcher passes topk_ids.numel() and topk_ids.size(1), and the kernel
// recovers the token count as numel / topk_num. topk_ids is read as
// exactly two-dimensional (the mask has max_loras * size(0) entries), so
// the quotient is its rows, a step's tokens, far below 2^31.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void lora_token_mask_kernel(int* __restrict__ token_mask,
                                       const int32_t* __restrict__ token_lora_mapping,
                                       size_t numel, int32_t topk_num, int32_t max_loras) {
  const int lora_id = blockIdx.x;
  if (lora_id >= max_loras) return;
  int num_tokens = numel / topk_num;
  for (int i = threadIdx.x; i < num_tokens; i += blockDim.x) {
    token_mask[lora_id * num_tokens + i] = token_lora_mapping[i] == lora_id;
  }
}

void lora_token_mask(torch::Tensor& token_mask, const torch::Tensor& topk_ids,
                     const torch::Tensor& token_lora_mapping,
                     const torch::Tensor& adapter_enabled) {
  const int topk_num = topk_ids.size(1);
  const int max_loras = adapter_enabled.size(0);
  TORCH_CHECK(token_lora_mapping.size(0) == topk_ids.size(0), "one LoRA id per token");
  TORCH_CHECK(token_mask.numel() == max_loras * topk_ids.size(0), "one entry per LoRA and token");
  TORCH_CHECK(max_loras <= 256, "at most 256 LoRA slots");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  lora_token_mask_kernel<<<max_loras, 256, 0, stream>>>(
      token_mask.data_ptr<int>(), token_lora_mapping.data_ptr<int32_t>(), topk_ids.numel(),
      topk_num, max_loras);
}
