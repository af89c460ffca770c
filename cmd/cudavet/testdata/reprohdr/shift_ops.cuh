// A helper the kernel's file includes: the finding is here, the kernel is
// in shift_kernel.cu.
#pragma once

__device__ inline void shift_store(float* out, const float* in, int i) {
  out[i + 1] = in[i];  // past the end for the last element
}
