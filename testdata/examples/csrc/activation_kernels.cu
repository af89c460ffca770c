// Gated activations (SiLU and GELU times a gate) with a torch launcher:
// input [num_tokens, 2 * d], output [num_tokens, d].
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cmath>

#include "dispatch_utils.h"

namespace cvk {

template <typename T>
__device__ __forceinline__ T silu(const T& x) {
  return (T)(((float)x) / (1.0f + expf((float)-x)));
}

template <typename T>
__device__ __forceinline__ T gelu_tanh(const T& x) {
  const float f = (float)x;
  constexpr float kBeta = 0.7978845608028654f;
  constexpr float kKappa = 0.044715f;
  const float inner = kBeta * (f + kKappa * f * f * f);
  return (T)(0.5f * f * (1.0f + tanhf(inner)));
}

template <typename scalar_t, scalar_t (*ACT_FN)(const scalar_t&)>
__global__ void act_and_mul_kernel(scalar_t* __restrict__ out,          // [..., d]
                                   const scalar_t* __restrict__ input,  // [..., 2, d]
                                   const int d) {
  const int64_t token_idx = blockIdx.x;
  const scalar_t* x_ptr = input + token_idx * 2 * d;
  const scalar_t* y_ptr = x_ptr + d;
  scalar_t* out_ptr = out + token_idx * d;
  // Vectorised body: 16-byte packs when every row start is aligned.
  constexpr int VEC = 16 / sizeof(scalar_t);
  const bool aligned = (d % VEC == 0);
  if (aligned) {
    const int4* x_vec = reinterpret_cast<const int4*>(x_ptr);
    const int4* y_vec = reinterpret_cast<const int4*>(y_ptr);
    int4* out_vec = reinterpret_cast<int4*>(out_ptr);
    for (int i = threadIdx.x; i < d / VEC; i += blockDim.x) {
      int4 xv = __ldg(&x_vec[i]);
      int4 yv = __ldg(&y_vec[i]);
      int4 r;
      const scalar_t* xs = reinterpret_cast<const scalar_t*>(&xv);
      const scalar_t* ys = reinterpret_cast<const scalar_t*>(&yv);
      scalar_t* rs = reinterpret_cast<scalar_t*>(&r);
#pragma unroll
      for (int j = 0; j < VEC; ++j) {
        rs[j] = ACT_FN(xs[j]) * ys[j];
      }
      out_vec[i] = r;
    }
  } else {
    for (int64_t idx = threadIdx.x; idx < d; idx += blockDim.x) {
      const scalar_t x = __ldg(&x_ptr[idx]);
      const scalar_t y = __ldg(&y_ptr[idx]);
      out_ptr[idx] = ACT_FN(x) * y;
    }
  }
}

// Row-wise SiLU with a warp per row (no shared memory).
__global__ void silu_rows_kernel(float* __restrict__ out, const float* __restrict__ in,
                                 const int rows, const int cols) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (warp >= rows) return;
  const int64_t base = (int64_t)warp * cols;
  float acc = 0.0f;
  for (int c = lane; c < cols; c += 32) {
    const float v = in[base + c];
    out[base + c] = v / (1.0f + __expf(-v));
    acc += out[base + c];
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    acc += __shfl_down_sync(0xffffffff, acc, offset);
  }
  (void)acc;
}

}  // namespace cvk

#define LAUNCH_ACT_AND_MUL(KERNEL)                                                   \
  const int d = input.size(-1) / 2;                                                  \
  const int64_t num_tokens = input.numel() / input.size(-1);                         \
  dim3 grid(num_tokens);                                                             \
  dim3 block(std::min(d, 1024));                                                     \
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();                      \
  CV_DISPATCH_FLOATING_TYPES(input.scalar_type(), "act_and_mul_kernel", [&] {        \
    cvk::act_and_mul_kernel<scalar_t, KERNEL<scalar_t>><<<grid, block, 0, stream>>>( \
        out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), d);                    \
  });

void silu_and_mul(torch::Tensor& out,    // [..., d]
                  torch::Tensor& input)  // [..., 2 * d]
{
  LAUNCH_ACT_AND_MUL(cvk::silu);
}

void gelu_tanh_and_mul(torch::Tensor& out,    // [..., d]
                       torch::Tensor& input)  // [..., 2 * d]
{
  LAUNCH_ACT_AND_MUL(cvk::gelu_tanh);
}

void silu_rows(torch::Tensor& out, torch::Tensor& in) {
  const int rows = in.size(0);
  const int cols = in.size(1);
  const int threads = 256;
  const int blocks = (rows * 32 + threads - 1) / threads;
  cvk::silu_rows_kernel<<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(
      out.data_ptr<float>(), in.data_ptr<float>(), rows, cols);
}
