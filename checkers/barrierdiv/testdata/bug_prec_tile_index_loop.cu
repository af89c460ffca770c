// MoE send-count pass whose token index was cut to 8-thread groups while
// the tile stayed 16 wide: the two halves of a tile stride over different
// tokens and may run different numbers of iterations, so tile.sync() is
// reached by half a tile.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void count_rank_tokens_kernel(int* __restrict__ counts, const int* __restrict__ experts,
                                         const int num_tokens, const int top_k, const int experts_per_rank) {
  __shared__ int s_count;
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  const int lane = tile.thread_rank();
  const int tile_id = threadIdx.x / 8;
  const int num_tiles = blockDim.x / 8;
  if (threadIdx.x == 0) {
    s_count = 0;
  }
  __syncthreads();
  for (int t = tile_id; t < num_tokens; t += num_tiles) {
    const int rank = lane < top_k ? experts[t * top_k + lane] / experts_per_rank : -1;
    if (tile.any(rank == (int)blockIdx.x) && lane == 0) {
      atomicAdd(&s_count, 1);
    }
    tile.sync();  // want `tile.sync\(\) is inside a loop whose trip count depends on threadIdx.x`
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    counts[blockIdx.x] = s_count;
  }
}

void count_rank_tokens(torch::Tensor& counts, torch::Tensor& experts, int64_t experts_per_rank) {
  const int num_ranks = counts.size(0);
  const int num_tokens = experts.size(0);
  const int top_k = experts.size(1);
  TORCH_CHECK(top_k <= 16, "top_k must be at most 16");
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  count_rank_tokens_kernel<<<num_ranks, 256, 0, stream>>>(counts.data_ptr<int>(), experts.data_ptr<int>(),
                                                          num_tokens, top_k, (int)experts_per_rank);
}
