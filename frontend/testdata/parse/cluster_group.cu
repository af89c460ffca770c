// A reduction across a thread block cluster (sm_90): each block writes its
// partial sum to shared memory, and block 0 of the cluster reads its
// peers' through map_shared_rank between two cluster barriers.
// kernel: cluster_sum_kernel
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(4, 1, 1) cluster_sum_kernel(float* out, const float* in, int n) {
  __shared__ float partial;
  cg::cluster_group cluster = cg::this_cluster();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) partial = 0.0f;
  __syncthreads();
  if (i < n) atomicAdd(&partial, in[i]);
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    float sum = 0.0f;
    for (unsigned int r = 0; r < cluster.num_blocks(); ++r) sum += *cluster.map_shared_rank(&partial, r);
    out[blockIdx.x / 4] = sum;
  }
  cluster.sync();
}
