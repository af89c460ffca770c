// CUTLASS is not a shim's to stand in for: its absence is one message
// naming the fix, and the kernel that does not use it is still analysed.
// kernel: dequant_scale_kernel
// parse: CUTLASS headers not found \('cutlass/numeric_types.h'\): give their include directory with -I
#include <cutlass/numeric_types.h>
#include <cutlass/gemm/device/gemm.h>
#include <cuda_fp16.h>

__global__ void dequant_scale_kernel(__half* out, const int8_t* q, const float* scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2half(float(q[i]) * scale[i / 128]);
}

using Gemm = cutlass::gemm::device::Gemm<cutlass::half_t, cutlass::layout::RowMajor, cutlass::half_t,
                                         cutlass::layout::ColumnMajor, float>;
