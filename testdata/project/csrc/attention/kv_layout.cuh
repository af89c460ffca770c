// A header no source of this tree includes yet (it is new): it has no
// compile_commands.json entry, so it borrows the flags of the nearest
// compiled file (kv_stage.cu), which give it tiles/ and CVK_BLOCK_SIZE.
#pragma once

#include "tiles/tile_config.h"

namespace cvk {

using KVLayout = tiles::TileShape<CVK_BLOCK_SIZE, 64>;

// Safe: the barrier is outside every thread-dependent branch.
__global__ void zero_block_kernel(float* __restrict__ block) {  // [KVLayout::elems]
  __shared__ float scratch[KVLayout::cols];
  scratch[threadIdx.x % KVLayout::cols] = 0.f;
  __syncthreads();
  block[threadIdx.x % KVLayout::elems] = scratch[(threadIdx.x + 1) % KVLayout::cols];
}

}  // namespace cvk
