// The causal-conv1d chain: the generic launcher the binding calls picks a
// thread count and calls a launch template, which takes the kernel's
// address and launches through it. The row offset is an int: r * width
// wraps once the rows of a 256,000-wide input pass 8,388. cudavet follows
// the chain to the launch; the thread count bound at the call
// (chain_launch<256, input_t>) is not carried into the generic form, so
// the block stays unresolved; the row offset does not depend on it.
#include "chain.h"

template <int kThreads, typename input_t>
__global__ void chain_kernel(input_t* __restrict__ out, const input_t* __restrict__ in, const float alpha,
                             const int width) {
  const int r = blockIdx.x;
  for (int i = threadIdx.x; i < width; i += kThreads) {
    out[r * width + i] = in[r * width + i] * alpha;
  }
}

template <int kThreads, typename input_t>
void chain_launch(ScaleParams& params, cudaStream_t stream) {
  auto kernel = &chain_kernel<kThreads, input_t>;
  kernel<<<params.rows, kThreads, 0, stream>>>(static_cast<input_t*>(params.out_ptr),
                                              static_cast<const input_t*>(params.in_ptr), params.alpha,
                                              params.width);
}

template <typename input_t>
void chain_fwd_cuda(ScaleParams& params, cudaStream_t stream) {
  if (params.width >= 4096) {
    chain_launch<256, input_t>(params, stream);
  } else {
    chain_launch<128, input_t>(params, stream);
  }
}

template void chain_fwd_cuda<float>(ScaleParams& params, cudaStream_t stream);
template void chain_fwd_cuda<double>(ScaleParams& params, cudaStream_t stream);
