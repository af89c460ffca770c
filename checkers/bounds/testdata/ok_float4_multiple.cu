// Safe: the launcher only takes tensors whose length is a multiple of 4
// (the assume mirrors its TORCH_CHECK), so ceil(n / 4) float4s end exactly
// at the end of both buffers.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n <= 1 << 28; assume n % 4 == 0
// cudavet:launch grid=ceil_div(ceil_div(n, 4), 256) block=256
__global__ void copy_vec4_kernel(float* __restrict__ out, const float* __restrict__ in, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (n + 3) / 4) {
    const float4 v = reinterpret_cast<const float4*>(in)[i];
    reinterpret_cast<float4*>(out)[i] = v;
  }
}

void copy_vec4(torch::Tensor& out, const torch::Tensor& in) {
  const int n = in.numel();
  TORCH_CHECK(n % 4 == 0, "copy_vec4 needs a multiple of 4 elements");
  const int vecs = (n + 3) / 4;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  copy_vec4_kernel<<<(vecs + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), n);
}
