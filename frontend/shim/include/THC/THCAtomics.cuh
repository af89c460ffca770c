// THC/THCAtomics.cuh: the legacy THC spelling of ATen's atomics (older
// kernels include it); everything is declared in ATen/cuda/Atomic.cuh.
#pragma once
#include <ATen/cuda/Atomic.cuh>
