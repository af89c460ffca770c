// A class template with defaulted parameters passed for a template template
// parameter of fewer parameters (C++17, P0522), as vLLM's CUTLASS epilogues
// pass cutlass::multiply_add to Sm90Compute's template <class> class: g++
// and nvcc accept it, clang 15 only with -frelaxed-template-template-args.
// kernel: fma_kernel
template <typename A, typename B = A, typename C = A>
struct multiply_add {
  __host__ __device__ C operator()(const A& a, const B& b, const C& c) const { return C(a) * C(b) + c; }
};

template <template <class> class Fn, class T>
struct Compute {
  __device__ T operator()(T a, T b, T c) const { return Fn<T>{}(a, b, c); }
};

__global__ void fma_kernel(float* out, const float* x, float alpha, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Compute<multiply_add, float> fma;
  if (i < n) out[i] = fma(alpha, x[i], out[i]);
}
