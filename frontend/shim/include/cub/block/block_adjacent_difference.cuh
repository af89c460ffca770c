// cub/block/block_adjacent_difference.cuh: part of the CUB subset declared in __cudavet/cub.h.
#pragma once
#include <__cudavet/cub.h>
