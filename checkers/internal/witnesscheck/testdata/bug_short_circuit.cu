// Guards written with && and ?: — C evaluates in[i] only when i < n, so
// the only real bug is the store to out[i + 1]. A finding on in[i] is the
// engine evaluating the guarded operand unconditionally.
#include <cuda_runtime.h>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n <= 1 << 24
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void and_guard_kernel(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0.f) {
    out[i + 1] = 1.f;
  }
}

// cudavet:shape out[n]; shape in[n]
// cudavet:user n <= 1 << 24
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void select_guard_kernel(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  if (i < n) {
    out[i + 1] = v;
  }
}
