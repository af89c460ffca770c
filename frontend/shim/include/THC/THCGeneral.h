// THC/THCGeneral.h: the legacy THC general header.
#pragma once
#include <THC/THC.h>
