// Package frontend loads CUDA sources into the IR: it expands file
// patterns, parses each translation unit with libclang in parallel (the
// embedded shim headers of frontend/shim stand in for the CUDA SDK and
// torch), reports parse problems by cause (an absent header family is one
// message naming the fix; a construct nvcc accepts and clang rejects is a
// note that does not fail the file), and lowers
// kernels, device functions and host launchers (frontend/lower) into one
// ir.Program.
//
// Files:
//
//	frontend.go    Config and Load
//	expand.go      patterns: files, directories, dir/... trees (CUDA files and torch bindings)
//	load.go        parsing in parallel, parse diagnostics, the file set
//	guard.go       refusing a unit whose prefixes nest deeper than the parse thread's stack
//	parsediag.go   parse errors sorted by cause: absent header families, nvcc-only constructs, ours
//	pch.go         the precompiled preamble (prelude + the standard library torch implies), once per argument list
//	lead.go        the torch header a file includes first, precompiled after the preamble in one of its own
//	context.go     a header no file includes, parsed with the includes of a sibling using its namespace
//	cache.go       ParseCache: units kept for reparsing with a preamble (the language server)
//	program.go     merging the units' functions (headers seen by several units once), linking a
//	               binding's calls to the launcher another unit defines
//	directives.go  // cudavet: comments of each file
//	priority_linux.go  background: work nobody waits for yet (a preamble) at the lowest priority
//	priority_other.go  the same elsewhere: no change of priority
package frontend
