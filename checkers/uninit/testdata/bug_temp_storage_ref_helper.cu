// An exclusive scan of per-thread counts run by a device helper, which
// gets cub's shared TempStorage by reference; the kernel then adds the
// block's base offset from a shared variable that thread 0 was meant to
// fill from the previous block's total, but nothing stores to it.
#include <cub/cub.cuh>
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <int kThreads>
__device__ void scan_counts(const int* __restrict__ counts, int* __restrict__ offsets,
                            typename cub::BlockScan<int, kThreads>::TempStorage& temp) {
  const int64_t i = (int64_t)blockIdx.x * kThreads + threadIdx.x;
  int offset;
  cub::BlockScan<int, kThreads>(temp).ExclusiveSum(counts[i], offset);
  offsets[i] = offset;
}

template <int kThreads>
__global__ void scan_kernel(const int* __restrict__ counts, int* __restrict__ offsets) {
  __shared__ typename cub::BlockScan<int, kThreads>::TempStorage temp;
  __shared__ int block_base;
  scan_counts<kThreads>(counts, offsets, temp);
  __syncthreads();
  offsets[(int64_t)blockIdx.x * kThreads + threadIdx.x] += block_base;  // want `load from block_base reads element 0 of shared block_base, which no thread of the block has written \(nothing stores to it\)`
}

void scan(torch::Tensor& offsets, const torch::Tensor& counts) {
  TORCH_CHECK(counts.size(0) % 256 == 0 && offsets.size(0) == counts.size(0));
  scan_kernel<256><<<counts.size(0) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      counts.data_ptr<int>(), offsets.data_ptr<int>());
}
