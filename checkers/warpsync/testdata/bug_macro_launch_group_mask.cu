// Per-group absmax for 16-wide quantization groups, launched through a
// statement macro (do { ... } while (0)) as quantization launchers do.
// Bug: every lane calls the butterfly with mask 0xffff, so lanes 16-31
// of each warp call __shfl_xor_sync with a mask that leaves them out.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ __forceinline__ float group_absmax(float v) {
  const unsigned mask = 0xffff;
  v = fmaxf(v, __shfl_xor_sync(mask, v, 8));  // want "lane (1[6-9]|2[0-9]|3[01]) calls __shfl_xor_sync with mask 0xffff, which does not include it"
  v = fmaxf(v, __shfl_xor_sync(mask, v, 4));  // want "lane (1[6-9]|2[0-9]|3[01]) calls __shfl_xor_sync with mask 0xffff"
  return v;
}

__global__ void group_scale_kernel(const float* __restrict__ input, float* __restrict__ scales,
                                   const int num_groups) {
  const int64_t group = (int64_t)blockIdx.x * (blockDim.x / 16) + threadIdx.x / 16;
  const int lane = threadIdx.x % 16;
  float v = group < num_groups ? fabsf(input[group * 16 + lane]) : 0.f;
  v = group_absmax(v);
  if (lane == 0 && group < num_groups) {
    scales[group] = v / 448.f;
  }
}

#define LAUNCH_GROUP_SCALE()                                                         \
  do {                                                                               \
    group_scale_kernel<<<grid, block, 0, stream>>>(input.data_ptr<float>(),          \
                                                   scales.data_ptr<float>(), groups); \
  } while (0)

void group_scale(torch::Tensor& scales, const torch::Tensor& input) {
  const int groups = input.numel() / 16;
  const dim3 grid((groups + 15) / 16);
  const dim3 block(256);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  LAUNCH_GROUP_SCALE();
}
