// Warp-specialised MoE GEMM (the monomoe style): the block is 8 compute
// warps plus a producer warp, counted by a traits class template, and the
// producer warp loads the per-expert scales with a __syncwarp() that joins
// its lanes. The split is threadIdx.x >= CALC_WARP_COUNT * 32, a whole
// number of warps: every lane of the producer warp reaches the __syncwarp().
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct GemmDims7168 {
  static constexpr unsigned N = 7168;
};

template <typename Dims>
struct MoECoreDims {
  static constexpr unsigned CALC_WARP_COUNT = 8;
  static constexpr unsigned PREFETCH_WARP_COUNT = 1;
  static constexpr unsigned THREADS_PER_WARP = 32;
  static constexpr unsigned THREADS = (CALC_WARP_COUNT + PREFETCH_WARP_COUNT) * THREADS_PER_WARP;
};

template <typename Dims>
__device__ __forceinline__ bool is_prefetch_warp() {
  using CoreDims = MoECoreDims<Dims>;
  return threadIdx.x >= CoreDims::CALC_WARP_COUNT * CoreDims::THREADS_PER_WARP;
}

template <typename Dims>
__device__ void load_act_scales(const float* __restrict__ scales, float* __restrict__ dst, const int expert) {
  const unsigned lane = threadIdx.x % 32;
  dst[lane] = scales[expert * 32 + lane];
  __threadfence();
  __syncwarp();
}

template <typename Dims>
__global__ void moe_down_kernel(const float* __restrict__ scales, float* __restrict__ out, const int num_experts) {
  __shared__ float act_scale[32];
  const int expert = blockIdx.x % num_experts;
  if (is_prefetch_warp<Dims>()) {
    load_act_scales<Dims>(scales, act_scale, expert);
  }
  __syncthreads();
  out[blockIdx.x * MoECoreDims<Dims>::THREADS + threadIdx.x] = act_scale[threadIdx.x % 32];
}

void moe_down(torch::Tensor& out, const torch::Tensor& scales, int64_t num_experts) {
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  moe_down_kernel<GemmDims7168><<<static_cast<int>(num_experts), MoECoreDims<GemmDims7168>::THREADS, 0, stream>>>(
      scales.data_ptr<float>(), out.data_ptr<float>(), static_cast<int>(num_experts));
}
