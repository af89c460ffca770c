// The block is split in two roles: the first fill_threads threads pad the
// output, the others zero a 256-bin histogram with a stride of their own
// count, blockDim.x - fill_threads, and count into it. Every bin the
// count reads was zeroed, whatever the split and the block size (no
// launch says them).
#include <cuda_runtime.h>

__global__ void count_experts(int* __restrict__ sorted_ids, int* __restrict__ counts,
                              const int* __restrict__ expert_of, int numel, int max_padded,
                              int fill_threads) {
  __shared__ int hist[256];
  if (threadIdx.x < fill_threads) {
    for (int i = threadIdx.x; i < max_padded; i += fill_threads) sorted_ids[i] = numel;
    __syncthreads();
    __syncthreads();
    return;
  }
  const int tid = threadIdx.x - fill_threads;
  const int stride = blockDim.x - fill_threads;
  for (int i = tid; i < 256; i += stride) hist[i] = 0;
  __syncthreads();
  for (int i = tid; i < numel; i += stride) atomicAdd(&hist[expert_of[i] & 255], 1);
  __syncthreads();
  if (tid < 256) counts[tid] = hist[tid];
}
