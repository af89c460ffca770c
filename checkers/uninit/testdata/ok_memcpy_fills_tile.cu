// A shared tile filled through memcpy (the idiom for a type-punned copy
// of a register into shared memory): every thread copies its value into
// its own slot, then, after the barrier, reads another thread's slot.
// memcpy's bytes are stores like any other.
#include <cstring>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 128) block=128
__global__ void reverse_tile(float* __restrict__ out, const float* __restrict__ in, const int n) {
  __shared__ float tile[128];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = i < n ? in[i] : 0.0f;
  memcpy(&tile[threadIdx.x], &v, sizeof(float));
  __syncthreads();
  if (i < n) {
    out[i] = tile[127 - threadIdx.x];
  }
}
