// fp32 residual copy vectorized with float4: the vector loop runs to
// ceil(n / 4), so when n is not a multiple of 4 the last float4 reads and
// writes up to 3 floats past both buffers.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n <= 1 << 28
// cudavet:launch grid=ceil_div(ceil_div(n, 4), 256) block=256
__global__ void copy_vec4_kernel(float* __restrict__ out, const float* __restrict__ in, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (n + 3) / 4) {
    const float4 v = reinterpret_cast<const float4*>(in)[i];  // want "load from \\(const float4\\*\\)in\\[i\\] is past the end of buffer in \\(1 element here\\) when n >= 1"
    reinterpret_cast<float4*>(out)[i] = v;  // want "store to \\(float4\\*\\)out\\[i\\] is past the end of buffer out"
  }
}

void copy_vec4(torch::Tensor& out, const torch::Tensor& in) {
  const int n = in.numel();
  const int vecs = (n + 3) / 4;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  copy_vec4_kernel<<<(vecs + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), n);
}
