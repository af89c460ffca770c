// A do-while over a row: c steps 64 at a time while c < cols + 64, so c
// never exceeds cols + 127 and c += 64 cannot overflow. The store to
// row[c] does run past the row's end (c in [cols, cols + 64)). An engine
// that drops the do-while condition for the iterations after the first
// lets c reach INT_MAX and claims an overflow the replay never sees.
#include <cuda_runtime.h>
#include <cstdint>

// cudavet:shape out[rows, cols]
// cudavet:user rows <= 1 << 16
// cudavet:fixed cols = 100
// cudavet:launch grid=rows block=128
__global__ void strided_rows_kernel(float* out, int rows, int cols) {
  float* row = out + (int64_t)blockIdx.x * cols;
  int c = threadIdx.x;
  do {
    row[c] = 0.f;
    c += 64;
  } while (c < cols + 64);
}
