// A launch inside a statement macro, do { ... } while (0), as
// quantization and MoE launchers write them, and one after a loop.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * 2.f;
}

#define LAUNCH_SCALE(THREADS)                                                        \
  do {                                                                               \
    const dim3 block(THREADS);                                                       \
    scale_kernel<<<grid, block, 0, stream>>>(in.data_ptr<float>(),                   \
                                             out.data_ptr<float>(), n);              \
  } while (0)

void scale(torch::Tensor& out, const torch::Tensor& in) {
  const int n = in.numel();
  int threads = 128;
  do {
    threads = 256;
  } while (false);
  const dim3 grid((n + threads - 1) / threads);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  LAUNCH_SCALE(threads);
}
