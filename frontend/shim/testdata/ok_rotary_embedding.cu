// Rotary position embedding applied in place to query and key, reading a
// [max_position, rot_dim] cos/sin cache; IS_NEOX selects the split-halves
// layout over the interleaved one.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include "cuda_compat.h"
#include "dispatch_utils.h"

namespace cudavet_test {

template <typename scalar_t, bool IS_NEOX>
inline __device__ void rotate_pair(scalar_t* __restrict__ head,
                                   const scalar_t* __restrict__ cos_ptr,
                                   const scalar_t* __restrict__ sin_ptr,
                                   int rot_offset, int embed_dim) {
  int x_index, y_index;
  scalar_t c, s;
  if (IS_NEOX) {
    x_index = rot_offset;
    y_index = embed_dim + rot_offset;
    c = VLLM_LDG(cos_ptr + x_index);
    s = VLLM_LDG(sin_ptr + x_index);
  } else {
    x_index = 2 * rot_offset;
    y_index = 2 * rot_offset + 1;
    c = VLLM_LDG(cos_ptr + x_index / 2);
    s = VLLM_LDG(sin_ptr + x_index / 2);
  }
  const scalar_t x = head[x_index];
  const scalar_t y = head[y_index];
  head[x_index] = x * c - y * s;
  head[y_index] = y * c + x * s;
}

template <typename scalar_t, bool IS_NEOX>
__global__ void rotary_embedding_kernel(
    const int64_t* __restrict__ positions,  // [num_tokens]
    scalar_t* __restrict__ query,           // [num_tokens, num_heads, head_size]
    scalar_t* __restrict__ key,             // [num_tokens, num_kv_heads, head_size]
    const scalar_t* __restrict__ cos_sin_cache,  // [max_position, rot_dim]
    const int rot_dim, const int64_t query_stride, const int64_t key_stride,
    const int num_heads, const int num_kv_heads, const int head_size) {
  const int token_idx = blockIdx.x;
  const int64_t pos = positions[token_idx];
  const scalar_t* cache_ptr = cos_sin_cache + pos * rot_dim;
  const int embed_dim = rot_dim / 2;
  const scalar_t* cos_ptr = cache_ptr;
  const scalar_t* sin_ptr = cache_ptr + embed_dim;

  const int nq = num_heads * embed_dim;
  for (int i = threadIdx.x; i < nq; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int64_t token_head = token_idx * query_stride + head_idx * head_size;
    rotate_pair<scalar_t, IS_NEOX>(query + token_head, cos_ptr, sin_ptr,
                                   i % embed_dim, embed_dim);
  }

  const int nk = num_kv_heads * embed_dim;
  for (int i = threadIdx.x; i < nk; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int64_t token_head = token_idx * key_stride + head_idx * head_size;
    rotate_pair<scalar_t, IS_NEOX>(key + token_head, cos_ptr, sin_ptr,
                                   i % embed_dim, embed_dim);
  }
}

}  // namespace cudavet_test

void rotary_embedding(torch::Tensor& positions, torch::Tensor& query,
                      torch::Tensor& key, int64_t head_size,
                      torch::Tensor& cos_sin_cache, bool is_neox) {
  const int64_t num_tokens = positions.numel();
  const int positions_ndim = positions.dim();
  TORCH_CHECK(positions_ndim == 1 || positions_ndim == 2,
              "positions must have shape [num_tokens] or [batch, seq_len]");
  TORCH_CHECK(positions.scalar_type() == at::kLong);

  const int rot_dim = cos_sin_cache.size(1);
  const int num_heads = query.numel() / num_tokens / head_size;
  const int num_kv_heads = key.numel() / num_tokens / head_size;
  const int64_t query_stride = query.stride(-2);
  const int64_t key_stride = key.stride(-2);

  dim3 grid(num_tokens);
  dim3 block(std::min<int64_t>(num_heads * rot_dim / 2, 512));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(query));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(query.scalar_type(), "rotary_embedding", [&] {
    if (is_neox) {
      cudavet_test::rotary_embedding_kernel<scalar_t, true>
          <<<grid, block, 0, stream>>>(
              positions.data_ptr<int64_t>(), query.data_ptr<scalar_t>(),
              key.data_ptr<scalar_t>(), cos_sin_cache.data_ptr<scalar_t>(),
              rot_dim, query_stride, key_stride, num_heads, num_kv_heads,
              head_size);
    } else {
      cudavet_test::rotary_embedding_kernel<scalar_t, false>
          <<<grid, block, 0, stream>>>(
              positions.data_ptr<int64_t>(), query.data_ptr<scalar_t>(),
              key.data_ptr<scalar_t>(), cos_sin_cache.data_ptr<scalar_t>(),
              rot_dim, query_stride, key_stride, num_heads, num_kv_heads,
              head_size);
    }
  });
}
