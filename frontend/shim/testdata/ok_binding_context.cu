// The host side of a .cpp binding in the causal-conv layout: it reads the
// global context's determinism flag and the current stream before calling
// the launcher a .cu defines.
#include <torch/extension.h>
#include <ATen/Context.h>
#include <c10/core/DeviceGuard.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/python.h>

struct ScanParams {
  int64_t batch, dim;
  void* x_ptr;
};

void scan_fwd_cuda(ScanParams& params, cudaStream_t stream);

static bool deterministic() { return at::globalContext().deterministicAlgorithms(); }

void scan_fwd(const at::Tensor& x) {
  at::cuda::CUDAGuard device_guard{x.device()};
  TORCH_CHECK(!deterministic() || x.size(0) > 0, "deterministic scan needs rows");
  ScanParams params;
  params.batch = x.size(0);
  params.dim = x.size(1);
  params.x_ptr = x.data_ptr();
  scan_fwd_cuda(params, at::cuda::getCurrentCUDAStream().stream());
}
