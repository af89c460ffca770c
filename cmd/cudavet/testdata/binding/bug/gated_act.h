// The params struct the binding fills and the launcher reads, in the
// layout of Mamba's and FlashAttention's csrc: the .cpp never sees the
// kernel, the .cu never sees a tensor.
#pragma once
#include <cuda_runtime.h>
#include <cstdint>

struct GatedActParams {
  int64_t n_rows;
  int dim;
  void* out_ptr;
  const void* x_ptr;
};

void gated_act_fwd_cuda(const GatedActParams& params, cudaStream_t stream);
