// cooperative_groups/reduce.h: cg::reduce over a tile or coalesced group,
// the scans, and the functors plus, less, greater, bit_and, bit_or, bit_xor.
#ifndef __CUDAVET_CG_REDUCE_H__
#define __CUDAVET_CG_REDUCE_H__
#include <cooperative_groups.h>

namespace cooperative_groups {

// Binary functors; operator() combines two values.
template <typename T> struct plus {
  __host__ __device__ T operator()(T a, T b) const;
};
template <typename T> struct less {
  __host__ __device__ T operator()(T a, T b) const;
};
template <typename T> struct greater {
  __host__ __device__ T operator()(T a, T b) const;
};
template <typename T> struct bit_and {
  __host__ __device__ T operator()(T a, T b) const;
};
template <typename T> struct bit_or {
  __host__ __device__ T operator()(T a, T b) const;
};
template <typename T> struct bit_xor {
  __host__ __device__ T operator()(T a, T b) const;
};

// reduce returns op folded over val of every thread of group, to every thread.
// The bodies are placeholders: a template used with a lambda must be defined
// in the translation unit.
template <typename TyGroup, typename TyVal, typename TyFn>
__device__ auto reduce(const TyGroup &group, TyVal &&val, TyFn &&op)
    -> decltype(op(val, val)) {
  return op(val, val);
}
template <typename TyGroup, typename TyVal, typename TyFn>
__device__ auto inclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op)
    -> decltype(op(val, val)) {
  return op(val, val);
}
template <typename TyGroup, typename TyVal>
__device__ TyVal inclusive_scan(const TyGroup &group, TyVal val);
template <typename TyGroup, typename TyVal, typename TyFn>
__device__ auto exclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op)
    -> decltype(op(val, val)) {
  return op(val, val);
}
template <typename TyGroup, typename TyVal>
__device__ TyVal exclusive_scan(const TyGroup &group, TyVal val);

// reduce_store_async folds val over group and one thread stores the result
// to *dst; reduce_update_async combines it into an atomic (CUDA 12).
template <typename TyGroup, typename TyVal, typename TyFn>
__device__ void reduce_store_async(const TyGroup &group, TyVal *dst, const TyVal &val, TyFn &&op);
// The store into a cuda::atomic or cuda::atomic_ref (any class template of
// a type and a scope) is atomic.
template <typename TyGroup, template <typename, auto> class TyAtomic, typename T,
          auto Scope, typename TyVal, typename TyFn>
__device__ void reduce_store_async(const TyGroup &group, TyAtomic<T, Scope> &dst, const TyVal &val,
                                   TyFn &&op);
template <typename TyGroup, typename TyAtomic, typename TyVal, typename TyFn>
__device__ void reduce_update_async(const TyGroup &group, TyAtomic &dst, const TyVal &val, TyFn &&op);

}  // namespace cooperative_groups

#endif  // __CUDAVET_CG_REDUCE_H__
