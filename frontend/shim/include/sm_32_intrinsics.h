// sm_32_intrinsics.h: __ldg and funnel shifts, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
