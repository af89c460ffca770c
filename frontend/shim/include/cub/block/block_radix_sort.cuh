// cub/block/block_radix_sort.cuh: part of the CUB subset declared in __cudavet/cub.h.
#pragma once
#include <__cudavet/cub.h>
