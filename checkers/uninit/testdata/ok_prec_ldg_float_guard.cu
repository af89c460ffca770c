// Per-row scale staging for fp8 dequantisation: the row's scale is read
// with __ldg, and the block stages its 128 inputs in shared memory only when
// the scale is non-zero; the read-back after the barrier is under the same
// float comparison of the same __ldg value. The comparison of loaded floats
// is not modelled, and two evaluations of it must not be told apart. Safe.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void dequant_rows_kernel(float* __restrict__ out, const float* __restrict__ q,
                                    const float* __restrict__ scales, const int d) {
  __shared__ float s_in[128];
  const int64_t row = blockIdx.x;
  const float scale = __ldg(&scales[row]);
  if (scale != 0.f) {
    s_in[threadIdx.x] = q[row * d + threadIdx.x];
  }
  __syncthreads();
  float v = 0.f;
  if (scale != 0.f) {
    v = s_in[127 - threadIdx.x] * scale;
  }
  out[row * d + threadIdx.x] = v;
}

void dequant_rows(torch::Tensor& out, torch::Tensor& q, torch::Tensor& scales) {
  const int rows = q.size(0);
  TORCH_CHECK(q.size(1) == 128, "rows of 128");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dequant_rows_kernel<<<rows, 128, 0, stream>>>(out.data_ptr<float>(), q.data_ptr<float>(),
                                                scales.data_ptr<float>(), 128);
}
