// Every thread of the block stores the same pointer and the same flag
// into shared variables and reads them back in the same barrier
// interval. Whichever store comes last, each location holds that one
// value, and each reader stored it itself before reading: no race. Both
// the write-write and the read-write pairs were reported.
// cudavet:shape out[128]; shape A[n]
// cudavet:user n
// cudavet:launch grid=1 block=128
__global__ void same_value(int* __restrict__ out, int* __restrict__ A, const int n) {
  __shared__ int* p;
  __shared__ int len;
  p = A;
  len = n;
  if (threadIdx.x < len) {
    out[threadIdx.x] = p[threadIdx.x];
  }
}
