// End-to-end CLI testdata: the test's fake checker reports every barrier.
#include <cuda_runtime.h>

__global__ void row_sum_kernel(float* out, const float* in, int cols) {
  __shared__ float partial[128];
  float acc = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    acc += in[blockIdx.x * cols + c];
  }
  partial[threadIdx.x] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int i = 0; i < blockDim.x; ++i) s += partial[i];
    out[blockIdx.x] = s;
  }
  // cudavet:ignore[fake] the final barrier is reached by every thread
  __syncthreads();
}

void row_sum(float* out, const float* in, int rows, int cols) {
  row_sum_kernel<<<rows, 128>>>(out, in, cols);
}
