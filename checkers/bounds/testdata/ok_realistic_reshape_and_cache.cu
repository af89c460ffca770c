// Safe: writes each token's key and value into the paged cache
// ([num_blocks, block_size, num_kv_heads, head_size], Llama-3-8B: 8 KV heads
// of 128). The slot comes from slot_mapping (loaded, so its range is the
// launcher's business); padded tokens (slot < 0) are skipped, and all
// cache offsets are int64_t.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

// cudavet:shape key[num_tokens, num_kv_heads * head_size]; shape value[num_tokens, num_kv_heads * head_size]
// cudavet:shape key_cache[num_blocks, block_size, num_kv_heads, head_size]
// cudavet:shape value_cache[num_blocks, block_size, num_kv_heads, head_size]
// cudavet:shape slot_mapping[num_tokens]
// cudavet:user num_tokens <= 1 << 20; user num_blocks <= 1 << 20
// cudavet:fixed num_kv_heads = 8; fixed head_size = 128; fixed block_size in {16, 32}
// cudavet:assume key_stride == num_kv_heads * head_size && value_stride == num_kv_heads * head_size
// cudavet:launch grid=num_tokens block=min(num_kv_heads * head_size, 512)
template <typename scalar_t>
__global__ void reshape_and_cache_flash_kernel(const scalar_t* __restrict__ key, const scalar_t* __restrict__ value,
                                               scalar_t* __restrict__ key_cache, scalar_t* __restrict__ value_cache,
                                               const int64_t* __restrict__ slot_mapping, const int64_t key_stride,
                                               const int64_t value_stride, const int num_kv_heads,
                                               const int head_size, const int block_size) {
  const int64_t token_idx = blockIdx.x;
  const int64_t slot_idx = slot_mapping[token_idx];
  if (slot_idx < 0) {
    return;
  }
  const int64_t block_idx = slot_idx / block_size;
  const int64_t block_offset = slot_idx % block_size;
  const int64_t block_stride = (int64_t)block_size * num_kv_heads * head_size;
  const int n = num_kv_heads * head_size;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int64_t src_key = token_idx * key_stride + i;
    const int64_t src_value = token_idx * value_stride + i;
    const int64_t tgt = block_idx * block_stride + block_offset * n + i;
    key_cache[tgt] = key[src_key];
    value_cache[tgt] = value[src_value];
  }
}

void reshape_and_cache_flash(const torch::Tensor& key, const torch::Tensor& value, torch::Tensor& key_cache,
                             torch::Tensor& value_cache, const torch::Tensor& slot_mapping) {
  const int num_tokens = slot_mapping.size(0);
  const int num_kv_heads = key.size(1);
  const int head_size = key.size(2);
  const int block_size = key_cache.size(1);
  const int64_t key_stride = key.stride(0);
  const int64_t value_stride = value.stride(0);
  const dim3 grid(num_tokens);
  const dim3 block(std::min(num_kv_heads * head_size, 512));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(key.scalar_type(), "reshape_and_cache_flash_kernel", [&] {
    reshape_and_cache_flash_kernel<scalar_t><<<grid, block, 0, stream>>>(
        key.data_ptr<scalar_t>(), value.data_ptr<scalar_t>(), key_cache.data_ptr<scalar_t>(),
        value_cache.data_ptr<scalar_t>(), slot_mapping.data_ptr<int64_t>(), key_stride, value_stride,
        num_kv_heads, head_size, block_size);
  });
}
