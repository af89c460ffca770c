// PTX register names written with one '%' inside an asm with operands:
// ptxas takes it, clang's asm check does not. The statement is dropped
// (its output unknown), the rest of the kernel is analysed.
// kernel: lane_ids_kernel
// note: inline PTX with a '%' that is not an operand
#include <cuda_runtime.h>

__global__ void lane_ids_kernel(unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = 0;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(lane));
  if (i < n) out[i] = lane;
}
