// Safe: both loads are guarded by threadIdx.x < n, once through &&, once through ?:.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape logits[n]; user n <= 4096; launch grid=1 block=1024
__global__ void clamp_negative_logits_kernel(float* __restrict__ logits, const int n) {
  if (threadIdx.x < n && logits[threadIdx.x] < -1e4f) {
    logits[threadIdx.x] = -1e4f;
  }
}

// cudavet:shape logits[n]; shape out[n]; user n <= 4096; launch grid=1 block=1024
__global__ void masked_copy_kernel(float* __restrict__ out, const float* __restrict__ logits, const int n) {
  const float v = threadIdx.x < n ? logits[threadIdx.x] : 0.f;
  if (threadIdx.x < n) {
    out[threadIdx.x] = v;
  }
}
