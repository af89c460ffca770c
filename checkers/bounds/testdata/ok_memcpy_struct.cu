// Records copied with memcpy (a type-punned copy, as packed-weight and
// KV-cache kernels write them): the length is the record's size, so each
// copy stays inside its element.
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
    memcpy(&s, &in[i], sizeof(Scales));
    s.scale *= 2.0f;
    memcpy(&out[i], &s, sizeof(s));
  }
}

// A row of n floats cleared with memset: n * sizeof(float) bytes from
// the row's start.
// cudavet:shape rows[num_rows, n]
// cudavet:user num_rows; fixed n = 4096
// cudavet:launch grid=num_rows block=1
__global__ void clear_rows(float* __restrict__ rows, const int n) {
  memset(rows + (int64_t)blockIdx.x * n, 0, sizeof(float) * n);
}
