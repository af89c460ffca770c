// Bug twin of ok_same_value_shared.cu: each thread stores a pointer of
// its own (p = A + threadIdx.x), so the value another thread reads back
// depends on which store came last; and thread 0 alone sets len, which
// the others read in the same interval without a barrier.
// cudavet:shape out[128]; shape A[n]
// cudavet:user n
// cudavet:launch grid=1 block=128
__global__ void same_value(int* __restrict__ out, int* __restrict__ A, const int n) {
  __shared__ int* p;
  __shared__ int len;
  p = A + threadIdx.x;  // want "data race on shared p: store to p and store to p"
  if (threadIdx.x == 0) {
    len = n;
  }
  if (threadIdx.x < len) {  // want "data race on shared len: load from len and store to len"
    out[threadIdx.x] = p[0];  // want "data race on shared p: load from p and store to p"
  }
}
