// 4-bit weight GEMM output in the AWQ style: the weight is packed eight
// 4-bit values per int32, so the launcher unpacks the output width as
// qweight.size(1) * 8. The kernel's row offset row * OC is an int and
// wraps once M reaches 74899 rows of a 28672-wide gate_up projection
// (Llama-3-8B), whose packed qweight has 3584 int32 columns. The packed
// width takes the model widths divided by 8, not the widths themselves.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

__global__ void w4_store_kernel(__half* __restrict__ out, const float* __restrict__ acc, const int M, const int OC) {
  const int row = blockIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= OC) {
    return;
  }
  out[row * OC + col] = __float2half(acc[static_cast<int64_t>(row) * OC + col]);  // want "row \\* OC \\+ col \\(int\\) overflows when M \\(rows of in_feats\\) >= \\d+ with qweight.size\\(1\\) \\(columns of qweight, packed 8 per element\\) = \\d+ \\(.+: .+ / 8\\)"
}

torch::Tensor w4_store(torch::Tensor in_feats, torch::Tensor qweight, torch::Tensor acc) {
  TORCH_CHECK(qweight.scalar_type() == at::kInt, "qweight packs eight 4-bit weights per int32");
  const int M = in_feats.size(0);
  const int OC = qweight.size(1) * 8;
  TORCH_CHECK(acc.size(0) == M && acc.size(1) == OC);
  auto out = torch::empty({M, OC}, in_feats.options());
  const int* packed = qweight.data_ptr<int>();
  (void)packed;
  const dim3 block(128);
  const dim3 grid((OC + 127) / 128, M);
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  w4_store_kernel<<<grid, block, 0, stream>>>(reinterpret_cast<__half*>(out.data_ptr<at::Half>()),
                                              acc.data_ptr<float>(), M, OC);
  return out;
}
