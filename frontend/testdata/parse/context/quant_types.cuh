// The types of the quantized GEMM, included by gemm.cu.
#pragma once
#include <cuda_fp16.h>

namespace cvq {
struct GroupScale {
  const __half* scales;
  int group_size;
};
}  // namespace cvq
