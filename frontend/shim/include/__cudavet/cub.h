// __cudavet/cub.h: the part of CUB that LLM kernels use, behind every
// <cub/...> header of the shim: the block-wide and warp-wide collectives
// (BlockReduce, BlockScan, BlockLoad, BlockStore, BlockRadixSort,
// BlockRadixRank and its digit extractors, WarpReduce, WarpScan), the single-pass scan state (ScanTileState,
// TilePrefixCallbackOp), the functors Sum/Max/Min/ArgMax/ArgMin,
// KeyValuePair, Traits, and loose host-side Device* algorithms.
// Declarations only.
//
// Member templates that take a functor (Reduce, the scans, the Device*
// algorithms) have trivial bodies: a template used with a lambda must be
// defined in the translation unit, or clang rejects the use.
//
// TempStorage is raw, suitably aligned bytes (CUB wraps it in Uninitialized
// too), so `__shared__ typename BlockReduce<T, N>::TempStorage tmp;` is a
// trivially constructible __shared__ object of a plausible size: one T per
// warp for reductions, two per warp for scans.
#ifndef __CUDAVET_CUB_H__
#define __CUDAVET_CUB_H__
#include <cudavet_shim.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <type_traits>
#include <utility>
// CUB is built on libcu++: any <cub/...> header makes cuda::std visible
// (numeric_limits, type_traits, utility), as in CCCL.
#include <cuda/std/limits>
#include <cuda/std/type_traits>
#include <cuda/std/utility>

#define CUB_VERSION 200200
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_RUNTIME_FUNCTION __host__ __device__
#define CUB_PTX_ARCH __CUDA_ARCH__
#define CUB_STDERR

namespace cub {

// ---- utility types ----

// NullType marks an unused template argument.
struct NullType {};

// KeyValuePair pairs a key (usually an index) with a value; ArgMax reduces it.
template <typename K, typename V> struct KeyValuePair {
  typedef K Key;
  typedef V Value;
  Key key;
  Value value;
  __host__ __device__ KeyValuePair() {}
  __host__ __device__ KeyValuePair(Key const &k, Value const &v)
      : key(k), value(v) {}
  __host__ __device__ bool operator!=(const KeyValuePair &b);
};

// Uninitialized<T> is storage for a T whose constructor never runs.
template <typename T> struct Uninitialized {
  alignas(T) unsigned char __storage[sizeof(T)];
  __host__ __device__ T &Alias();
};

// UnsignedBitsOf<N>::type is the unsigned integer of N bytes.
template <int N> struct UnsignedBitsOf;
template <> struct UnsignedBitsOf<1> { typedef unsigned char type; };
template <> struct UnsignedBitsOf<2> { typedef unsigned short type; };
template <> struct UnsignedBitsOf<4> { typedef unsigned int type; };
template <> struct UnsignedBitsOf<8> { typedef unsigned long long type; };

// Traits<T> gives the radix-sort view of T: its bits as an unsigned integer
// and the order-preserving twiddles, plus Max/Lowest.
template <typename T> struct Traits {
  typedef typename UnsignedBitsOf<sizeof(T)>::type UnsignedBits;
  static constexpr UnsignedBits LOWEST_KEY = UnsignedBits(0);
  static constexpr UnsignedBits MAX_KEY = UnsignedBits(-1);
  __host__ __device__ static UnsignedBits TwiddleIn(UnsignedBits key);
  __host__ __device__ static UnsignedBits TwiddleOut(UnsignedBits key);
  __host__ __device__ static T Max();
  __host__ __device__ static T Lowest();
};

// ---- functors ----
struct Sum {
  template <typename T, typename U>
  __host__ __device__ auto operator()(T &&t, U &&u) const
      -> decltype(static_cast<T &&>(t) + static_cast<U &&>(u));
};
struct Max {
  template <typename T, typename U>
  __host__ __device__ typename std::common_type<T, U>::type
  operator()(T &&t, U &&u) const;
};
struct Min {
  template <typename T, typename U>
  __host__ __device__ typename std::common_type<T, U>::type
  operator()(T &&t, U &&u) const;
};
struct Equality {
  template <typename T, typename U>
  __host__ __device__ bool operator()(T &&t, U &&u) const;
};
struct Inequality {
  template <typename T, typename U>
  __host__ __device__ bool operator()(T &&t, U &&u) const;
};
// ArgMax/ArgMin keep the pair with the larger/smaller value (lower key on
// ties).
struct ArgMax {
  template <typename T, typename OffsetT>
  __host__ __device__ KeyValuePair<OffsetT, T>
  operator()(const KeyValuePair<OffsetT, T> &a,
             const KeyValuePair<OffsetT, T> &b) const;
};
struct ArgMin {
  template <typename T, typename OffsetT>
  __host__ __device__ KeyValuePair<OffsetT, T>
  operator()(const KeyValuePair<OffsetT, T> &a,
             const KeyValuePair<OffsetT, T> &b) const;
};

// ---- algorithms' enums ----
enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS,
};
enum BlockScanAlgorithm {
  BLOCK_SCAN_RAKING,
  BLOCK_SCAN_RAKING_MEMOIZE,
  BLOCK_SCAN_WARP_SCANS,
};
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
};
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
};

