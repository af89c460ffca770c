// A 4-bit GEMV in the AWQ style: qweight is [OC, IC / 8] int32, eight
// 4-bit weights per element, and each block's output channel starts at
// the int offset oc * (IC / 8). That product wraps only for a packed
// weight of 2^31 words, 8 GiB in one layer: no layer of a real model has
// one. It was reported with an output width equal to a vocabulary and an
// input width of 221,184 (a fused qkv width of DeepSeek-V3), a weight of
// two rows: the launcher never ties IC to qweight's columns. A wrap now
// counts where the buffer holds the element the exact offset names
// (overflow.Fits) and a weight is at most the model's largest
// (launch.weightBound). Bug twin: bug_prec_gemv_byte_offset.cu.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

__global__ void gemv_w4_kernel(__half* __restrict__ out, const __half* __restrict__ in, const int* __restrict__ qweight,
                               const int IC, const int OC) {
  const int oc = blockIdx.x;
  const int* w = qweight + oc * (IC / 8);
  float acc = 0.f;
  for (int k = threadIdx.x; k < IC / 8; k += blockDim.x) {
    const int packed = w[k];
    for (int j = 0; j < 8; ++j) {
      acc += __half2float(in[k * 8 + j]) * float((packed >> (4 * j)) & 0xF);
    }
  }
  if (threadIdx.x == 0) {
    out[oc] = __float2half(acc);
  }
}

torch::Tensor gemv_w4(torch::Tensor in_feats, torch::Tensor qweight) {
  TORCH_CHECK(in_feats.size(0) == 1, "one row");
  const int IC = in_feats.size(1);
  const int OC = qweight.size(0);
  auto out = torch::empty({1, OC}, in_feats.options());
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gemv_w4_kernel<<<OC, 128, 0, stream>>>(reinterpret_cast<__half*>(out.data_ptr<at::Half>()),
                                         reinterpret_cast<const __half*>(in_feats.data_ptr<at::Half>()),
                                         qweight.data_ptr<int>(), IC, OC);
  return out;
}
