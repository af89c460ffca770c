// Package compiledb reads a compilation database (compile_commands.json, as
// CMake's CMAKE_EXPORT_COMPILE_COMMANDS and bear write it) and turns each
// file's nvcc or clang command into the clang flags cudavet parses it with.
//
// Files:
//
//	compiledb.go  Parse, Load and Find: the database, its entries, the lookup by file
//	translate.go  Translate: nvcc (and gcc/clang) command lines to clang flags
//	header.go     the flags a header without an entry borrows from a file that includes it
//	resolver.go   Resolver: each file's flags, from -p's database or one found upwards
//
// Only the flags that change what the preprocessor and the parser see are
// kept: include directories, macros, forced includes, the C++ dialect and the
// target architecture (as __CUDA_ARCH__). Code generation, optimisation,
// warning and output flags are dropped; Translate says which it did not know.
// Include directories of the CUDA toolkit are dropped too: cudavet's shim
// headers stand in for the SDK, and mixing the two breaks both.
package compiledb
