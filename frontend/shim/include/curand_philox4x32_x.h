// curand_philox4x32_x.h: the Philox state, declared with the device API.
#pragma once
#include "curand_kernel.h"
