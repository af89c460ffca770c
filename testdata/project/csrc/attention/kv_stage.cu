// Stages the keys of one block of the KV cache through shared memory.
// It builds only the way the project builds it: tiles/ comes from the
// build's include path, CVK_BLOCK_SIZE from its defines, and the file is
// for sm_90a (-gencode arch=compute_90a,code=sm_90a) only.
#include <torch/all.h>

#include "tiles/tile_config.h"

#ifndef CVK_BLOCK_SIZE
#error "CVK_BLOCK_SIZE is set by the build (see compile_commands.json)"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#error "kv_stage.cu is built for sm_90a only"
#endif

namespace cvk {

using KTile = tiles::TileShape<CVK_BLOCK_SIZE, 128>;

// BUG(barrierdiv): the barrier is inside a loop whose trip count depends on
// threadIdx.x, so threads leave the loop at different iterations.
__global__ void stage_keys_kernel(float* __restrict__ out,       // [num_blocks, elems]
                                  const float* __restrict__ kv,  // [num_blocks, elems]
                                  const int elems) {
  __shared__ float tile[KTile::elems];
  const int64_t base = (int64_t)blockIdx.x * elems;
  for (int i = threadIdx.x; i < elems; i += blockDim.x) {
    tile[threadIdx.x % KTile::elems] = kv[base + i];
    __syncthreads();
    out[base + i] = tile[(threadIdx.x + 1) % KTile::elems];
  }
}

}  // namespace cvk

void stage_keys(torch::Tensor& out, torch::Tensor& kv) {
  const int num_blocks = kv.size(0);
  const int elems = kv.size(1);
  cvk::stage_keys_kernel<<<num_blocks, 256>>>(out.data_ptr<float>(), kv.data_ptr<float>(), elems);
}
