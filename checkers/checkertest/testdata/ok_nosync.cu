// Testdata of the harness itself: no barrier, so the fake "syncer"
// analyzer reports nothing and no want comment is needed.
#include <cuda_runtime.h>

__global__ void scale_kernel(float* out, const float* in, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const char* tag = "// want \"in a string literal, not a comment\"";
  if (i < n) out[i] = in[i] * s;
}
