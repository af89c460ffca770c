// __cudavet/torch.h: the whole torch shim, behind every torch/, ATen/ and c10/
// header name: like torch/all.h it makes everything visible at once.
#ifndef __CUDAVET_TORCH_H__
#define __CUDAVET_TORCH_H__
#include "c10.h"
#include "aten.h"
#include "dispatch.h"
#include "cuda_context.h"
#include "library.h"
#include "stable.h"

namespace torch {
namespace cuda {
// torch/cuda.h
size_t device_count();
bool is_available();
bool cudnn_is_available();
void manual_seed(uint64_t seed);
void manual_seed_all(uint64_t seed);
void synchronize(int64_t device_index = -1);
}  // namespace cuda
}  // namespace torch
#endif  // __CUDAVET_TORCH_H__
