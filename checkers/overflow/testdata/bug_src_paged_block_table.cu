// Copies the blocks a sequence's block table names out of a paged KV
// cache laid out [num_blocks, block_entries] (a block's tokens, heads
// and head values in a row). The block's offset is computed in int:
// block * block_entries wraps once the cache has more than 2^31 /
// block_entries blocks (131,072 blocks of 16 tokens × 8 heads × 128),
// which an 80 GB GPU holds in bf16.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void gather_blocks_kernel(float* __restrict__ out, const float* __restrict__ key_cache,
                                     const int* __restrict__ block_table, const int block_entries) {
  const int i = blockIdx.x;
  const int block = block_table[i];
  for (int t = threadIdx.x; t < block_entries; t += blockDim.x) {
    out[(int64_t)i * block_entries + t] = key_cache[block * block_entries + t];  // want "block \\* block_entries \\+ t \\(int\\) overflows when key_cache.size\\(0\\) \\(rows of key_cache\\) >="
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
