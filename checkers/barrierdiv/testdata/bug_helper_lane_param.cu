// A helper that lets lane 0 of each warp publish a partial sum and then
// synchronises, but only inside the lane-0 branch: it is wrong whenever it
// is given a real lane id.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

__device__ void publish_warp_sum(float v, int lane, int warp, float* s_sums) {
  if (lane == 0) {
    s_sums[warp] = v;
    __syncthreads();
  }
}

__global__ void row_sum_kernel(float* __restrict__ out, const float* __restrict__ in, const int d) {
  __shared__ float s_sums[32];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  float v = 0.f;
  for (int i = threadIdx.x; i < d; i += blockDim.x) {
    v += in[blockIdx.x * d + i];
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    v += __shfl_xor_sync(0xffffffff, v, offset);
  }
  publish_warp_sum(v, lane, warp, s_sums);  // want `call to publish_warp_sum passes thread-dependent arguments: its __syncthreads\(\) at line 10 is reached only by threads with lane == 0 \(condition at line 8 depends on threadIdx.x via lane\)`
  if (threadIdx.x == 0) {
    float total = 0.f;
    for (int w = 0; w < blockDim.x / 32; ++w) {
      total += s_sums[w];
    }
    out[blockIdx.x] = total;
  }
}

void row_sum(torch::Tensor& out, torch::Tensor& in) {
  const int d = in.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  row_sum_kernel<<<in.size(0), 256, 0, stream>>>(out.data_ptr<float>(), in.data_ptr<float>(), d);
}
