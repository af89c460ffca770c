// Two assumptions that no size satisfies (n < 4 and n > 8): every check
// under them would be vacuous, so cudavet reports the set instead.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// want +1 "the cudavet annotations of axpy_kernel contradict each other: no sizes satisfy them"
// cudavet:shape x[n]; shape y[n]
// cudavet:assume n < 4; assume n > 8
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void axpy_kernel(float* __restrict__ y, const float* __restrict__ x, const float a, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] += a * x[i];
  }
}
