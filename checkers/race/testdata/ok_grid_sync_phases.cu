// A two-phase kernel launched cooperatively: every thread writes its own
// element of buf, the whole grid meets at this_grid().sync(), and only
// then does each thread read a neighbour block's element. The grid
// barrier orders the accesses of different blocks; it was read as no
// barrier at all and the read was reported as a cross-block race.
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
  grid.sync();
  const int j = i < n - 128 ? i + 128 : i;
  if (i < n) {
    out[i] = buf[j];
  }
}

// The same exchange repeated: one grid barrier per step, each step
// reading the previous step's buffer and writing the other one.
// cudavet:shape a[n]; shape b[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 128) block=128
__global__ void ping_pong(float* __restrict__ a, float* __restrict__ b, int n, int steps) {
  cg::grid_group grid = cg::this_grid();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = 1.0f;
  }
  grid.sync();
  if (i < n) {
    const int j = i < n - 128 ? i + 128 : i;
    b[i] = a[j] + 1.0f;
  }
  grid.sync();
  if (i < n) {
    const int j = i >= 128 ? i - 128 : i;
    a[i] = b[j] * 0.5f;
  }
}
