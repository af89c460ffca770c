// OK twin of bug_element_size_method.cu (ok_element_size_vec.cu with the
// tensor's element_size() before any data_ptr<T>() names the type): the
// width is the dispatched type's, 16 / element_size() (8 Halfs, 4 floats,
// 2 doubles), and the length a whole number of such vectors. Reported
// before the dtype's size was modelled (an unknown element size let the
// check pass with 4-element vectors of a Half tensor copied 8 at a time).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename scalar_t, int VEC>
__global__ void copy_vec_kernel(scalar_t* __restrict__ out, const scalar_t* __restrict__ in, const int64_t n) {
  const int64_t i = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) * VEC;
  if (i < n) {
#pragma unroll
    for (int j = 0; j < VEC; ++j) {
      out[i + j] = in[i + j];
    }
  }
}

void copy_vec(torch::Tensor& out, torch::Tensor& input) {
  TORCH_CHECK(out.sizes() == input.sizes() && out.scalar_type() == input.scalar_type());
  const int64_t n = input.numel();
  const int vec_size = 16 / input.element_size();
  TORCH_CHECK(n % vec_size == 0, "whole vectors only");
  const int64_t vectors = n / vec_size;
  dim3 grid((vectors + 255) / 256);
  dim3 block(256);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(input.scalar_type(), "copy_vec", [&] {
    copy_vec_kernel<scalar_t, 16 / sizeof(scalar_t)>
        <<<grid, block, 0, stream>>>(out.data_ptr<scalar_t>(), input.data_ptr<scalar_t>(), n);
  });
}
