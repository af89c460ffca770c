// Writing new keys and values into a paged KV cache: each token has a slot
// (int64_t; negative means padding), the cache is laid out as
// [num_blocks, block_size, num_heads, head_size], and the cache may store
// fp8 with a per-tensor scale when kv_cache_dtype says so.
#include <string>

#include <cuda_fp8.h>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include "dispatch_utils.h"

namespace cudavet_test {

enum class CacheKind { kAuto, kFp8E4M3 };

// Widening to float without relying on the implicit half/bfloat16
// conversions (extensions build with __CUDA_NO_HALF_CONVERSIONS__).
__device__ __forceinline__ float to_float(float x) { return x; }
__device__ __forceinline__ float to_float(__nv_bfloat16 x) {
  return __bfloat162float(x);
}
__device__ __forceinline__ float to_float(uint16_t bits) {
  return __half2float(__ushort_as_half(bits));
}

template <typename cache_t, typename scalar_t, CacheKind KIND>
__device__ __forceinline__ cache_t to_cache(const scalar_t x, const float scale) {
  if constexpr (KIND == CacheKind::kAuto) {
    return static_cast<cache_t>(x);
  } else {
    const float v = to_float(x) / scale;
    return static_cast<cache_t>(
        __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E4M3));
  }
}

template <typename scalar_t, typename cache_t, CacheKind KIND>
__global__ void reshape_and_cache_kernel(
    const scalar_t* __restrict__ key,    // [num_tokens, num_heads, head_size]
    const scalar_t* __restrict__ value,  // [num_tokens, num_heads, head_size]
    cache_t* __restrict__ key_cache,     // [num_blocks, block_size, heads, size]
    cache_t* __restrict__ value_cache,   // [num_blocks, block_size, heads, size]
    const int64_t* __restrict__ slot_mapping,  // [num_tokens]
    const int key_stride, const int value_stride, const int num_heads,
    const int head_size, const int block_size, const float* k_scale,
    const float* v_scale) {
  const int64_t token_idx = blockIdx.x;
  const int64_t slot_idx = slot_mapping[token_idx];
  if (slot_idx < 0) {
    return;  // padding token
  }
  const int64_t block_idx = slot_idx / block_size;
  const int64_t block_offset = slot_idx % block_size;
  const int n = num_heads * head_size;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int64_t src_key = token_idx * key_stride + i;
    const int64_t src_value = token_idx * value_stride + i;
    const int head_idx = i / head_size;
    const int head_offset = i % head_size;
    const int64_t dst = block_idx * block_size * num_heads * head_size +
                        block_offset * num_heads * head_size +
                        head_idx * head_size + head_offset;
    key_cache[dst] = to_cache<cache_t, scalar_t, KIND>(key[src_key], *k_scale);
    value_cache[dst] =
        to_cache<cache_t, scalar_t, KIND>(value[src_value], *v_scale);
  }
}

// Copies whole cache blocks: block_mapping holds (src, dst) pairs.
template <typename scalar_t>
__global__ void copy_blocks_kernel(int64_t* key_cache_ptrs,
                                   int64_t* value_cache_ptrs,
                                   const int64_t* __restrict__ block_mapping,
                                   const int numel_per_block) {
  const int layer_idx = blockIdx.x;
  const int pair_idx = blockIdx.y;
  scalar_t* key_cache = reinterpret_cast<scalar_t*>(key_cache_ptrs[layer_idx]);
  scalar_t* value_cache =
      reinterpret_cast<scalar_t*>(value_cache_ptrs[layer_idx]);
  const int64_t src = block_mapping[2 * pair_idx];
  const int64_t dst = block_mapping[2 * pair_idx + 1];
  for (int i = threadIdx.x; i < numel_per_block; i += blockDim.x) {
    key_cache[dst * numel_per_block + i] = key_cache[src * numel_per_block + i];
    value_cache[dst * numel_per_block + i] =
        value_cache[src * numel_per_block + i];
  }
}

}  // namespace cudavet_test

