// Older kernels include the legacy THC headers for the atomics.
// kernel: histogram_kernel
#include <torch/extension.h>
#include <THC/THCAtomics.cuh>

__global__ void histogram_kernel(float* hist, const int* bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) gpuAtomicAdd(&hist[bins[i] & 255], 1.0f);
}

void histogram(torch::Tensor hist, torch::Tensor bins) {
  int n = bins.numel();
  histogram_kernel<<<(n + 127) / 128, 128>>>(hist.data_ptr<float>(), bins.data_ptr<int>(), n);
}
