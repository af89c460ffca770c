// A device helper returns early for some threads: they go on in the kernel
// without reaching the helper's barrier, so the barrier waits for threads
// that never arrive (they have not exited; they are elsewhere).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ float stage_row(float* s_row, const float* __restrict__ in, int64_t row, int cols) {
  const int tid = threadIdx.x;
  if (tid >= cols) {
    return 0.f;
  }
  s_row[tid] = in[row * cols + tid];
  __syncthreads();  // want `__syncthreads\(\) comes after an early return taken only by threads with tid >= cols`
  return s_row[(tid + 1) % cols];
}

__global__ void shift_rows_kernel(float* __restrict__ out, const float* __restrict__ in, const int cols) {
  __shared__ float s_row[1024];
  const int64_t row = blockIdx.x;
  const float v = stage_row(s_row, in, row, cols);
  if (threadIdx.x < cols) {
    out[row * cols + threadIdx.x] = v;
  }
}

void shift_rows(torch::Tensor& out, torch::Tensor& in) {
  const int cols = in.size(1);
  shift_rows_kernel<<<in.size(0), 1024, 0, at::cuda::getCurrentCUDAStream()>>>(
      out.data_ptr<float>(), in.data_ptr<float>(), cols);
}
