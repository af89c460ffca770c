// Safe: a KV-cache write in the style of vLLM's reshape_and_cache. The
// launcher takes the token count from slot_mapping and the heads and head
// size from key; value is indexed with the same shape and its own row
// stride. That value has as many rows, and rows as wide, as key is the
// caller's contract: nothing in the launcher ties value's sizes to the
// others, and a value only smaller than that contract is no kernel bug.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void kv_write_kernel(const float* __restrict__ key,    // [num_tokens, num_heads, head_size]
                                const float* __restrict__ value,  // [num_tokens, num_heads, head_size]
                                float* __restrict__ cache,        // [num_slots, num_heads * head_size]
                                const int64_t* __restrict__ slot_mapping,  // [num_tokens]
                                const int key_stride, const int value_stride, const int num_heads,
                                const int head_size) {
  const int64_t token = blockIdx.x;
  const int64_t slot = slot_mapping[token];
  if (slot < 0) {
    return;
  }
  const int n = num_heads * head_size;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const float k = key[token * key_stride + i];
    const float v = value[token * value_stride + i];
    (void)slot;
    (void)cache;
    (void)k;
    (void)v;
  }
}

void kv_write(torch::Tensor& key, torch::Tensor& value, torch::Tensor& cache, torch::Tensor& slot_mapping) {
  const int num_tokens = slot_mapping.size(0);
  const int num_heads = key.size(1);
  const int head_size = key.size(2);
  const int key_stride = key.stride(0);
  const int value_stride = value.stride(0);
  dim3 grid(num_tokens);
  dim3 block(std::min(num_heads * head_size, 512));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  kv_write_kernel<<<grid, block, 0, stream>>>(key.data_ptr<float>(), value.data_ptr<float>(), cache.data_ptr<float>(),
                                              slot_mapping.data_ptr<int64_t>(), key_stride, value_stride, num_heads,
                                              head_size);
}
