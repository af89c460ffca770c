// g++ (nvcc's host compiler) accepts arithmetic on void* as a GNU
// extension; clang rejects it. The kernel is analysed without that line.
// kernel: copy_bytes_kernel
// note: arithmetic on a pointer to void
#include <cuda_runtime.h>

__global__ void copy_bytes_kernel(char* dst, const char* src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

void copy_tail(void* dst, const void* src, size_t offset, int n, cudaStream_t stream) {
  char* d = (char*)(dst + offset);
  const char* s = (const char*)src + offset;
  copy_bytes_kernel<<<(n + 255) / 256, 256, 0, stream>>>(d, s, n);
}
