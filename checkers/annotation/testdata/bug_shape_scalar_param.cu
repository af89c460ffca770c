// A shape given to the integer parameter n instead of the buffer x: n has
// no elements to describe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// want +1 "cudavet:shape: parameter n of silu_kernel has type int, not a pointer, array or tensor"
// cudavet:shape n[n]
// cudavet:user n <= 1 << 28; launch grid=ceil_div(n, 256) block=256
__global__ void silu_kernel(float* __restrict__ x, const int n) {
  const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float v = x[i];
    x[i] = v / (1.f + __expf(-v));
  }
}
