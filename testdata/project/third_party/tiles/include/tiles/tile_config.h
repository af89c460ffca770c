// A stand-in for a header-only tile library that a real build finds through
// the include path of its compile_commands.json (cudavet's own include path
// does not have it).
#pragma once

namespace tiles {

template <int kRows, int kCols>
struct TileShape {
  static constexpr int rows = kRows;
  static constexpr int cols = kCols;
  static constexpr int elems = kRows * kCols;
};

}  // namespace tiles
