// The block is split in two roles: the first fill_threads threads pad the
// output, the others zero only the first 128 bins of a 256-bin histogram
// with a stride of their own count, blockDim.x - fill_threads; the final
// read takes bins 128 to 255, which nobody wrote (the twin of
// ok_split_roles_hist.cu, with a launch).
#include <cuda_runtime.h>

// cudavet:shape sorted_ids[max_padded]; shape counts[256]; shape expert_of[numel]
// cudavet:user numel; user max_padded; fixed fill_threads in {32, 64}
// cudavet:launch grid=1 block=512
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
  for (int i = tid; i < 128; i += stride) hist[i] = 0;
  __syncthreads();
  for (int i = tid; i < numel; i += stride) atomicAdd(&counts[0], expert_of[i]);
  __syncthreads();
  if (tid < 256) counts[tid] = hist[tid];  // want `load from hist\[tid\] reads element \d+ of shared hist, which no thread of the block has written`
}
