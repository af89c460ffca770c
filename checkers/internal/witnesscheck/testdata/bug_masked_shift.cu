// Shift-by-one copies guarded by data: each finding holds on the path
// where the loaded mask byte is set (or the loaded float is positive), so
// its replay needs the witness's loaded and opaque values, not zeros.
#include <cuda_runtime.h>
#include <cstdint>

// cudavet:shape out[n]; shape in[n]; shape keep[n]
// cudavet:user n <= 1 << 24
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void masked_shift_kernel(float* out, const float* in, const uint8_t* keep, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (keep[i]) {
    out[i + 1] = in[i];
  }
}

// cudavet:shape out[n]; shape in[n]
// cudavet:user n <= 1 << 24
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void positive_shift_kernel(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (in[i] > 0.f) {
    out[i + 1] = in[i];
  }
}
