// Bug twin of ok_memcpy_struct.cu: the copy into the local record uses
// the size of two records, reading past in[i] into the next element and
// writing past the local s; the memset clears n + 1 floats per row.
#include <cstring>

struct Scales {
  float scale;
  float zero;
};

// cudavet:shape out[n]; shape in[n]
// cudavet:user n
// cudavet:launch grid=ceil_div(n, 128) block=128
__global__ void copy_scales(Scales* __restrict__ out, const Scales* __restrict__ in, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Scales s;
    memcpy(&s, &in[i], 2 * sizeof(Scales));  // want "memcpy from in \\+ i is past the end of buffer in"
    s.scale *= 2.0f;
    memcpy(&out[i], &s, sizeof(s));
  }
}

// cudavet:shape rows[num_rows, n]
// cudavet:user num_rows; fixed n = 4096
// cudavet:launch grid=num_rows block=1
__global__ void clear_rows(float* __restrict__ rows, const int n) {
  memset(rows + (int64_t)blockIdx.x * n, 0, sizeof(float) * (n + 1));  // want "memset of rows \\+ .* is past the end of buffer rows"
}
