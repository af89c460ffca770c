// cub/agent/single_pass_scan_operators.cuh: part of the CUB subset declared in __cudavet/cub.h.
#pragma once
#include <__cudavet/cub.h>
