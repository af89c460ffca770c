// Filler threads run as many barriers as the worker threads, then leave:
// the block is split into two roles deliberately, and every thread arrives
// at three __syncthreads (safe: both sides synchronise).
#include <cuda_runtime.h>

__global__ void align_with_fillers(int* __restrict__ sorted_ids, int* __restrict__ counts,
                                   const int* __restrict__ expert_of, int numel,
                                   int max_padded, int fill_threads) {
  __shared__ int hist[256];
  if (threadIdx.x < fill_threads) {
    for (int i = threadIdx.x; i < max_padded; i += fill_threads) sorted_ids[i] = numel;
    __syncthreads();
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
  if (tid == 0) counts[0] = hist[0];
  __syncthreads();
}
