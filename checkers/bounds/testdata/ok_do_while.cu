// Safe: the launcher requires d >= 256, and every later iteration runs with i < d.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape x[num_tokens, d]; user num_tokens <= 1 << 20; fixed d = 8192
// cudavet:launch grid=num_tokens block=256
__global__ void zero_rows_kernel(float* __restrict__ x, const int d) {
  int i = threadIdx.x;
  do {
    x[(int64_t)blockIdx.x * d + i] = 0.f;
    i += 256;
  } while (i < d);
}

void zero_rows(torch::Tensor& x) {
  const int d = x.size(-1);
  const int num_tokens = x.numel() / d;
  TORCH_CHECK(d >= 256);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  zero_rows_kernel<<<num_tokens, 256, 0, stream>>>(x.data_ptr<float>(), d);
}