// ---- warp and lane helpers (util_ptx.cuh) ----
__device__ unsigned int LaneId();
__device__ unsigned int WarpId();
__device__ unsigned int LaneMaskLt();
__device__ unsigned int LaneMaskLe();
__device__ unsigned int LaneMaskGt();
__device__ unsigned int LaneMaskGe();
__device__ void CTA_SYNC();
__device__ void WARP_SYNC(unsigned int member_mask);
template <typename T> __device__ T ThreadLoad(T *ptr);
template <typename T> __device__ void ThreadStore(T *ptr, T val);

// ---- WarpReduce ----
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
 public:
  struct TempStorage {
    alignas(T) unsigned char __storage[sizeof(T) * LOGICAL_WARP_THREADS];
  };
  __device__ WarpReduce(TempStorage &temp_storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid_items);
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp op) { return input; }
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp op, int valid_items) {
    return input;
  }
  template <typename FlagT> __device__ T HeadSegmentedSum(T input, FlagT head_flag) {
    return input;
  }
  template <typename FlagT> __device__ T TailSegmentedSum(T input, FlagT tail_flag) {
    return input;
  }
};

// ---- BlockReduce ----
template <typename T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
 public:
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int WARPS = (BLOCK_THREADS + 31) / 32;
  struct TempStorage {
    alignas(T) unsigned char __storage[sizeof(T) * (WARPS + 1)];
  };
  __device__ BlockReduce();
  __device__ BlockReduce(TempStorage &temp_storage);
  // The aggregate is valid in thread 0 only.
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp op) { return input; }
  template <typename ReductionOp>
  __device__ T Reduce(T input, ReductionOp op, int num_valid) { return input; }
  template <int ITEMS_PER_THREAD, typename ReductionOp>
  __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp op) {
    return inputs[0];
  }
  __device__ T Sum(T input);
  __device__ T Sum(T input, int num_valid);
  template <int ITEMS_PER_THREAD>
  __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]);
};

