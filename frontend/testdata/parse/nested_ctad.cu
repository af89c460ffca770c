// A member class template of a class template made by class template
// argument deduction from its constructor, as CUTLASS 3.x epilogues return
// their callbacks (return ConsumerStoreCallbacks(...)). nvcc and g++ accept
// it; clang before 18 misses the constructor's deduction guide and drops
// the return and the calls of the function holding it, nothing else.
// kernel: scale_kernel
// note: a member template of a class template (clang before 18 misses them); analysed without it (and without the 1 calls
template <typename T>
struct RowScale {
  template <class Ptr, class Idx>
  struct Callbacks {
    __device__ Callbacks(Ptr&& p, Idx i) : p(p), i(i) {}
    Ptr p;
    Idx i;
    __device__ T visit(T acc) const { return acc * p[i]; }
  };

  const T* scale;

  template <class... Args>
  __device__ auto callbacks(int row, Args... args) const {
    const T* p = scale;
    return Callbacks(static_cast<const T*&&>(p), row);
  }
};

// Two calls: the second reports that the first's candidate failed.
template <typename Epi, typename T>
__device__ T apply2(const Epi& epi, int row, T lo, T hi) {
  return epi.callbacks(row).visit(lo) + epi.callbacks(row).visit(hi);
}

template <typename T>
__global__ void scale_kernel(T* out, const T* scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  RowScale<T> epi{scale};
  if (i < n) out[i] = apply2(epi, i, out[i], out[i + n]);
}

template __global__ void scale_kernel<float>(float*, const float*, int);
