package frontend

import (
	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Config configures Load. The zero value is usable.
type Config struct {
	// Dir is the directory relative patterns are resolved in ("" = cwd).
	Dir string
	// ClangArgs are extra compiler flags (-I, -D, -std=..., anything after
	// "--" on the command line). Include directories given here take
	// precedence over the shim headers.
	ClangArgs []string
	// Overlay maps absolute file names to contents that replace the file on
	// disk (unsaved editor buffers).
	Overlay map[string][]byte
	// Jobs is the number of files parsed in parallel (0: GOMAXPROCS).
	Jobs int
	// Arch is the __CUDA_ARCH__ value device code is parsed for (0: 800).
	Arch int
	// Cache, when set, keeps each parsed unit for the next Load of the
	// same file with the same flags, which reparses it with a precompiled
	// preamble (a language server's edits). Nil: every Load parses afresh.
	Cache *ParseCache

	// observe, when set (by tests), receives every parsed unit's errors.
	observe func(unit string, errs []clang.Diagnostic)
}

// Load expands patterns (a file, a directory, or dir/... for a directory
// tree; .cu and .cuh files) and returns the lowered program. It returns an
// error only for unusable patterns (no such file, no CUDA file matched);
// files that do not parse cleanly are reported in Program.Diagnostics with
// category "parse" and lowered as far as libclang recovered them.
func Load(cfg *Config, patterns ...string) (*ir.Program, error) {
	return load(cfg, patterns)
}
