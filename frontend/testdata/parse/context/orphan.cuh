// No file of the run uses this header's namespace: parsed on its own, its
// failure says that no file includes it.
#pragma once
namespace lonely {
__global__ void orphan_kernel(Missing* out) { out[threadIdx.x] = Missing(); }
}  // namespace lonely
