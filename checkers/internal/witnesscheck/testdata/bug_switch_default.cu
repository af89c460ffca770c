// A switch whose default is reached both directly and by fallthrough
// from case 1. The store is out of bounds for mode != 0 only: with mode
// == 0 (case 0, break) idx = i is in bounds, so no finding may hold for
// every loaded mode. An engine that enters default under "true" instead
// of "no other case matched" claims one that the replay (mode 0 from the
// witness) does not reach.
#include <cuda_runtime.h>

// cudavet:shape out[n]; shape mode[n]
// cudavet:user n <= 1 << 20
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void switch_kernel(float* out, const int* mode, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int idx;
  switch (mode[i]) {
    case 0:
      idx = i;
      break;
    case 1:
      idx = i - 1;
    default:
      idx = i + 1;
      break;
  }
  out[idx] = 0.f;
}
