// A scaled row copy whose kernel binds references to the temp storage of
// each of its configurations in dynamic shared memory (the selective-scan
// style: auto& s = *reinterpret_cast<T*>(smem + offset)), whether the
// configuration uses it or not. Binding a reference reads nothing: the
// stats block past the header is never written and never read.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

struct Header {
  float scale;
  int count;
};

struct Stats {
  float partial[32];
};

__global__ void scaled_copy_kernel(float* __restrict__ out, const float* __restrict__ in,
                                   const float* __restrict__ scale, const int hidden) {
  extern __shared__ char smem[];
  auto& stats = *reinterpret_cast<Stats*>(smem + sizeof(Header));
  Header* hdr_ptr = reinterpret_cast<Header*>(smem);
  const int64_t row = blockIdx.x;
  if (threadIdx.x == 0) {
    hdr_ptr->scale = scale[0];
    hdr_ptr->count = hidden;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < hidden; i += blockDim.x) {
    out[row * hidden + i] = in[row * hidden + i] * hdr_ptr->scale;
  }
  (void)stats;
}

void scaled_copy(torch::Tensor& out, const torch::Tensor& in, const torch::Tensor& scale) {
  const int hidden = in.size(-1);
  const int rows = in.numel() / hidden;
  TORCH_CHECK(out.numel() == in.numel() && scale.numel() == 1);
  scaled_copy_kernel<<<rows, 256, sizeof(Header) + sizeof(Stats), at::cuda::getCurrentCUDAStream()>>>(
      out.data_ptr<float>(), in.data_ptr<float>(), scale.data_ptr<float>(), hidden);
}
