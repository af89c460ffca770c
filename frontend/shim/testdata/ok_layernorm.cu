// RMS normalisation in the style of an inference engine's csrc/: a plain
// kernel, a fused residual-add kernel with a vectorised fast path, and the
// torch launchers that dispatch over float, half and bfloat16.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cub/cub.cuh>

#include "dispatch_utils.h"

namespace cudavet_test {

template <typename scalar_t>
__global__ void rms_norm_kernel(scalar_t* __restrict__ out,
                                const scalar_t* __restrict__ input,
                                const int64_t input_stride,
                                const scalar_t* __restrict__ weight,
                                const float epsilon, const int num_tokens,
                                const int hidden_size) {
  __shared__ float inv_rms;
  const scalar_t* row = input + blockIdx.x * input_stride;

  float sum_sq = 0.0f;
  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float v = static_cast<float>(row[i]);
    sum_sq += v * v;
  }

  using Reduce = cub::BlockReduce<float, 1024>;
  __shared__ typename Reduce::TempStorage scratch;
  sum_sq = Reduce(scratch).Reduce(sum_sq, cub::Sum{}, blockDim.x);

  if (threadIdx.x == 0) {
    inv_rms = rsqrtf(sum_sq / hidden_size + epsilon);
  }
  __syncthreads();

  for (int i = threadIdx.x; i < hidden_size; i += blockDim.x) {
    const float v = static_cast<float>(row[i]) * inv_rms;
    out[blockIdx.x * hidden_size + i] =
        static_cast<scalar_t>(v * static_cast<float>(weight[i]));
  }
}

// Packs of WIDTH elements moved as one aligned unit.
template <typename scalar_t, int WIDTH>
struct alignas(sizeof(scalar_t) * WIDTH) Pack {
  scalar_t v[WIDTH];
};

template <typename scalar_t, int WIDTH>
__global__ void fused_add_rms_norm_kernel(
    scalar_t* __restrict__ input, scalar_t* __restrict__ residual,
    const scalar_t* __restrict__ weight, const float epsilon,
    const int num_tokens, const int hidden_size) {
  static_assert(WIDTH == 8, "this test kernel packs eight elements");
  __shared__ float inv_rms;
  const int packs = hidden_size / WIDTH;
  auto* in_p = reinterpret_cast<Pack<scalar_t, WIDTH>*>(input);
  auto* res_p = reinterpret_cast<Pack<scalar_t, WIDTH>*>(residual);
  const auto* w_p = reinterpret_cast<const Pack<scalar_t, WIDTH>*>(weight);

  float sum_sq = 0.0f;
  for (int p = threadIdx.x; p < packs; p += blockDim.x) {
    const int idx = blockIdx.x * packs + p;
    Pack<scalar_t, WIDTH> x = in_p[idx];
    Pack<scalar_t, WIDTH> r = res_p[idx];
#pragma unroll
    for (int k = 0; k < WIDTH; ++k) {
      const float s = static_cast<float>(x.v[k]) + static_cast<float>(r.v[k]);
      sum_sq += s * s;
      r.v[k] = static_cast<scalar_t>(s);
    }
    res_p[idx] = r;
  }

  using Reduce = cub::BlockReduce<float, 1024>;
  __shared__ typename Reduce::TempStorage scratch;
  sum_sq = Reduce(scratch).Sum(sum_sq, blockDim.x);
  if (threadIdx.x == 0) {
    inv_rms = rsqrtf(sum_sq / hidden_size + epsilon);
  }
  __syncthreads();

  for (int p = threadIdx.x; p < packs; p += blockDim.x) {
    const int idx = blockIdx.x * packs + p;
    Pack<scalar_t, WIDTH> r = res_p[idx];
    const Pack<scalar_t, WIDTH> w = w_p[p];
    Pack<scalar_t, WIDTH> o;
#pragma unroll
    for (int k = 0; k < WIDTH; ++k) {
      o.v[k] = static_cast<scalar_t>(static_cast<float>(r.v[k]) * inv_rms *
                                     static_cast<float>(w.v[k]));
    }
    in_p[idx] = o;
  }
}

}  // namespace cudavet_test

void rms_norm(torch::Tensor& out, torch::Tensor& input, torch::Tensor& weight,
              double epsilon) {
  TORCH_CHECK(out.is_contiguous());
  TORCH_CHECK(input.stride(-1) == 1);
  TORCH_CHECK(weight.is_contiguous());
  TORCH_CHECK_EQ(input.size(-1), weight.size(0));

  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  const int64_t input_stride = input.stride(-2);

  dim3 grid(num_tokens);
  dim3 block(std::min(hidden_size, 1024));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(input.scalar_type(), "rms_norm_kernel", [&] {
    cudavet_test::rms_norm_kernel<scalar_t><<<grid, block, 0, stream>>>(
        out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), input_stride,
        weight.data_ptr<scalar_t>(), static_cast<float>(epsilon), num_tokens,
        hidden_size);
  });
}

void fused_add_rms_norm(torch::Tensor& input, torch::Tensor& residual,
                        torch::Tensor& weight, double epsilon) {
  const int hidden_size = input.size(-1);
  const int num_tokens = input.numel() / hidden_size;
  TORCH_CHECK(hidden_size % 8 == 0, "hidden size must be a multiple of 8");
  TORCH_CHECK(input.scalar_type() == residual.scalar_type());

  dim3 grid(num_tokens);
  dim3 block(std::min(hidden_size / 8, 1024));
  const at::cuda::OptionalCUDAGuard device_guard(device_of(input));
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(
      input.scalar_type(), "fused_add_rms_norm_kernel", [&] {
        cudavet_test::fused_add_rms_norm_kernel<scalar_t, 8>
            <<<grid, block, 0, stream>>>(
                input.data_ptr<scalar_t>(), residual.data_ptr<scalar_t>(),
                weight.data_ptr<scalar_t>(), static_cast<float>(epsilon),
                num_tokens, hidden_size);
      });
}
