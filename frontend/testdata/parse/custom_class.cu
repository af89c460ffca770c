// A TorchScript custom class holding the workspace of a kernel.
// kernel: fill_workspace_kernel
#include <torch/custom_class.h>
#include <torch/library.h>

__global__ void fill_workspace_kernel(int* ws, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) ws[i] = 0;
}

struct Workspace : torch::CustomClassHolder {
  torch::Tensor buf;
  explicit Workspace(torch::Tensor b) : buf(b) {}
  void reset() {
    int n = buf.numel();
    fill_workspace_kernel<<<(n + 255) / 256, 256>>>(buf.data_ptr<int>(), n);
  }
};

TORCH_LIBRARY(cvt_ws, m) {
  m.class_<Workspace>("Workspace").def(torch::init<torch::Tensor>()).def("reset", &Workspace::reset);
}
