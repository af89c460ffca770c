// Dequantising GEMM epilogue in the AWQ style, fixed: the row offset is
// computed in int64_t, so no M and no output width of the bundled models
// wraps it (the casts of M and OC to int are exact: both fit in int).
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

__global__ void dequant_epilogue_kernel(__half* __restrict__ out, const float* __restrict__ acc,
                                        const __half* __restrict__ scales, int M, int OC) {
  const int row = blockIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= OC) {
    return;
  }
  const int64_t row_offset = static_cast<int64_t>(row) * OC;
  out[row_offset + col] = __float2half(acc[row_offset + col] * __half2float(scales[col]));
}

torch::Tensor dequant_epilogue(torch::Tensor in_feats, torch::Tensor qweight, torch::Tensor scales,
                               torch::Tensor acc) {
  const int64_t M = in_feats.size(0);
  const int64_t OC = qweight.size(1);
  TORCH_CHECK(scales.size(0) == OC, "scales must match the output channels");
  TORCH_CHECK(acc.size(0) == M && acc.size(1) == OC);
  auto out = torch::empty({M, OC}, in_feats.options());
  const dim3 block(128);
  const dim3 grid((OC + 127) / 128, M);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  dequant_epilogue_kernel<<<grid, block, 0, stream>>>(
      reinterpret_cast<__half*>(out.data_ptr<at::Half>()), acc.data_ptr<float>(),
      reinterpret_cast<const __half*>(scales.data_ptr<at::Half>()), static_cast<int>(M),
      static_cast<int>(OC));
  return out;
}
