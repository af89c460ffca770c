// Safe: annotations before a template header attach to the template (and
// so to every instantiation), and an assume inside the body applies to the
// enclosing kernel.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include "dispatch_utils.h"

// cudavet:shape x[num_tokens, d]; user num_tokens <= 1 << 20
// cudavet:fixed d in {4096, 14336}
// cudavet:launch grid=num_tokens block=256
template <typename scalar_t, int VEC>
__global__ void scale_inplace_kernel(scalar_t* __restrict__ x, const float s, const int d) {
  // cudavet:assume d % 8 == 0
  const int64_t row = (int64_t)blockIdx.x * d;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    x[row + i] = (scalar_t)((float)x[row + i] * s);
  }
}

void scale_inplace(torch::Tensor& x, double s) {
  const int d = x.size(-1);
  const int num_tokens = x.numel() / d;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  VLLM_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_inplace_kernel", [&] {
    scale_inplace_kernel<scalar_t, 8><<<num_tokens, 256, 0, stream>>>(x.data_ptr<scalar_t>(), s, d);
  });
}
