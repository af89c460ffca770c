// Gated activations (x * act(gate)) over the last dimension, with a scalar
// path templated on the activation and vectorised paths that move 16 bytes at
// a time through float4, __half2 and __nv_bfloat162.
#include <cmath>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include "cuda_compat.h"
#include "dispatch_utils.h"

namespace cudavet_test {

template <typename T>
__device__ __forceinline__ T silu(const T& x) {
  return (T)(((float)x) / (1.0f + expf((float)-x)));
}

template <typename T>
__device__ __forceinline__ T gelu(const T& x) {
  const float f = (float)x;
  constexpr float kAlpha = M_SQRT1_2;
  return (T)(f * 0.5f * (1.0f + ::erf(f * kAlpha)));
}

template <typename T>
__device__ __forceinline__ T gelu_tanh(const T& x) {
  const float f = (float)x;
  constexpr float kBeta = M_SQRT2 * M_2_SQRTPI * 0.5f;
  constexpr float kKappa = 0.044715f;
  const float inner = kBeta * (f + kKappa * f * f * f);
  return (T)(0.5f * f * (1.0f + ::tanhf(inner)));
}

// out[t, i] = ACT(input[t, i]) * input[t, d + i]
template <typename scalar_t, scalar_t (*ACT)(const scalar_t&)>
__global__ void act_and_mul_kernel(scalar_t* __restrict__ out,
                                   const scalar_t* __restrict__ input,
                                   const int d) {
  const int64_t token = blockIdx.x;
  for (int64_t i = threadIdx.x; i < d; i += blockDim.x) {
    const scalar_t x = VLLM_LDG(&input[token * 2 * d + i]);
    const scalar_t y = VLLM_LDG(&input[token * 2 * d + d + i]);
    out[token * d + i] = ACT(x) * y;
  }
}

// float: four lanes per float4 load.
__global__ void silu_and_mul_f32x4_kernel(float* __restrict__ out,
                                          const float* __restrict__ input,
                                          const int d) {
  const int64_t token = blockIdx.x;
  const float4* x4 = reinterpret_cast<const float4*>(input + token * 2 * d);
  const float4* y4 = reinterpret_cast<const float4*>(input + token * 2 * d + d);
  float4* o4 = reinterpret_cast<float4*>(out + token * d);
  for (int i = threadIdx.x; i < d / 4; i += blockDim.x) {
    const float4 x = __ldg(&x4[i]);
    const float4 y = __ldg(&y4[i]);
    float4 r;
    r.x = x.x / (1.0f + __expf(-x.x)) * y.x;
    r.y = x.y / (1.0f + __expf(-x.y)) * y.y;
    r.z = x.z / (1.0f + __expf(-x.z)) * y.z;
    r.w = x.w / (1.0f + __expf(-x.w)) * y.w;
    o4[i] = r;
  }
}

// half: two lanes per __half2, computed in float.
__global__ void silu_and_mul_f16x2_kernel(__half* __restrict__ out,
                                          const __half* __restrict__ input,
                                          const int d) {
  const int64_t token = blockIdx.x;
  const __half2* x2 = reinterpret_cast<const __half2*>(input + token * 2 * d);
  const __half2* y2 =
      reinterpret_cast<const __half2*>(input + token * 2 * d + d);
  __half2* o2 = reinterpret_cast<__half2*>(out + token * d);
  for (int i = threadIdx.x; i < d / 2; i += blockDim.x) {
    const float2 x = __half22float2(__ldg(&x2[i]));
    const float2 y = __half22float2(__ldg(&y2[i]));
    const float a = x.x / (1.0f + __expf(-x.x)) * y.x;
    const float b = x.y / (1.0f + __expf(-x.y)) * y.y;
    o2[i] = __floats2half2_rn(a, b);
  }
}

// bfloat16: the same on __nv_bfloat162, with a packed multiply at the end.
__global__ void silu_and_mul_bf16x2_kernel(
    __nv_bfloat16* __restrict__ out, const __nv_bfloat16* __restrict__ input,
    const int d) {
  const int64_t token = blockIdx.x;
  const __nv_bfloat162* x2 =
      reinterpret_cast<const __nv_bfloat162*>(input + token * 2 * d);
  const __nv_bfloat162* y2 =
      reinterpret_cast<const __nv_bfloat162*>(input + token * 2 * d + d);
  __nv_bfloat162* o2 = reinterpret_cast<__nv_bfloat162*>(out + token * d);
  for (int i = threadIdx.x; i < d / 2; i += blockDim.x) {
    const float2 x = __bfloat1622float2(x2[i]);
    const __nv_bfloat162 act = __floats2bfloat162_rn(
        x.x / (1.0f + __expf(-x.x)), x.y / (1.0f + __expf(-x.y)));
    o2[i] = __hmul2(act, y2[i]);
  }
}

}  // namespace cudavet_test

#define LAUNCH_ACT_AND_MUL(KERNEL)                                             \
  const int d = input.size(-1) / 2;                                            \
  const int64_t num_tokens = input.numel() / input.size(-1);                   \
  dim3 grid(num_tokens);                                                       \
  dim3 block(std::min(d, 1024));                                               \
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));            \
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();                \
  VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "act_and_mul_kernel", [&] { \
    cudavet_test::act_and_mul_kernel<scalar_t, KERNEL<scalar_t>>               \
        <<<grid, block, 0, stream>>>(out.data_ptr<scalar_t>(),                 \
                                     input.data_ptr<scalar_t>(), d);           \
  });

void silu_and_mul(torch::Tensor& out, torch::Tensor& input) {
  LAUNCH_ACT_AND_MUL(cudavet_test::silu);
}

void gelu_and_mul(torch::Tensor& out, torch::Tensor& input) {
  LAUNCH_ACT_AND_MUL(cudavet_test::gelu);
}

void gelu_tanh_and_mul(torch::Tensor& out, torch::Tensor& input) {
  LAUNCH_ACT_AND_MUL(cudavet_test::gelu_tanh);
}

void silu_and_mul_vectorized(torch::Tensor& out, torch::Tensor& input) {
  const int d = input.size(-1) / 2;
  const int64_t num_tokens = input.numel() / input.size(-1);
  TORCH_CHECK(d % 4 == 0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dim3 grid(num_tokens);
  dim3 block(std::min(d / 4, 1024));
  switch (input.scalar_type()) {
    case at::ScalarType::Float:
      cudavet_test::silu_and_mul_f32x4_kernel<<<grid, block, 0, stream>>>(
          out.data_ptr<float>(), input.data_ptr<float>(), d);
      break;
    case at::ScalarType::Half:
      cudavet_test::silu_and_mul_f16x2_kernel<<<grid, block, 0, stream>>>(
          reinterpret_cast<__half*>(out.data_ptr<at::Half>()),
          reinterpret_cast<const __half*>(input.data_ptr<at::Half>()), d);
      break;
    case at::ScalarType::BFloat16:
      cudavet_test::silu_and_mul_bf16x2_kernel<<<grid, block, 0, stream>>>(
          reinterpret_cast<__nv_bfloat16*>(out.data_ptr<at::BFloat16>()),
          reinterpret_cast<const __nv_bfloat16*>(
              input.data_ptr<at::BFloat16>()),
          d);
      break;
    default:
      TORCH_CHECK(false, "unsupported dtype ", input.scalar_type());
  }
}
