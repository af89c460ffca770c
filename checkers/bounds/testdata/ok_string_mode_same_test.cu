// A launcher that tests the same string parameter twice: the check on
// the element size and the launch sit under two separate
// `mode == "packed"` tests, so the launch happens only where the check
// passed (a 2-byte type: eight halves in an int4). The launch model read
// each comparison of a string as an independent unknown and reached the
// launch with a float instantiation, reporting h[7] of the 16-byte local
// (vLLM's concat_and_cache_ds_mla under kv_cache_dtype == "fp8_ds_mla").
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <string>

template <typename T>
__global__ void halves_kernel(float* __restrict__ out, const int4* __restrict__ in) {
  const int4 v = in[blockIdx.x];
  const T* h = reinterpret_cast<const T*>(&v);
  out[blockIdx.x] = float(h[7]);
}

static void launch_halves(torch::Tensor& out, torch::Tensor& in) {
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(in.scalar_type(), "halves", [&] {
    halves_kernel<scalar_t><<<out.numel(), 1, 0, at::cuda::getCurrentCUDAStream()>>>(
        out.data_ptr<float>(), reinterpret_cast<const int4*>(in.data_ptr()));
  });
}

void halves(torch::Tensor& out, torch::Tensor& in, const std::string& mode) {
  TORCH_CHECK(mode == "packed" || mode == "skip");
  if (mode == "packed") {
    TORCH_CHECK(in.itemsize() == 2, "packed mode takes 16-bit values");
  }
  TORCH_CHECK(out.numel() == in.numel() / 8);
  if (mode == "packed") {
    launch_halves(out, in);
  } else if (mode == "skip") {
    return;
  }
}
