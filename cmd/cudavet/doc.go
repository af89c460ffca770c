// Cudavet reports memory errors in CUDA kernels of LLM inference, the way
// go vet reports suspicious Go code: it loads .cu/.cuh files with libclang
// (shim headers stand in for the CUDA SDK and torch), lowers kernels,
// device functions and host launchers to cudavet's IR, and runs the
// selected checkers over them.
//
// Usage:
//
//	cudavet [flags] [patterns] [-- clang flags]
//	cudavet -merge [-json | -sarif] [-stats] shard.json...
//	cudavet help [checker]
//
// A pattern is a .cu/.cuh file, a directory, or dir/... (a directory tree);
// the default is ".". Run `cudavet help` for the flags and the checkers,
// and see README.md for the output formats.
//
// Exit status: 0 no findings; 1 findings; 2 usage or input error (bad
// flag, unknown checker, missing file, pattern matching nothing); 3
// incomplete run (an internal error, a file that did not parse cleanly,
// work -timeout or -memlimit stopped, or a -merge of parts that analysed apart what one run analyses
// together), which takes precedence over 1.
//
// Files:
//
//	doc.go     this comment
//	main.go    main, run, the order of the work
//	flags.go   flags, usage, `help`, -list
//	output.go  text and -json output, exit status
//	sarif.go   -sarif output
//	sarifflow.go  SARIF code flows of races, partial fingerprints
//	stats.go   -stats report
//	fix.go     -fix
//	lsp.go     `cudavet lsp`
//	compiledb.go  -p: compile_commands.json
//	config.go  .cudavet.yaml, -config, -print-config
//	missing.go one diagnostic per missing header
//	incremental.go  unit-by-unit runs through the result cache
//	diff.go    -diff: the units a git revision changed
//	shard.go   -shard K/N: a part of the files, and its record for -merge
//	shardmerge.go  -merge: the whole run's output from its parts' records
//	progress.go  -cache defaults, the progress bar
//	version.go the version SARIF reports
//	limits.go  -timeout and -memlimit
//	profile.go -cpuprofile and -memprofile
//	repro.go   -repro: a harness and run.sh per finding with a witness
//	repro_isolate.go  the isolated variant: a kernel's other findings neutralised
//	repro_launcher.go  launcher.cu and launcher.py: the witness through the project's launcher
//	repro_flags.go  the project's build flags of a file, for the reproducer's build
package main
