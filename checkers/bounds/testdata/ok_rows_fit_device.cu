// The last element of each row of a [num_rows, n] buffer whose sizes are
// both user-controlled: in bounds for every buffer a GPU can hold. The
// annotation's length num_rows * n * 4 bytes was unbounded and wrapped in
// 64 bits at 2^61 elements, so the store was reported past the end of a
// buffer of "-2305843008139952129 elements". (The proof that the store
// is in bounds, (blockIdx.x + 1) * n <= num_rows * n, is a product of two
// unknowns the engine does not settle at the default budget: the check
// ends undecided, not reported.)
// cudavet:shape rows[num_rows, n]
// cudavet:user num_rows; user n
// cudavet:launch grid=num_rows block=1
__global__ void last_of_row(float* __restrict__ rows, const int n) {
  float* r = rows + (int64_t)blockIdx.x * n;
  r[n - 1] = 0.0f;
}
