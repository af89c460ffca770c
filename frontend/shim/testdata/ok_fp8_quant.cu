// Per-tensor and per-token fp8 (e4m3) quantisation: an absmax pass with the
// atomicMax-on-float idiom, then scaling and saturating conversion through
// c10::Float8_e4m3fn and the CUDA __nv_fp8 conversions.
#include <cmath>

#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <c10/util/Float8_e4m3fn.h>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cub/cub.cuh>

#include "dispatch_utils.h"

namespace cudavet_test {

using fp8_t = c10::Float8_e4m3fn;
C10_HOST_DEVICE constexpr auto kFp8Max = std::numeric_limits<fp8_t>::max();

// atomicMax on non-negative floats through their int bit patterns.
__device__ __forceinline__ float atomic_max_float(float* addr, float value) {
  return value >= 0.0f
             ? __int_as_float(atomicMax(reinterpret_cast<int*>(addr),
                                        __float_as_int(value)))
             : __uint_as_float(atomicMin(reinterpret_cast<unsigned int*>(addr),
                                         __float_as_uint(value)));
}

template <bool IS_SCALE_INVERTED>
__device__ __forceinline__ fp8_t scaled_convert(const float val,
                                                const float scale) {
  const float x = IS_SCALE_INVERTED ? val * scale : val / scale;
  const float r = fmaxf(-static_cast<float>(kFp8Max),
                        fminf(x, static_cast<float>(kFp8Max)));
  return static_cast<fp8_t>(r);
}

template <typename scalar_t>
__global__ void segmented_max_kernel(float* __restrict__ scale,
                                     const scalar_t* __restrict__ input,
                                     const int64_t num_elems) {
  __shared__ float cache[1024];
  int64_t i = blockDim.x * blockIdx.x + threadIdx.x;
  float tmp = 0.0f;
  while (i < num_elems) {
    tmp = fmaxf(tmp, fabsf(static_cast<float>(input[i])));
    i += blockDim.x * gridDim.x;
  }
  cache[threadIdx.x] = tmp;
  __syncthreads();
  for (int ib = blockDim.x / 2; ib > 0; ib /= 2) {
    if (threadIdx.x < ib && cache[threadIdx.x + ib] > cache[threadIdx.x]) {
      cache[threadIdx.x] = cache[threadIdx.x + ib];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    atomic_max_float(scale, cache[0] / static_cast<float>(kFp8Max));
  }
}

template <typename scalar_t>
__global__ void scaled_fp8_quant_kernel(fp8_t* __restrict__ out,
                                        const scalar_t* __restrict__ input,
                                        const float* __restrict__ scale,
                                        const int64_t num_elems) {
  const int64_t tid = blockDim.x * blockIdx.x + threadIdx.x;
  const float inv_scale = 1.0f / (*scale);
  for (int64_t i = tid; i < num_elems; i += blockDim.x * gridDim.x) {
    out[i] = scaled_convert<true>(static_cast<float>(input[i]), inv_scale);
  }
}

// Per-token dynamic scales, written with the CUDA fp8 API directly.
template <typename scalar_t>
__global__ void per_token_quant_kernel(__nv_fp8_storage_t* __restrict__ out,
                                       float* __restrict__ scales,
                                       const scalar_t* __restrict__ input,
                                       const int hidden_size) {
  const int64_t token = blockIdx.x;
  const scalar_t* row = input + token * hidden_size;
  float absmax = 0.0f;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    absmax = fmaxf(absmax, fabsf(static_cast<float>(row[i])));
  }
  using Reduce = cub::BlockReduce<float, 1024>;
  __shared__ typename Reduce::TempStorage scratch;
  __shared__ float token_scale;
  const float block_max = Reduce(scratch).Reduce(absmax, cub::Max{}, blockDim.x);
  if (threadIdx.x == 0) {
    token_scale = fmaxf(block_max / 448.0f, 1e-12f);
    scales[token] = token_scale;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float q = static_cast<float>(row[i]) / token_scale;
    out[token * hidden_size + i] =
        __nv_cvt_float_to_fp8(q, __NV_SATFINITE, __NV_E4M3);
  }
}

// Round trip of one value through the CUDA conversion helpers.
__device__ float fp8_round_trip(const float x) {
  const __nv_fp8_storage_t bits =
      __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3);
  const __half_raw h = __nv_cvt_fp8_to_halfraw(bits, __NV_E4M3);
  const __nv_fp8_e4m3 typed(x);
  return __half2float(__half(h)) + static_cast<float>(typed);
}

}  // namespace cudavet_test

void static_scaled_fp8_quant(torch::Tensor& out, const torch::Tensor& input,
                             const torch::Tensor& scale) {
  const int64_t num_tokens = input.numel() / input.size(-1);
  const int64_t num_elems = input.numel();
  dim3 grid(num_tokens);
  dim3 block(1024);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "scaled_fp8_quant", [&] {
    cudavet_test::scaled_fp8_quant_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<c10::Float8_e4m3fn>(), input.data_ptr<scalar_t>(),
        scale.data_ptr<float>(), num_elems);
  });
}

void dynamic_scaled_fp8_quant(torch::Tensor& out, const torch::Tensor& input,
                              torch::Tensor& scale) {
  const int64_t num_tokens = input.numel() / input.size(-1);
  const int64_t num_elems = input.numel();
  dim3 grid(num_tokens);
  dim3 block(1024);
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale.zero_();
  VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "scaled_fp8_quant", [&] {
    cudavet_test::segmented_max_kernel<scalar_t><<<grid, block, 0, stream>>>(
        scale.data_ptr<float>(), input.data_ptr<scalar_t>(), num_elems);
    cudavet_test::scaled_fp8_quant_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<c10::Float8_e4m3fn>(), input.data_ptr<scalar_t>(),
        scale.data_ptr<float>(), num_elems);
  });
}

void per_token_fp8_quant(torch::Tensor& out, torch::Tensor& scales,
                         const torch::Tensor& input) {
  const int hidden_size = input.size(-1);
  const int64_t num_tokens = input.numel() / hidden_size;
  TORCH_CHECK(out.scalar_type() == at::kFloat8_e4m3fn);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, input.scalar_type(),
      "per_token_quant", [&] {
        cudavet_test::per_token_quant_kernel<scalar_t>
            <<<num_tokens, 1024, 0, stream>>>(
                reinterpret_cast<__nv_fp8_storage_t*>(out.data_ptr()),
                scales.data_ptr<float>(), input.data_ptr<scalar_t>(),
                hidden_size);
      });
}
