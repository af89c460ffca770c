// Bug twin of ok_prec_gemv_packed_weight.cu: an fp16 GEMV that steps
// through the weight in bytes with an int offset, oc * IC * 2. That wraps
// at a real layer: an output head of 256,000 rows over a hidden size of
// 4,608 (Gemma-2-27B), 2.4 GB of weights, within the model's largest
// weight, so the wrap is reported.
#include <torch/all.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_fp16.h>

__global__ void gemv_f16_kernel(__half* __restrict__ out, const __half* __restrict__ in, const __half* __restrict__ weight,
                                const int IC, const int OC) {
  const int oc = blockIdx.x;
  const char* base = reinterpret_cast<const char*>(weight);
  const __half* w = reinterpret_cast<const __half*>(base + oc * IC * 2);  // want "oc \\* IC \\* 2 \\(int\\) overflows"
  float acc = 0.f;
  for (int k = threadIdx.x; k < IC; k += blockDim.x) {
    acc += __half2float(in[k]) * __half2float(w[k]);
  }
  if (threadIdx.x == 0) {
    out[oc] = __float2half(acc);
  }
}

torch::Tensor gemv_f16(torch::Tensor in_feats, torch::Tensor weight) {
  TORCH_CHECK(in_feats.size(0) == 1, "one row");
  const int IC = in_feats.size(1);
  const int OC = weight.size(0);
  TORCH_CHECK(weight.size(1) == IC);
  auto out = torch::empty({1, OC}, in_feats.options());
  const cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  gemv_f16_kernel<<<OC, 128, 0, stream>>>(reinterpret_cast<__half*>(out.data_ptr<at::Half>()),
                                          reinterpret_cast<const __half*>(in_feats.data_ptr<at::Half>()),
                                          reinterpret_cast<const __half*>(weight.data_ptr<at::Half>()), IC, OC);
  return out;
}
