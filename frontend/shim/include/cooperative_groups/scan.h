// cooperative_groups/scan.h: the scans, declared with reduce.
#pragma once
#include "reduce.h"
