// A misspelt directive ("shap"): reported with the list of known ones
// rather than ignored.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// want +1 `unknown cudavet directive "shap"; known: shape, assume, user, fixed, launch, ignore`
// cudavet:shap x[n]
// cudavet:user n <= 1 << 24; launch grid=ceil_div(n, 256) block=256
__global__ void relu_kernel(float* __restrict__ x, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] = fmaxf(x[i], 0.f);
  }
}
