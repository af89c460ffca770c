// Cooperative groups: the block-wide sync is only reached by the first 64
// ranks of the block.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void prefix_scale_kernel(float* __restrict__ data, const int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s_scale[64];
  if (block.thread_rank() < 64) {
    s_scale[block.thread_rank()] = data[block.thread_rank()];
    block.sync();  // want `^block\.sync\(\) is reached only by threads with block\.thread_rank\(\) < 64 \(condition at line 11 depends on thread_rank\(\)\)`
  }
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    data[i] *= s_scale[threadIdx.x % 64];
  }
}
