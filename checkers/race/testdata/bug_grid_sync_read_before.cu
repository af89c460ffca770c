// Bug twin of ok_grid_sync_phases.cu: the neighbour block's element is
// read before the grid barrier, while that block may not have written it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// cudavet:shape buf[n]; shape out[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 128) block=128
__global__ void shift_by_block(float* __restrict__ buf, float* __restrict__ out, const float* __restrict__ in, int n) {
  cg::grid_group grid = cg::this_grid();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    buf[i] = 2.0f * in[i];
  }
  const int j = i < n - 128 ? i + 128 : i;
  if (i < n) {
    out[i] = buf[j];  // want "data race on global buf: load from buf\\[j\\] and store to buf\\[i\\] by two threads from different blocks"
  }
  grid.sync();
}
