// Bug twin of ok_element_size_method.cu: the launcher checks that the
// length is a whole number of 4-element vectors, the float width, but a
// Half tensor is copied 8 elements at a time (16 / element_size()): with
// n = 4 mod 8 the last chunk runs 4 elements past both tensors.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename scalar_t, int VEC>
__global__ void copy_vec_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ in, const int64_t n) {
  const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * VEC;
  if (i < n) {
#pragma unroll
    for (int j = 0; j < VEC; ++j) {
      out[i + j] = in[i + j];  // want "store to .* is past the end of buffer out" "load from .* is past the end of buffer in"
    }
  }
}

void copy_vec(torch::Tensor& out, torch::Tensor& input) {
  TORCH_CHECK(out.sizes() == input.sizes() && out.scalar_type() == input.scalar_type());
  const int64_t n = input.numel();
  const int vec_size = 16 / input.element_size();
  TORCH_CHECK(n % 4 == 0, "whole vectors only");
  const int64_t vectors = n / vec_size;
  dim3 grid((vectors + 255) / 256);
  dim3 block(256);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(input.scalar_type(), "copy_vec", [&] {
    copy_vec_kernel<scalar_t, 16 / sizeof(scalar_t)>
        <<<grid, block, 0, stream>>>(out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), n);
  });
}
