// A fast-division class converting to int, with operator% taking an int:
// `int64_t % FastDiv` is ambiguous in ISO C++ (built-in long % int or the
// user operator), g++ and EDG pick the user one with a warning, clang
// rejects the expression. The kernel is analysed without it.
// kernel: token_pos_kernel
// note: an operator call ISO C++ finds ambiguous
#include <cuda_runtime.h>
#include <stdint.h>

class FastDiv {
 public:
  __host__ __device__ explicit FastDiv(int d) : d_(d) {}
  __host__ __device__ operator int() const { return d_; }
  int d_;
};
__host__ __device__ inline int operator%(int n, FastDiv const& d) { return n - (n / d.d_) * d.d_; }

__global__ void token_pos_kernel(int* pos, int64_t num_tokens, FastDiv seq_len) {
  int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (t >= num_tokens) return;
  int p = t % seq_len;
  pos[t] = p;
}
