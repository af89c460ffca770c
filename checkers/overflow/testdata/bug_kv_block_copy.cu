// Paged KV-cache block copy (used when sequences fork for beam search or
// prefix sharing): the block's element offset block * block_stride is an
// int, and a cache of 131073 blocks of 16 tokens x 8 heads x 128 wraps it.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

// cudavet:shape key_cache[num_blocks, block_stride]; shape value_cache[num_blocks, block_stride]
// cudavet:shape dst_blocks[num_blocks]
// cudavet:user num_blocks; fixed block_stride = 16 * 8 * 128
// cudavet:launch grid=num_blocks block=256
__global__ void copy_cache_blocks_kernel(__half* __restrict__ key_cache,
                                         __half* __restrict__ value_cache,
                                         const int64_t* __restrict__ dst_blocks,
                                         const int block_stride) {
  const int block = blockIdx.x;
  const int64_t dst = dst_blocks[block];
  if (dst < 0) {
    return;
  }
  const int src_offset = block * block_stride;  // want "block \\* block_stride \\(int\\) overflows when num_blocks >= 131073 with block_stride = 16384"
  const int64_t dst_offset = dst * block_stride;
  for (int i = threadIdx.x; i < block_stride; i += blockDim.x) {
    key_cache[dst_offset + i] = key_cache[src_offset + i];
    value_cache[dst_offset + i] = value_cache[src_offset + i];
  }
}

void copy_cache_blocks(torch::Tensor& key_cache, torch::Tensor& value_cache,
                       const torch::Tensor& dst_blocks) {
  const int num_blocks = key_cache.size(0);
  const int block_stride = key_cache.stride(0);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  copy_cache_blocks_kernel<<<num_blocks, 256, 0, stream>>>(
      reinterpret_cast<__half*>(key_cache.data_ptr()), reinterpret_cast<__half*>(value_cache.data_ptr()),
      dst_blocks.data_ptr<int64_t>(), block_stride);
}