// ---- BlockScan ----
template <typename T, int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
 public:
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int WARPS = (BLOCK_THREADS + 31) / 32;
  struct TempStorage {
    alignas(T) unsigned char __storage[sizeof(T) * (2 * WARPS + 1)];
  };
  __device__ BlockScan();
  __device__ BlockScan(TempStorage &temp_storage);

  __device__ void InclusiveSum(T input, T &output);
  __device__ void InclusiveSum(T input, T &output, T &block_aggregate);
  template <typename BlockPrefixCallbackOp>
  __device__ void InclusiveSum(T input, T &output,
                               BlockPrefixCallbackOp &block_prefix_callback_op) {}
  template <int ITEMS_PER_THREAD>
  __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD]);
  template <int ITEMS_PER_THREAD>
  __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD],
                               T &block_aggregate);

  __device__ void ExclusiveSum(T input, T &output);
  __device__ void ExclusiveSum(T input, T &output, T &block_aggregate);
  template <typename BlockPrefixCallbackOp>
  __device__ void ExclusiveSum(T input, T &output,
                               BlockPrefixCallbackOp &block_prefix_callback_op) {}
  template <int ITEMS_PER_THREAD>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD]);
  template <int ITEMS_PER_THREAD>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD],
                               T &block_aggregate);

  // The scans with an operator; the last argument may be the block aggregate
  // (a T&) or a prefix callback functor (BlockPrefixCallbackOp&).
  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op) {}
  template <typename ScanOp, typename AggregateOrCallback>
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op,
                                AggregateOrCallback &last) {}
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op) {}
  template <int ITEMS_PER_THREAD, typename ScanOp, typename AggregateOrCallback>
  __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                AggregateOrCallback &last) {}
  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value,
                                ScanOp scan_op) {}
  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &output, T initial_value,
                                ScanOp scan_op, T &block_aggregate) {}
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op,
                                BlockPrefixCallbackOp &block_prefix_callback_op) {}
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], T initial_value,
                                ScanOp scan_op) {}
  template <int ITEMS_PER_THREAD, typename ScanOp,
            typename BlockPrefixCallbackOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                T (&output)[ITEMS_PER_THREAD], ScanOp scan_op,
                                BlockPrefixCallbackOp &block_prefix_callback_op) {}
  template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                               T (&output)[ITEMS_PER_THREAD],
                               BlockPrefixCallbackOp &block_prefix_callback_op) {}
};

// ---- WarpScan ----
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
 public:
  struct TempStorage {
    alignas(T) unsigned char __storage[sizeof(T) * (LOGICAL_WARP_THREADS + 1)];
  };
  __device__ WarpScan(TempStorage &temp_storage);
  __device__ void InclusiveSum(T input, T &inclusive_output);
  __device__ void InclusiveSum(T input, T &inclusive_output, T &warp_aggregate);
  __device__ void ExclusiveSum(T input, T &exclusive_output);
  __device__ void ExclusiveSum(T input, T &exclusive_output, T &warp_aggregate);
  template <typename ScanOp>
  __device__ void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op) {}
  template <typename ScanOp>
  __device__ void ExclusiveScan(T input, T &exclusive_output, T initial_value,
                                ScanOp scan_op) {}
  __device__ T Broadcast(T input, unsigned int src_lane);
};

// ---- BlockLoad / BlockStore: ITEMS_PER_THREAD items per thread ----
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
 public:
  struct TempStorage {
    alignas(T) unsigned char
        __storage[sizeof(T) * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z *
                  ITEMS_PER_THREAD];
  };
  __device__ BlockLoad();
  __device__ BlockLoad(TempStorage &temp_storage);
  template <typename InputIteratorT>
  __device__ void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {}
  template <typename InputIteratorT>
  __device__ void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                       int valid_items) {}
  template <typename InputIteratorT, typename DefaultT>
  __device__ void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                       int valid_items, DefaultT oob_default) {}
};
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
 public:
  struct TempStorage {
    alignas(T) unsigned char
        __storage[sizeof(T) * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z *
                  ITEMS_PER_THREAD];
  };
  __device__ BlockStore();
  __device__ BlockStore(TempStorage &temp_storage);
  template <typename OutputIteratorT>
  __device__ void Store(OutputIteratorT block_itr,
                        T (&items)[ITEMS_PER_THREAD]) {}
  template <typename OutputIteratorT>
  __device__ void Store(OutputIteratorT block_itr,
                        T (&items)[ITEMS_PER_THREAD], int valid_items) {}
};

// ---- BlockRadixSort ----
template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
 public:
  struct TempStorage {
    alignas(KeyT) unsigned char
        __storage[(sizeof(KeyT) + sizeof(ValueT)) * BLOCK_DIM_X * BLOCK_DIM_Y *
                  BLOCK_DIM_Z * ITEMS_PER_THREAD];
  };
  __device__ BlockRadixSort();
  __device__ BlockRadixSort(TempStorage &temp_storage);
  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                       int end_bit = sizeof(KeyT) * 8);
  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD],
                       ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                       int end_bit = sizeof(KeyT) * 8);
  __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                 int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8);
  __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                 ValueT (&values)[ITEMS_PER_THREAD],
                                 int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8);
  __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                       int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8);
  __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                       ValueT (&values)[ITEMS_PER_THREAD],
                                       int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8);
  __device__ void SortDescendingBlockedToStriped(
      KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
      int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
};

