// Bug twin of ok_rows_fit_device.cu: r[n] is the first element of the
// next row, past the end of the buffer in the last block.
// cudavet:shape rows[num_rows, n]
// cudavet:user num_rows; user n
// cudavet:launch grid=num_rows block=1
__global__ void last_of_row(float* __restrict__ rows, const int n) {
  float* r = rows + (int64_t)blockIdx.x * n;
  r[n] = 0.0f;  // want "store to r\\[n\\] is past the end of buffer rows"
}
