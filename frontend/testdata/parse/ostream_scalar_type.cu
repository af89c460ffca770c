// Error messages built with streams: operator<< of c10::ScalarType and of
// a dtype, std::basic_ostringstream, std::cerr.
// kernel: relu_kernel
#include <torch/all.h>

__global__ void relu_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] > 0.f ? x[i] : 0.f;
}

void relu(torch::Tensor& x) {
  if (x.scalar_type() != at::ScalarType::Float) {
    std::basic_ostringstream<char> msg;
    msg << "relu: unsupported dtype " << x.scalar_type() << " (" << x.dtype() << ")";
    std::cerr << msg.str() << std::endl;
    return;
  }
  int n = x.numel();
  relu_kernel<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), n);
}
