// __cudavet/preamble.h: what cudavet precompiles once per run and loads
// into every translation unit (-include-pch) in place of -include
// cudavet_shim.h: the prelude, and the C++ standard library that
// torch/all.h makes visible. Precompiled, the library costs nothing per
// file; parsed per file it would triple the parse time.
#include <cudavet_shim.h>
#include <initializer_list>
#include <limits>
#include <type_traits>
#include <utility>
#include <tuple>
#include <array>
#include <optional>
#include <variant>
#include <string>
#include <string_view>
#include <vector>
#include <algorithm>
#include <memory>
#include <numeric>
#include <functional>
#include <stdexcept>
#include <map>
#include <unordered_map>
#include <set>
#include <unordered_set>
#include <deque>
#include <list>
#include <ostream>
#include <sstream>
#include <iostream>
#include <iomanip>
#include <atomic>
#include <mutex>
#include <chrono>
#include <cstring>
#include <cstdint>
#include <cstddef>
#include <climits>
#include <cfloat>
#include <cstdio>