// ---- BlockRadixRank ----
// Digit extractors: the digit of a key at [bit_start, bit_start + num_bits).
template <typename KeyT>
struct BFEDigitExtractor {
  __host__ __device__ BFEDigitExtractor(unsigned int bit_start = 0,
                                        unsigned int num_bits = 0);
  __device__ unsigned int Digit(KeyT key) const;
};
template <typename KeyT>
struct ShiftDigitExtractor {
  __host__ __device__ ShiftDigitExtractor(unsigned int bit_start = 0,
                                          unsigned int num_bits = 0);
  __device__ unsigned int Digit(KeyT key) const;
};

// TempStorage is CUB's packed digit counters: (RADIX_DIGITS / 2 + 1)
// 32-bit lanes per thread.
template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING,
          bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixRank {
 public:
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
  static constexpr int BINS_TRACKED_PER_THREAD =
      (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS > 1
          ? (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS
          : 1;
  struct TempStorage {
    alignas(unsigned int) unsigned char
        __storage[4 * (RADIX_DIGITS / 2 + 1) * BLOCK_THREADS];
  };
  __device__ BlockRadixRank();
  __device__ BlockRadixRank(TempStorage &temp_storage);
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                           int (&ranks)[KEYS_PER_THREAD],
                           DigitExtractorT digit_extractor);
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                           int (&ranks)[KEYS_PER_THREAD],
                           DigitExtractorT digit_extractor,
                           int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD]);
};

// ---- BlockAdjacentDifference ----
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockAdjacentDifference {
 public:
  struct TempStorage {
    alignas(T) unsigned char __storage[sizeof(T) * (BLOCK_DIM_X + 1)];
  };
  __device__ BlockAdjacentDifference();
  __device__ BlockAdjacentDifference(TempStorage &temp_storage);
  template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
  __device__ void SubtractLeft(T (&input)[ITEMS_PER_THREAD],
                               OutputT (&output)[ITEMS_PER_THREAD],
                               DifferenceOpT difference_op) {}
  template <int ITEMS_PER_THREAD, typename OutputT, typename DifferenceOpT>
  __device__ void SubtractRight(T (&input)[ITEMS_PER_THREAD],
                                OutputT (&output)[ITEMS_PER_THREAD],
                                DifferenceOpT difference_op) {}
  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {}
  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                            T tile_predecessor_item) {}
  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op) {}
  template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
  __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD],
                            T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                            T tile_successor_item) {}
};

// ---- BlockHistogram ----
enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockHistogram {
 public:
  struct TempStorage {
    alignas(T) unsigned char
        __storage[sizeof(T) * BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z *
                  ITEMS_PER_THREAD];
  };
  __device__ BlockHistogram();
  __device__ BlockHistogram(TempStorage &temp_storage);
  template <typename CounterT>
  __device__ void InitHistogram(CounterT histogram[BINS]) {}
  template <typename CounterT>
  __device__ void Histogram(T (&items)[ITEMS_PER_THREAD],
                            CounterT histogram[BINS]) {}
  template <typename CounterT>
  __device__ void Composite(T (&items)[ITEMS_PER_THREAD],
                            CounterT histogram[BINS]) {}
};

