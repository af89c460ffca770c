// Bug twin of ok_string_const_layout.cu: the layout is "cols", and the
// launch of one block per element runs past both buffers.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <string>

__global__ void copy_kernel(float* __restrict__ out, const float* __restrict__ in, const int64_t stride) {
  const int64_t i = blockIdx.x * stride + threadIdx.x;
  out[i] = in[i];  // want "store to out\\[i\\] is past the end of buffer out" "load from in\\[i\\] is past the end of buffer in"
}

void copy(torch::Tensor& out, const torch::Tensor& in) {
  TORCH_CHECK(out.sizes() == in.sizes() && in.dim() == 2);
  const int64_t rows = in.size(0);
  const int64_t cols = in.size(1);
  TORCH_CHECK(cols <= 1024);
  const std::string layout = "cols";
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  if (layout == "rows") {
    copy_kernel<<<rows, cols, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), cols);
  } else if (layout == "cols") {
    copy_kernel<<<rows * cols, cols, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), cols);
  }
}
