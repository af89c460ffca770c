// A launcher that loads a cubin as a CUDA library (CUDA 12.4's
// cuLibraryGetKernelCount / cuLibraryEnumerateKernels / cuKernelGetName),
// picks the kernel by name and unloads the library when done; the kernel
// in the file is analysed.
// kernel: scale_rows_kernel
#include <cuda.h>
#include <cstring>
#include <vector>

__global__ void scale_rows_kernel(float* x, const float* scale, int rows, int cols) {
  int r = blockIdx.x;
  if (r >= rows) return;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) x[r * cols + c] *= scale[r];
}

struct CubinKernel {
  CUlibrary lib = nullptr;
  CUkernel kernel = nullptr;
  ~CubinKernel() {
    if (lib != nullptr) cuLibraryUnload(lib);
  }
  bool load(const std::vector<char>& cubin, const char* wanted) {
    if (cuLibraryLoadData(&lib, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0) != CUDA_SUCCESS) return false;
    unsigned int n = 0;
    cuLibraryGetKernelCount(&n, lib);
    std::vector<CUkernel> kernels(n);
    cuLibraryEnumerateKernels(kernels.data(), n, lib);
    for (CUkernel k : kernels) {
      const char* name = nullptr;
      cuKernelGetName(&name, k);
      if (name != nullptr && std::strstr(name, wanted) != nullptr) kernel = k;
    }
    return kernel != nullptr;
  }
};

void scale_rows(float* x, const float* scale, int rows, int cols, cudaStream_t stream) {
  scale_rows_kernel<<<rows, 256, 0, stream>>>(x, scale, rows, cols);
}
