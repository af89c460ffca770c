// cooperative_groups.h: the group types of CUDA's cooperative groups
// (thread_block, thread_block_tile<N>, grid_group, coalesced_group) with
// CUDA 12's member functions and return types, and the free functions
// this_thread_block, this_grid, this_cluster, tiled_partition, coalesced_threads, sync.
// Declarations only; sync() is the barrier the analyzer cares about.
#ifndef __CUDAVET_COOPERATIVE_GROUPS_H__
#define __CUDAVET_COOPERATIVE_GROUPS_H__
#include "cudavet_shim.h"

namespace cooperative_groups {

// thread_group is a group whose size is only known at run time
// (tiled_partition(parent, n) returns one).
class thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
  __device__ unsigned int get_type() const;
};

// thread_block is the group of all threads of the block; sync() is
// __syncthreads().
class thread_block : public thread_group {
 public:
  __device__ static void sync();
  __device__ static unsigned int thread_rank();
  __device__ static dim3 group_index();
  __device__ static dim3 thread_index();
  __device__ static dim3 dim_threads();
  __device__ static dim3 group_dim();
  __device__ static unsigned int size();
  __device__ static unsigned int num_threads();
};

// grid_group is the group of all threads of a cooperative launch.
class grid_group {
 public:
  __device__ static void sync();
  __device__ static bool is_valid();
  __device__ static unsigned long long thread_rank();
  __device__ static unsigned long long size();
  __device__ static unsigned long long num_threads();
  __device__ static unsigned long long block_rank();
  __device__ static unsigned long long num_blocks();
  __device__ static dim3 group_dim();
  __device__ static dim3 dim_blocks();
  __device__ static dim3 block_index();
  __device__ static dim3 dim_threads();
};

// cluster_group is the thread block cluster of the calling block
// (sm_90): its blocks can map each other's shared memory.
class cluster_group {
 public:
  __device__ static void sync();
  __device__ static void barrier_arrive();
  __device__ static void barrier_wait();
  __device__ static bool is_valid();
  __device__ static unsigned int thread_rank();
  __device__ static unsigned int block_rank();
  __device__ static unsigned int num_threads();
  __device__ static unsigned int num_blocks();
  __device__ static unsigned int size();
  __device__ static dim3 dim_threads();
  __device__ static dim3 dim_blocks();
  __device__ static dim3 block_index();
  __device__ static unsigned int query_shared_rank(const void *addr);
  template <typename T> __device__ static T *map_shared_rank(T *addr, int rank);
};

// coalesced_group is the set of threads of a warp active at its creation.
class coalesced_group : public thread_group {
 public:
  __device__ void sync() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <typename T> __device__ T shfl(T var, int srcRank) const;
  template <typename T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <typename T> __device__ T shfl_up(T var, unsigned int delta) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  template <typename T> __device__ unsigned int match_any(T val) const;
  template <typename T> __device__ unsigned int match_all(T val, int &pred) const;
};

// thread_block_tile<Size, ParentT> is a statically sized partition of its
// parent, Size a power of two no larger than 32; shuffles address ranks in
// the tile.
template <unsigned int Size, typename ParentT = void>
class thread_block_tile : public thread_group {
 public:
  static constexpr unsigned int numThreads = Size;

  __device__ void sync() const;
  __device__ static unsigned int thread_rank();
  __device__ static unsigned int size();
  __device__ static unsigned long long num_threads();
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <typename T> __device__ T shfl(T var, int srcRank) const;
  template <typename T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <typename T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <typename T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  template <typename T> __device__ unsigned int match_any(T val) const;
  template <typename T> __device__ unsigned int match_all(T val, int &pred) const;

  // A tile converts to the tile type that forgets its parent, as in CUDA.
  __device__ operator thread_block_tile<Size, void>() const;
};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
__device__ cluster_group this_cluster();

template <unsigned int Size, typename ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &parent);
__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tilesz);
__device__ thread_group tiled_partition(const thread_block &parent,
                                        unsigned int tilesz);

template <typename GroupT> __device__ void sync(GroupT const &g);
template <typename GroupT> __device__ unsigned long long thread_rank(GroupT const &g);
template <typename GroupT> __device__ unsigned long long group_size(GroupT const &g);

}  // namespace cooperative_groups

#endif  // __CUDAVET_COOPERATIVE_GROUPS_H__
