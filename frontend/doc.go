// Package frontend loads CUDA sources into the IR: it expands file
// patterns, parses each translation unit with libclang in parallel (the
// embedded shim headers of frontend/shim stand in for the CUDA SDK and
// torch), reports parse problems as one diagnostic per file, and lowers
// kernels, device functions and host launchers (frontend/lower) into one
// ir.Program.
//
// Files:
//
//	frontend.go    Config and Load
//	expand.go      patterns: files, directories, dir/... trees
//	load.go        parsing in parallel, parse diagnostics, the file set
//	program.go     merging the units' functions (headers seen by several units once)
//	directives.go  // cudavet: comments of each file
package frontend
