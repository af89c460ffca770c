// Row writer dispatched on the row width, whose row stride was left at
// the 4-wide layout: in the 16-wide instantiation thread r writes floats
// [4r, 4r + 16), over the rows of threads r + 1 .. r + 3.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

template <typename T, int N>
struct row_vec;

template <int N>
struct row_vec<float, N> {
  float v[N];
  __device__ __forceinline__ void fill(float x) {
#pragma unroll
    for (int i = 0; i < N; ++i) {
      v[i] = x;
    }
  }
  __device__ __forceinline__ void store(float* p) const {
#pragma unroll
    for (int i = 0; i < N; ++i) {
      p[i] = v[i];  // want "data race on global out: store to p\\[i\\] and store to p\\[i\\]"
    }
  }
};

template <int WIDTH>
__global__ void fill_rows_kernel(float* __restrict__ out, const float* __restrict__ row_val,
                                 const int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) {
    return;
  }
  row_vec<float, WIDTH> x;
  x.fill(row_val[r]);
  x.store(out + (int64_t)r * 4);
}

void fill_rows(torch::Tensor& out, const torch::Tensor& row_val) {
  const int rows = out.size(0);
  const int width = out.size(1);
  TORCH_CHECK(row_val.numel() == rows);
  TORCH_CHECK(out.numel() >= (int64_t)rows * 4 + 12);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  const int blocks = (rows + 255) / 256;
  if (width == 16) {
    fill_rows_kernel<16><<<blocks, 256, 0, stream>>>(out.data_ptr<float>(), row_val.data_ptr<float>(), rows);
  } else if (width == 4) {
    fill_rows_kernel<4><<<blocks, 256, 0, stream>>>(out.data_ptr<float>(), row_val.data_ptr<float>(), rows);
  }
}
