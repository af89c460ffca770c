// Uses cvq::GroupScale from quant_types.cuh without including it: its
// includer (a generated file) includes that first. Parsed alone it fails;
// in the context of gemm.cu, which uses namespace cvq, it parses.
#pragma once

namespace cvq {
__global__ void dequant_kernel(float* out, const int8_t* q, GroupScale s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = float(q[i]) * __half2float(s.scales[i / s.group_size]);
}
}  // namespace cvq