// ---- single-pass scan state (agent/single_pass_scan_operators.cuh) ----
// ScanTileState is the global tile-status array of a decoupled look-back
// scan: the host sizes and binds it (AllocationSize, Init), a kernel
// initialises it (InitializeStatus), and each tile publishes its partial
// or inclusive aggregate for the tiles after it. TilePrefixCallbackOp is
// the block prefix callback that waits on the predecessors' entries.
enum ScanTileStatus {
  SCAN_TILE_OOB,
  SCAN_TILE_INVALID = 99,
  SCAN_TILE_PARTIAL,
  SCAN_TILE_INCLUSIVE,
};
template <typename T, bool SINGLE_WORD = (sizeof(T) <= 8)>
struct ScanTileState {
  // The status word is as wide as a primitive T (a wider T keeps a
  // separate value, and an unsigned int status).
  typedef typename UnsignedBitsOf<(!SINGLE_WORD || sizeof(T) == 4) ? 4
                                  : sizeof(T) == 8                 ? 8
                                  : sizeof(T) == 2                 ? 2
                                                                   : 1>::type
      StatusWord;
  struct TileDescriptor {
    StatusWord status;
    T value;
  };
  __host__ __device__ ScanTileState();
  __host__ __device__ cudaError_t Init(int num_tiles, void *d_temp_storage,
                                       size_t temp_storage_bytes);
  __host__ __device__ static cudaError_t AllocationSize(int num_tiles,
                                                        size_t &temp_storage_bytes);
  __device__ void InitializeStatus(int num_tiles);
  __device__ void SetInclusive(int tile_idx, T tile_inclusive);
  __device__ void SetPartial(int tile_idx, T tile_partial);
  __device__ void WaitForValid(int tile_idx, StatusWord &status, T &value);
  __device__ T LoadValid(int tile_idx);
};
template <typename T, typename ScanOpT, typename ScanTileStateT,
          int LEGACY_PTX_ARCH = 0>
struct TilePrefixCallbackOp {
  struct _TempStorage {
    T exclusive_prefix;
    T inclusive_prefix;
    T block_aggregate;
  };
  struct TempStorage : Uninitialized<_TempStorage> {};
  typedef typename ScanTileStateT::StatusWord StatusWord;
  __device__ TilePrefixCallbackOp(ScanTileStateT &tile_status,
                                  TempStorage &temp_storage, ScanOpT scan_op,
                                  int tile_idx);
  // Without tile_idx the tile is blockIdx.x.
  __device__ TilePrefixCallbackOp(ScanTileStateT &tile_status,
                                  TempStorage &temp_storage, ScanOpT scan_op);
  __device__ T operator()(T block_aggregate);
  __device__ T GetExclusivePrefix();
  __device__ T GetInclusivePrefix();
  __device__ T GetBlockAggregate();
  __device__ int GetTileIdx() const;
};

// ---- host-side device-wide algorithms: any arguments, cudaError_t back ----
#define __CUDAVET_CUB_ALGO(NAME)                                               \
  template <typename... Args>                                                  \
  __host__ static cudaError_t NAME(Args &&...args) {                           \
    return cudaSuccess;                                                        \
  }
struct DeviceRadixSort {
  __CUDAVET_CUB_ALGO(SortPairs)
  __CUDAVET_CUB_ALGO(SortPairsDescending)
  __CUDAVET_CUB_ALGO(SortKeys)
  __CUDAVET_CUB_ALGO(SortKeysDescending)
};
struct DeviceSegmentedRadixSort {
  __CUDAVET_CUB_ALGO(SortPairs)
  __CUDAVET_CUB_ALGO(SortPairsDescending)
  __CUDAVET_CUB_ALGO(SortKeys)
  __CUDAVET_CUB_ALGO(SortKeysDescending)
};
struct DeviceScan {
  __CUDAVET_CUB_ALGO(InclusiveSum)
  __CUDAVET_CUB_ALGO(ExclusiveSum)
  __CUDAVET_CUB_ALGO(InclusiveScan)
  __CUDAVET_CUB_ALGO(ExclusiveScan)
};
struct DeviceReduce {
  __CUDAVET_CUB_ALGO(Sum)
  __CUDAVET_CUB_ALGO(Max)
  __CUDAVET_CUB_ALGO(Min)
  __CUDAVET_CUB_ALGO(ArgMax)
  __CUDAVET_CUB_ALGO(ArgMin)
  __CUDAVET_CUB_ALGO(Reduce)
};
struct DeviceHistogram {
  __CUDAVET_CUB_ALGO(HistogramEven)
  __CUDAVET_CUB_ALGO(HistogramRange)
};
struct DeviceSelect {
  __CUDAVET_CUB_ALGO(If)
  __CUDAVET_CUB_ALGO(Flagged)
};
#undef __CUDAVET_CUB_ALGO

}  // namespace cub

#endif  // __CUDAVET_CUB_H__
