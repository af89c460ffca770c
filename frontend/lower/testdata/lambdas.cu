// Device lambdas and deduced references: a lambda called through its
// variable runs its body (Closure); each specialisation of a generic
// lambda is lowered with its own argument types; a lambda handed to a
// helper stays a call of operator() on the closure value there; a
// deduced reference to an array row keeps the row's type.
template <typename F>
__device__ void each(int n, F f) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) f(i);
}

__global__ void lambdas(int* out, int n) {
  __shared__ int buf[2][64];
  auto& row = buf[1];
  auto clear = [&]() { row[threadIdx.x % 64] = 0; };
  clear();
  auto put = [&](auto v, int i) { out[i] = static_cast<int>(v); };
  put(1.5f, 0);
  put(2, 1);
  each(n, [&](int i) { out[i] += buf[0][i % 64]; });
}
