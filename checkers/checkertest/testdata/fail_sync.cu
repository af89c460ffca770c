// Testdata of the harness's failure reports (TestFailures): line 6 has an
// unexpected barrier, line 8 an unmet expectation.
#include <cuda_runtime.h>

__global__ void k(float* out) {
  __syncthreads();
  out[threadIdx.x] = 0.f;
  out[0] = 1.f;  // want "barrier"
}
