// Safe: the float4 loop covers only the n / 4 full vectors, and the last
// n % 4 floats are copied one by one by the first threads.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape out[n]; shape in[n]
// cudavet:user n <= 1 << 28
// cudavet:launch grid=ceil_div(ceil_div(n, 4), 256) block=256
__global__ void copy_vec4_kernel(float* __restrict__ out, const float* __restrict__ in, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int num_vecs = n / 4;
  if (i < num_vecs) {
    const float4 v = reinterpret_cast<const float4*>(in)[i];
    reinterpret_cast<float4*>(out)[i] = v;
  }
  const int tail = num_vecs * 4 + i;
  if (i < n % 4) {
    out[tail] = in[tail];
  }
}

void copy_vec4(torch::Tensor& out, const torch::Tensor& in) {
  const int n = in.numel();
  const int vecs = (n + 3) / 4;
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  copy_vec4_kernel<<<(vecs + 255) / 256, 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), n);
}
