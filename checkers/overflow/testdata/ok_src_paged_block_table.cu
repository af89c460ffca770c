// The twin of bug_src_paged_block_table.cu: the block's offset is
// computed in int64_t. A block-table entry is below the cache's blocks
// (its leading dimension), so every access is in bounds: the launch is
// verified, where before the entry was unknown data and the checks on it
// were skipped.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void gather_blocks_kernel(float* __restrict__ out, const float* __restrict__ key_cache,
                                     const int* __restrict__ block_table, const int block_entries) {
  const int i = blockIdx.x;
  const int block = block_table[i];
  for (int t = threadIdx.x; t < block_entries; t += blockDim.x) {
    out[(int64_t)i * block_entries + t] = key_cache[static_cast<int64_t>(block) * block_entries + t];
  }
}

void gather_blocks(torch::Tensor& out, const torch::Tensor& key_cache, const torch::Tensor& block_table) {
  const int64_t n = block_table.numel();
  const int block_entries = key_cache.size(1);
  TORCH_CHECK(out.size(0) == n && out.size(1) == block_entries);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gather_blocks_kernel<<<n, 256, 0, stream>>>(out.data_ptr<float>(), key_cache.data_ptr<float>(),
                                              block_table.data_ptr<int>(), block_entries);
}
