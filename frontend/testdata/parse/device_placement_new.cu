// A barrier object constructed in shared memory with placement new from
// device code, as hand-written mbarrier wrappers do: nvcc declares the
// device placement forms of operator new; with -nocudainc clang does not.
// kernel: staged_copy_kernel
#include <cuda_runtime.h>
#include <cstdint>

struct StageBarrier {
  uint64_t state;
  __device__ explicit StageBarrier(uint32_t count) : state(count) {}
};

__device__ inline void init_barrier(StageBarrier* bar, uint32_t count) {
  new (bar) StageBarrier{count};
}

__global__ void staged_copy_kernel(float* out, const float* in, int n) {
  __shared__ __align__(8) unsigned char storage[sizeof(StageBarrier)];
  StageBarrier* bar = reinterpret_cast<StageBarrier*>(storage);
  if (threadIdx.x == 0) init_barrier(bar, blockDim.x);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}
