// A TMA descriptor passed as a __grid_constant__ parameter and turned into
// a param-space address for the bulk-copy instruction.
// kernel: tma_load_kernel
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void tma_load_kernel(const __grid_constant__ CUtensorMap desc, float* out, int n) {
  __shared__ __align__(128) float tile[256];
  const void* d = __cvta_generic_to_grid_constant(&desc);
  if (threadIdx.x == 0) asm volatile("prefetch.tensormap [%0];" ::"l"(d) : "memory");
  tile[threadIdx.x] = 0.f;
  __syncthreads();
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < n) out[i] = tile[threadIdx.x];
}
