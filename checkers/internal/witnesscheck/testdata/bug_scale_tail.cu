// An elementwise scale with an off-by-one guard: the thread with i == n
// reads and writes one element past both buffers.
#include <cuda_runtime.h>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n <= 1 << 24
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void scale_kernel(float* out, const float* in, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) {
    out[i] = in[i] * s;
  }
}

void scale(float* out, const float* in, float s, int n, cudaStream_t stream) {
  scale_kernel<<<(n + 255) / 256, 256, 0, stream>>>(out, in, s, n);
}