#define CALL_RESHAPE_AND_CACHE(KV_T, CACHE_T, KIND)                            \
  cudavet_test::reshape_and_cache_kernel<KV_T, CACHE_T, KIND>                  \
      <<<grid, block, 0, stream>>>(                                            \
          reinterpret_cast<KV_T*>(key.data_ptr()),                             \
          reinterpret_cast<KV_T*>(value.data_ptr()),                           \
          reinterpret_cast<CACHE_T*>(key_cache.data_ptr()),                    \
          reinterpret_cast<CACHE_T*>(value_cache.data_ptr()),                  \
          slot_mapping.data_ptr<int64_t>(), key_stride, value_stride,          \
          num_heads, head_size, block_size,                                    \
          reinterpret_cast<const float*>(k_scale.data_ptr()),                  \
          reinterpret_cast<const float*>(v_scale.data_ptr()));

void reshape_and_cache(torch::Tensor& key, torch::Tensor& value,
                       torch::Tensor& key_cache, torch::Tensor& value_cache,
                       torch::Tensor& slot_mapping,
                       const std::string& kv_cache_dtype,
                       torch::Tensor& k_scale, torch::Tensor& v_scale) {
  const int num_tokens = slot_mapping.size(0);
  const int num_heads = key.size(1);
  const int head_size = key.size(2);
  const int block_size = key_cache.size(1);
  const int key_stride = key.stride(0);
  const int value_stride = value.stride(0);
  TORCH_CHECK(slot_mapping.scalar_type() == torch::kInt64);

  dim3 grid(num_tokens);
  dim3 block(std::min(num_heads * head_size, 512));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(key));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();

  if (kv_cache_dtype == "auto") {
    if (key.dtype() == at::ScalarType::Float) {
      CALL_RESHAPE_AND_CACHE(float, float, cudavet_test::CacheKind::kAuto);
    } else if (key.dtype() == at::ScalarType::Half) {
      CALL_RESHAPE_AND_CACHE(uint16_t, uint16_t,
                             cudavet_test::CacheKind::kAuto);
    } else if (key.dtype() == at::ScalarType::BFloat16) {
      CALL_RESHAPE_AND_CACHE(__nv_bfloat16, __nv_bfloat16,
                             cudavet_test::CacheKind::kAuto);
    }
  } else if (kv_cache_dtype == "fp8" || kv_cache_dtype == "fp8_e4m3") {
    if (key.dtype() == at::ScalarType::Float) {
      CALL_RESHAPE_AND_CACHE(float, uint8_t, cudavet_test::CacheKind::kFp8E4M3);
    } else if (key.dtype() == at::ScalarType::BFloat16) {
      CALL_RESHAPE_AND_CACHE(__nv_bfloat16, uint8_t,
                             cudavet_test::CacheKind::kFp8E4M3);
    }
  } else {
    TORCH_CHECK(false, "unsupported kv cache dtype: ", kv_cache_dtype);
  }
}

void copy_blocks(std::vector<torch::Tensor> const& key_caches,
                 std::vector<torch::Tensor> const& value_caches,
                 const torch::Tensor& block_mapping) {
  const int num_layers = key_caches.size();
  TORCH_CHECK(num_layers == static_cast<int>(value_caches.size()));
  if (num_layers == 0) {
    return;
  }
  torch::Device cache_device = key_caches[0].device();
  TORCH_CHECK(cache_device.is_cuda());

  std::vector<int64_t> key_ptrs(num_layers);
  std::vector<int64_t> value_ptrs(num_layers);
  for (int layer = 0; layer < num_layers; ++layer) {
    key_ptrs[layer] = reinterpret_cast<int64_t>(key_caches[layer].data_ptr());
    value_ptrs[layer] =
        reinterpret_cast<int64_t>(value_caches[layer].data_ptr());
  }
  torch::Tensor key_ptrs_t =
      torch::from_blob(key_ptrs.data(), {num_layers}, torch::kInt64)
          .to(cache_device);
  torch::Tensor value_ptrs_t =
      torch::from_blob(value_ptrs.data(), {num_layers}, torch::kInt64)
          .to(cache_device);

  const int num_pairs = block_mapping.size(0);
  const int numel_per_block = key_caches[0][0].numel();
  dim3 grid(num_layers, num_pairs);
  dim3 block(std::min(1024, numel_per_block));
  const at::cuda::OptionalCUDAGuard device_guard(cache_device);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_AND_BYTE_TYPES(
      key_caches[0].scalar_type(), "copy_blocks_kernel", ([&] {
        cudavet_test::copy_blocks_kernel<scalar_t><<<grid, block, 0, stream>>>(
            key_ptrs_t.data_ptr<int64_t>(), value_ptrs_t.data_ptr<int64_t>(),
            block_mapping.data_ptr<int64_t>(), numel_per_block);
      }));
}
