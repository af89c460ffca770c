// Partial sums of the active lanes for a sparse top-p filter. Safe: the
// shuffle's mask is __activemask() taken inside the branch, exactly the
// lanes that reach it (cudavet cannot tell which lanes those are, and
// does not report).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[n]; shape probs[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 256) block=256
__global__ void active_prefix_kernel(float* __restrict__ out, const float* __restrict__ probs, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const unsigned int mask = __activemask();
    float v = probs[i];
    const float up = __shfl_up_sync(mask, v, 1);
    if (threadIdx.x % 32 > 0) {
      v += up;
    }
    out[i] = v;
  }
}

void active_prefix(torch::Tensor& out, const torch::Tensor& probs) {
  const int n = probs.numel();
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  active_prefix_kernel<<<(n + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), probs.data_ptr<float>(), n);
}
