// Partial block sum: the lanes PARTIAL_ACTIVE selects (the includer's
// choice) stage their values behind a barrier. Only the fp32 path selects
// lanes by threadIdx.x, so the ignore below serves that includer alone: a
// run of both must not call it unused.
#pragma once

__global__ void partial_sum_kernel(float* out) {
  __shared__ float stage[256];
  stage[threadIdx.x % 256] = out[threadIdx.x];
  // cudavet:ignore[barrierdiv] the unselected lanes exit right after the store below
  if (PARTIAL_ACTIVE) __syncthreads();
  out[threadIdx.x] = stage[(threadIdx.x + 1) % 256];
}
