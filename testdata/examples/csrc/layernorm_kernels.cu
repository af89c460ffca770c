// RMS normalisation kernels with a torch launcher, in the style of an
// inference engine's csrc/: templated on the element type, dispatched per
// dtype, with a vectorised fast path and a block reduction.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#include "dispatch_utils.h"
#include "reduction_utils.cuh"

namespace cvk {

template <typename scalar_t>
__global__ void rms_norm_kernel(scalar_t* __restrict__ out,           // [num_tokens, hidden_size]
                                const scalar_t* __restrict__ input,   // [num_tokens, hidden_size]
                                const scalar_t* __restrict__ weight,  // [hidden_size]
                                const float epsilon, const int num_tokens,
                                const int hidden_size) {
  __shared__ float s_variance;
  const int64_t token = blockIdx.x;
  float variance = 0.0f;
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = (float)input[token * hidden_size + idx];
    variance += x * x;
  }
  variance = block_reduce_sum<float>(variance);
  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();
  for (int idx = threadIdx.x; idx < hidden_size; idx += blockDim.x) {
    const float x = (float)input[token * hidden_size + idx];
    out[token * hidden_size + idx] = ((scalar_t)(x * s_variance)) * weight[idx];
  }
}

// Packs of 8 half-precision values moved as one 16-byte load.
struct alignas(16) half8 {
  __half2 h[4];
};

// Fused residual add + RMS norm on packs of 8 halves; hidden_size must be a
// multiple of 8 (checked by the launcher).
__global__ void fused_add_rms_norm_vec_kernel(__half* __restrict__ input,     // [num_tokens, hidden_size]
                                              __half* __restrict__ residual,  // [num_tokens, hidden_size]
                                              const __half* __restrict__ weight,
                                              const float epsilon, const int hidden_size) {
  __shared__ float s_variance;
  const int vec_hidden = hidden_size / 8;
  const int64_t row = (int64_t)blockIdx.x * vec_hidden;
  half8* in_vec = reinterpret_cast<half8*>(input);
  half8* res_vec = reinterpret_cast<half8*>(residual);
  const half8* w_vec = reinterpret_cast<const half8*>(weight);
  float variance = 0.0f;
  for (int i = threadIdx.x; i < vec_hidden; i += blockDim.x) {
    half8 a = in_vec[row + i];
    half8 r = res_vec[row + i];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      r.h[j] = __hadd2(a.h[j], r.h[j]);
      const float2 f = __half22float2(r.h[j]);
      variance += f.x * f.x + f.y * f.y;
    }
    res_vec[row + i] = r;
  }
  variance = block_reduce_sum<float>(variance);
  if (threadIdx.x == 0) {
    s_variance = rsqrtf(variance / hidden_size + epsilon);
  }
  __syncthreads();
  const __half2 scale = __float2half2_rn(s_variance);
  for (int i = threadIdx.x; i < vec_hidden; i += blockDim.x) {
    half8 r = res_vec[row + i];
    const half8 w = w_vec[i];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      r.h[j] = __hmul2(__hmul2(r.h[j], scale), w.h[j]);
    }
    in_vec[row + i] = r;
  }
}

}  // namespace cvk

void rms_norm(torch::Tensor& out,     // [..., hidden_size]
              torch::Tensor& input,   // [..., hidden_size]
              torch::Tensor& weight,  // [hidden_size]
              double epsilon) {
  TORCH_CHECK(out.is_contiguous() && input.is_contiguous());
  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  dim3 grid(num_tokens);
  dim3 block(std::min(hidden_size, 1024));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  CV_DISPATCH_FLOATING_TYPES(input.scalar_type(), "rms_norm_kernel", [&] {
    cvk::rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), weight.data_ptr<scalar_t>(),
        epsilon, num_tokens, hidden_size);
  });
}

void fused_add_rms_norm(torch::Tensor& input,     // [..., hidden_size]
                        torch::Tensor& residual,  // [..., hidden_size]
                        torch::Tensor& weight,    // [hidden_size]
                        double epsilon) {
  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  TORCH_CHECK(input.scalar_type() == at::ScalarType::Half);
  TORCH_CHECK(hidden_size % 8 == 0, "hidden_size must be a multiple of 8");
  dim3 grid(num_tokens);
  dim3 block(std::min(hidden_size / 8, 1024));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  cvk::fused_add_rms_norm_vec_kernel<<<grid, block, 0, stream>>>(
      reinterpret_cast<__half*>(input.data_ptr()), reinterpret_cast<__half*>(residual.data_ptr()),
      reinterpret_cast<const __half*>(weight.data_ptr()), epsilon, hidden_size);
}
