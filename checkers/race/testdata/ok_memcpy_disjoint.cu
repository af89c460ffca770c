// Each thread copies a pair of floats into its own two slots with
// memcpy: the copies of different threads do not overlap.
#include <cstring>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 256) block=128
__global__ void copy_pairs(float* __restrict__ out, const float* __restrict__ in, const int n) {
  const int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n - 1) {
    memcpy(&out[i], &in[i], 2 * sizeof(float));
  }
}
