// The kernel and its launcher. The row offsets are 64-bit, so no product
// of the rows and the width leaves its type.
#include "gated_act.h"

__global__ void gated_act_kernel(float* __restrict__ out, const float* __restrict__ x, const int dim) {
  const int64_t row = blockIdx.x;
  for (int i = threadIdx.x; i < dim; i += blockDim.x) {
    const float g = x[row * 2 * dim + i];
    const float u = x[row * 2 * dim + dim + i];
    out[row * dim + i] = g / (1.f + __expf(-g)) * u;
  }
}

void gated_act_fwd_cuda(const GatedActParams& params, cudaStream_t stream) {
  const int threads = params.dim < 1024 ? params.dim : 1024;
  gated_act_kernel<<<params.n_rows, threads, 0, stream>>>(static_cast<float*>(params.out_ptr),
                                                          static_cast<const float*>(params.x_ptr), params.dim);
}
