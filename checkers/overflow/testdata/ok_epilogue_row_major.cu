// Safe: the row offset is widened to int64_t before the multiply, so
// row * OC + col is computed in 64 bits for any M the grid allows.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>

// cudavet:shape C[M, OC]; shape acc[M, OC]; shape bias[OC]
// cudavet:user M; fixed OC = 28672
// cudavet:launch grid=M block=256
__global__ void bias_epilogue_kernel(float* __restrict__ C, const float* __restrict__ acc,
                                     const float* __restrict__ bias, const int M, const int OC) {
  const int row = blockIdx.x;
  for (int col = threadIdx.x; col < OC; col += blockDim.x) {
    const float v = acc[(int64_t)row * OC + col];
    C[(int64_t)row * OC + col] = v + bias[col];
  }
}

void bias_epilogue(torch::Tensor& C, const torch::Tensor& acc, const torch::Tensor& bias) {
  TORCH_CHECK(acc.is_contiguous() && C.is_contiguous());
  const int M = acc.size(0);
  const int OC = acc.size(1);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  bias_epilogue_kernel<<<M, 256, 0, stream>>>(C.data_ptr<float>(), acc.data_ptr<float>(),
                                              bias.data_ptr<float>(), M, OC);
}
