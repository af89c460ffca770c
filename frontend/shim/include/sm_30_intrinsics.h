// sm_30_intrinsics.h: warp shuffles and votes, declared by the prelude.
#pragma once
#include "cudavet_shim.h"
