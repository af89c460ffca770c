// Warp-level top-k candidate scan for MoE routing: each warp walks the
// experts of a group in steps of 32 with the bound rounded up to a multiple
// of 32, so every lane calls push() (which synchronises the warp) the same
// number of times; lanes past the end push a -inf candidate. Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int M>
__device__ __forceinline__ int round_up(int n) {
  if (n == 0) {
    return 0;
  }
  return ((n - 1) / M + 1) * M;
}

__device__ __forceinline__ void push(float* s_buf, int lane, float v) {
  __syncwarp();
  s_buf[lane] = fmaxf(s_buf[lane], v);
  __syncwarp();
}

__global__ void group_max_kernel(float* __restrict__ out, const float* __restrict__ scores,
                                 const int experts_per_group) {
  __shared__ float s_buf[4][32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  s_buf[warp][lane] = -1e30f;
  const int rounded = round_up<32>(experts_per_group);
  for (int i = lane; i < rounded; i += 32) {
    const float v = i < experts_per_group ? scores[(int64_t)blockIdx.x * experts_per_group + i] : -1e30f;
    push(s_buf[warp], lane, v);
  }
  out[(int64_t)blockIdx.x * 128 + threadIdx.x] = s_buf[warp][lane];
}

void group_max(torch::Tensor& out, torch::Tensor& scores) {
  const int groups = scores.size(0);
  const int experts_per_group = scores.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  group_max_kernel<<<groups, 128, 0, stream>>>(out.data_ptr<float>(), scores.data_ptr<float>(), experts_per_group);
}
