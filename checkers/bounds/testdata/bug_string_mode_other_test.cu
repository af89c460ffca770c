// Bug twin of ok_string_mode_same_test.cu: the element-size check sits
// under mode == "packed" but the launch under mode == "wide", a path on
// which nothing was checked: a float instantiation reads h[7] of a
// 16-byte local that holds four floats.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <string>

template <typename T>
__global__ void halves_kernel(float* __restrict__ out, const int4* __restrict__ in) {
  const int4 v = in[blockIdx.x];
  const T* h = reinterpret_cast<const T*>(&v);
  out[blockIdx.x] = float(h[7]);  // want "load from .* is past the end"
}

static void launch_halves(torch::Tensor& out, torch::Tensor& in) {
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(in.scalar_type(), "halves", [&] {
    halves_kernel<scalar_t><<<out.numel(), 1, 0, at::cuda::getCurrentCUDAStream()>>>(
        out.data_ptr<float>(), reinterpret_cast<const int4*>(in.data_ptr()));
  });
}

void halves(torch::Tensor& out, torch::Tensor& in, const std::string& mode) {
  TORCH_CHECK(mode == "packed" || mode == "wide");
  if (mode == "packed") {
    TORCH_CHECK(in.itemsize() == 2, "packed mode takes 16-bit values");
  }
  TORCH_CHECK(out.numel() == in.numel() / 8);
  if (mode == "wide") {
    launch_halves(out, in);
  }
}
