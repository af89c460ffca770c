// Bug twin of ok_memcpy_disjoint.cu: the index is not doubled, so the
// two floats thread t copies overlap the first float of thread t + 1's.
#include <cstring>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 128) block=128
__global__ void copy_pairs(float* __restrict__ out, const float* __restrict__ in, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) {
    memcpy(&out[i], &in[i], 2 * sizeof(float));  // want "data race on global out: memcpy to out \\+ i and memcpy to out \\+ i"
  }
}
