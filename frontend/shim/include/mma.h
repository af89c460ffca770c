// mma.h: the warp matrix API nvcuda::wmma (fragment, fill_fragment,
// load_matrix_sync, store_matrix_sync, mma_sync) for the usual shapes.
// fragment<Use, M, N, K, T, Layout> holds num_elements values of
// element_type in x[]; the counts are per thread (M*K/32 for matrix_a,
// K*N/32 for matrix_b, M*N/32 for accumulator), which is CUDA's for the
// 16x16x16 half shapes.
#ifndef __CUDAVET_MMA_H__
#define __CUDAVET_MMA_H__
#include "cuda_fp16.h"
#include "cuda_bf16.h"

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32;
struct b1;
struct u4;
struct s4;
}  // namespace precision

namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
}  // namespace precision
// The operations of bmma_sync (sm_75 single-bit products).
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}  // namespace experimental

namespace __cudavet_detail {
template <typename Use, int M, int N, int K> struct count;
template <int M, int N, int K> struct count<matrix_a, M, N, K> {
  static constexpr int value = M * K / 32;
};
template <int M, int N, int K> struct count<matrix_b, M, N, K> {
  static constexpr int value = K * N / 32;
};
template <int M, int N, int K> struct count<accumulator, M, N, K> {
  static constexpr int value = M * N / 32;
};
// tf32 fragments store floats.
template <typename T> struct storage {
  typedef T type;
};
template <> struct storage<precision::tf32> {
  typedef float type;
};
// Sub-byte fragments store packed 32-bit words.
template <> struct storage<experimental::precision::b1> {
  typedef unsigned type;
};
template <> struct storage<experimental::precision::u4> {
  typedef unsigned type;
};
template <> struct storage<experimental::precision::s4> {
  typedef int type;
};
}  // namespace __cudavet_detail

// fragment is one warp's share of a matrix tile.
template <typename Use, int M, int N, int K, typename T, typename Layout = void>
class fragment {
 public:
  typedef T element_type;
  typedef typename __cudavet_detail::storage<T>::type storage_element_type;
  enum { num_elements = __cudavet_detail::count<Use, M, N, K>::value };
  storage_element_type x[num_elements];
};

template <typename Use, int M, int N, int K, typename T, typename Layout>
__device__ void fill_fragment(fragment<Use, M, N, K, T, Layout> &a,
                              const typename fragment<Use, M, N, K, T, Layout>::storage_element_type &v);

template <typename Use, int M, int N, int K, typename T, typename Layout,
          typename P>
__device__ void load_matrix_sync(fragment<Use, M, N, K, T, Layout> &a,
                                 const P *p, unsigned int ldm);
template <int M, int N, int K, typename T, typename P>
__device__ void load_matrix_sync(fragment<accumulator, M, N, K, T, void> &a,
                                 const P *p, unsigned int ldm, layout_t layout);
template <int M, int N, int K, typename T, typename P>
__device__ void store_matrix_sync(P *p,
                                  const fragment<accumulator, M, N, K, T, void> &a,
                                  unsigned int ldm, layout_t layout);

template <int M, int N, int K, typename Td, typename Ta, typename La,
          typename Tb, typename Lb, typename Tc>
__device__ void mma_sync(fragment<accumulator, M, N, K, Td, void> &d,
                         const fragment<matrix_a, M, N, K, Ta, La> &a,
                         const fragment<matrix_b, M, N, K, Tb, Lb> &b,
                         const fragment<accumulator, M, N, K, Tc, void> &c,
                         bool satf = false);

// bmma_sync: the 8x8x128 single-bit product, d = popc(op(a, b)) + c.
__device__ void bmma_sync(
    fragment<accumulator, 8, 8, 128, int, void> &d,
    const fragment<matrix_a, 8, 8, 128, experimental::precision::b1, row_major> &a,
    const fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major> &b,
    const fragment<accumulator, 8, 8, 128, int, void> &c,
    experimental::bmmaBitOp op = experimental::bmmaBitOpXOR,
    experimental::bmmaAccumulateOp acc = experimental::bmmaAccumulateOpPOPC);

__device__ float __float_to_tf32(float in);

}  // namespace wmma
}  // namespace nvcuda

#endif  // __CUDAVET_MMA_H__
