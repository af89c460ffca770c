// Elementwise scale of an activation in the "n = numel()" style: the
// launcher passes the element count as int64_t, but the kernel walks it
// with an int index, whose grid-stride step wraps before it reaches n on
// a tensor of more than 2^31 elements.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_inplace_kernel(float* __restrict__ x, const float s, const int64_t n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {  // want "conversion of i \\+ blockDim.x \\* gridDim.x \\(unsigned int\\) to int truncates (when n \\(numel of x\\) >= \\d+|with n \\(numel of x\\) = \\d+)"
    x[i] = x[i] * s;
  }
}

void scale_inplace(torch::Tensor& x, double s) {
  TORCH_CHECK(x.is_contiguous());
  const int64_t n = x.numel();
  const int threads = 256;
  const int64_t blocks = std::min<int64_t>((n + threads - 1) / threads, 65535);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  scale_inplace_kernel<<<blocks, threads, 0, stream>>>(x.data_ptr<float>(), static_cast<float>(s), n);
}
