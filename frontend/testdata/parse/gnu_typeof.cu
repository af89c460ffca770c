// GNU C++ (-std=gnu++17, what nvcc gives its host compiler): typeof.
// kernel: clamp_kernel
#include <cuda_runtime.h>

#define CLAMP(x, lo, hi) ({ typeof(x) _v = (x); _v < (lo) ? (lo) : (_v > (hi) ? (hi) : _v); })

__global__ void clamp_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = CLAMP(x[i], -1.f, 1.f);
}
