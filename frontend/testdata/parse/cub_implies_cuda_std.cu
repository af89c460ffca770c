// A block-wide arg-min over bucket costs whose padding lanes take +inf
// from cuda::std::numeric_limits. The file includes only CUB: CUB is built
// on libcu++, so its headers make cuda::std visible, as under nvcc.
// kernel: min_cost_bucket_kernel
#include <cub/block/block_reduce.cuh>

struct Cost {
  float cost;
  int bucket;
};

__device__ Cost min_cost(Cost a, Cost b) { return b.cost < a.cost ? b : a; }

__global__ void min_cost_bucket_kernel(const float* costs, int* best, int num_buckets) {
  __shared__ Cost warp_best[32];
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  Cost c{b < num_buckets ? costs[b] : cuda::std::numeric_limits<float>::infinity(), b};
  for (int offset = 16; offset > 0; offset >>= 1) {
    Cost o{__shfl_xor_sync(0xffffffff, c.cost, offset), __shfl_xor_sync(0xffffffff, c.bucket, offset)};
    c = min_cost(c, o);
  }
  if (threadIdx.x % 32 == 0) warp_best[threadIdx.x / 32] = c;
  __syncthreads();
  if (threadIdx.x == 0) {
    Cost m = warp_best[0];
    for (unsigned w = 1; w < blockDim.x / 32; ++w) m = min_cost(m, warp_best[w]);
    best[blockIdx.x] = m.bucket;
  }
}
