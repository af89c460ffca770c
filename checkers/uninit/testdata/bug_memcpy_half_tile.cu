// Bug twin of ok_memcpy_fills_tile.cu: only the first 64 threads copy
// their value into the tile, and every thread reads the mirrored slot,
// so threads 0..63 read slots 64..127 that no memcpy wrote.
#include <cstring>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 128) block=128
__global__ void reverse_tile(float* __restrict__ out, const float* __restrict__ in, const int n) {
  __shared__ float tile[128];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = i < n ? in[i] : 0.0f;
  if (threadIdx.x < 64) {
    memcpy(&tile[threadIdx.x], &v, sizeof(float));
  }
  __syncthreads();
  if (i < n) {
    out[i] = tile[127 - threadIdx.x];  // want `load from tile\[127 - threadIdx.x\] reads element .* of shared tile, which no thread of the block has written`
  }
}
