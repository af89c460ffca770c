// Warp-specialised MoE GEMM, as in ok_prec_traits_warp_split, but the
// producer threads are counted from 8 compute warps plus a 16-thread
// epilogue group: the split threadIdx.x >= 8 * 32 + 16 falls inside warp 8,
// whose lower 16 lanes never reach the __syncwarp() the upper 16 wait at.
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
  static constexpr unsigned EPILOGUE_THREADS = 16;
  static constexpr unsigned THREADS = (CALC_WARP_COUNT + PREFETCH_WARP_COUNT) * THREADS_PER_WARP;
};

template <typename Dims>
__device__ __forceinline__ bool is_prefetch_warp() {
  using CoreDims = MoECoreDims<Dims>;
  return threadIdx.x >= CoreDims::CALC_WARP_COUNT * CoreDims::THREADS_PER_WARP + CoreDims::EPILOGUE_THREADS;
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
    load_act_scales<Dims>(scales, act_scale, expert);  // want `call to load_act_scales, which reaches __syncwarp\(\)`
  }
  __syncthreads();
  out[blockIdx.x * MoECoreDims<Dims>::THREADS + threadIdx.x] = act_scale[threadIdx.x % 32];
}

void moe_down(torch::Tensor& out, const torch::Tensor& scales, int64_t num_experts) {
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  moe_down_kernel<GemmDims7168><<<static_cast<int>(num_experts), MoECoreDims<GemmDims7168>::THREADS, 0, stream>>>(
      scales.data_ptr<float>(), out.data_ptr<float>(), static_cast<int>(num_experts));
}
