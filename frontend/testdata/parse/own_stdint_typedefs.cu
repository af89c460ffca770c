// A device-only source that declares <stdint.h>'s names itself, as files
// compiled to a cubin on their own do: nvcc's force-included headers leave
// them undeclared, cudavet's prelude declares them (uint64_t as unsigned
// long), so the 64-bit one is told once and the unit analysed.
// kernel: copy_words_kernel
// note: a file's own <stdint.h> typedefs
typedef unsigned char uint8_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;

extern "C" __global__ void copy_words_kernel(uint64_t* dst, const uint64_t* src, uint32_t n) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}
