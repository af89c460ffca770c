// Testdata of the harness itself: the fake "syncer" analyzer of
// checkertest_test.go reports every barrier, so each barrier line wants one
// diagnostic per barrier on it.
#include <cuda_runtime.h>

#define SYNC_IF(cond) \
  if (cond) {         \
    __syncthreads();  \
  }

__global__ void block_reduce_kernel(float* out, const float* in, int n) {
  __shared__ float buf[256];
  int tid = threadIdx.x;
  buf[tid] = tid < n ? in[tid] : 0.f;
  __syncthreads();  // want "barrier __syncthreads"
  __syncthreads(); __syncthreads();  // want "barrier" `barrier __sync\w+`
  // want +1 "barrier __syncwarp"
  __syncwarp();
  SYNC_IF(tid < 32) /* want "__syncthreads" */ if (tid == 0) out[blockIdx.x] = buf[0];
}
