// Row writer dispatched on the row width: row_vec<16>::store and
// row_vec<4>::store are two instantiations of one member function, each
// with its own trip count. (They were once lowered as one function, the
// first instantiation's body serving both, so the 4-wide kernel wrote 16
// floats per row, over the next threads' rows: a race that is not there.)
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
      p[i] = v[i];
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
  x.store(out + (int64_t)r * WIDTH);
}

void fill_rows(torch::Tensor& out, const torch::Tensor& row_val) {
  const int rows = out.size(0);
  const int width = out.size(1);
  TORCH_CHECK(row_val.numel() == rows);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  const int blocks = (rows + 255) / 256;
  if (width == 16) {
    fill_rows_kernel<16><<<blocks, 256, 0, stream>>>(out.data_ptr<float>(), row_val.data_ptr<float>(), rows);
  } else if (width == 4) {
    fill_rows_kernel<4><<<blocks, 256, 0, stream>>>(out.data_ptr<float>(), row_val.data_ptr<float>(), rows);
  }
}
