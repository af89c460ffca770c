// Safe: NeoX-style rotary embedding for Llama-3-8B (32 query heads, 8 KV
// heads, head_size 128, full rotary dim). The position is loaded from
// memory, so the cos/sin row is only checked as far as the engine can
// (it cannot prove the row exists, and must not claim it does not); every
// query and key index stays inside its token's row.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

template <typename scalar_t>
__device__ __forceinline__ void rotate_pair(scalar_t* __restrict__ arr, const scalar_t* __restrict__ cos_ptr,
                                            const scalar_t* __restrict__ sin_ptr, const int rot_offset,
                                            const int embed_dim) {
  const int x_index = rot_offset;
  const int y_index = embed_dim + rot_offset;
  const float c = (float)cos_ptr[x_index];
  const float s = (float)sin_ptr[x_index];
  const float x = (float)arr[x_index];
  const float y = (float)arr[y_index];
  arr[x_index] = (scalar_t)(x * c - y * s);
  arr[y_index] = (scalar_t)(y * c + x * s);
}

// cudavet:shape positions[num_tokens]; shape query[num_tokens, num_heads * head_size]
// cudavet:shape key[num_tokens, num_kv_heads * head_size]; shape cos_sin_cache[max_position, rot_dim]
// cudavet:user num_tokens <= 1 << 20; fixed max_position = 131072
// cudavet:fixed num_heads = 32; fixed num_kv_heads = 8; fixed head_size = 128; fixed rot_dim = 128
// cudavet:assume query_stride == num_heads * head_size && key_stride == num_kv_heads * head_size
// cudavet:launch grid=num_tokens block=min(num_heads * rot_dim / 2, 512)
template <typename scalar_t>
__global__ void rotary_embedding_kernel(const int64_t* __restrict__ positions, scalar_t* __restrict__ query,
                                        scalar_t* __restrict__ key, const scalar_t* __restrict__ cos_sin_cache,
                                        const int rot_dim, const int64_t query_stride, const int64_t key_stride,
                                        const int num_heads, const int num_kv_heads, const int head_size) {
  const int64_t token_idx = blockIdx.x;
  const int64_t pos = positions[token_idx];
  const scalar_t* cache_ptr = cos_sin_cache + pos * rot_dim;
  const int embed_dim = rot_dim / 2;
  const scalar_t* cos_ptr = cache_ptr;
  const scalar_t* sin_ptr = cache_ptr + embed_dim;

  const int nq = num_heads * embed_dim;
  for (int i = threadIdx.x; i < nq; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int64_t token_head = token_idx * query_stride + head_idx * head_size;
    rotate_pair<scalar_t>(query + token_head, cos_ptr, sin_ptr, i % embed_dim, embed_dim);
  }
  const int nk = num_kv_heads * embed_dim;
  for (int i = threadIdx.x; i < nk; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int64_t token_head = token_idx * key_stride + head_idx * head_size;
    rotate_pair<scalar_t>(key + token_head, cos_ptr, sin_ptr, i % embed_dim, embed_dim);
  }
}

void rotary_embedding(const torch::Tensor& positions, torch::Tensor& query, torch::Tensor& key,
                      int64_t head_size, const torch::Tensor& cos_sin_cache) {
  const int64_t num_tokens = positions.numel();
  const int rot_dim = cos_sin_cache.size(1);
  const int num_heads = query.size(-1) / head_size;
  const int num_kv_heads = key.size(-1) / head_size;
  const int64_t query_stride = query.stride(-2);
  const int64_t key_stride = key.stride(-2);
  const dim3 grid(num_tokens);
  const dim3 block(std::min<int64_t>(num_heads * rot_dim / 2, 512));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(query.scalar_type(), "rotary_embedding", [&] {
    rotary_embedding_kernel<scalar_t><<<grid, block, 0, stream>>>(
        positions.data_ptr<int64_t>(), query.data_ptr<scalar_t>(), key.data_ptr<scalar_t>(),
        cos_sin_cache.data_ptr<scalar_t>(), rot_dim, query_stride, key_stride, num_heads, num_kv_heads,
        head_size);
  });
}
