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
	// FileArgs, when set, gives the compiler flags of one file (absolute
	// name), as its compilation database entry has them; they come after
	// the shim's flags and before ClangArgs, so the command line wins. It is
	// called from the parsing goroutines.
	FileArgs func(name string) []string
	// Exclude, when set, drops the files it reports true for (absolute
	// names) from those the patterns matched (a project's exclude list).
	Exclude func(name string) bool
	// Roots are directories analysed (and searched for includes) besides
	// those of the patterns: a run of one file of a tree names the tree.
	Roots []string
	// Included, when set, is told the files each parsed unit included
	// (absolute names, the shim's virtual headers among them). It is called
	// from the parsing goroutines.
	Included func(unit string, files []string)
	// Overlay maps absolute file names to contents that replace the file on
	// disk (unsaved editor buffers).
	Overlay map[string][]byte
	// Jobs is the number of files parsed in parallel (0: GOMAXPROCS).
	Jobs int
	// Arch is the __CUDA_ARCH__ value device code is parsed for (0: 800).
	Arch int
	// ContextSources are sources of the run outside this Load (absolute
	// names): a header that no source of the Load includes borrows its
	// context from one of them as from the Load's own (context.go). A
	// caller that loads each unit on its own, as the CLI's result cache
	// does, passes the run's sources here, so that a lone header is parsed
	// as it would be in one Load of the whole run.
	ContextSources []string
	// Cache, when set, keeps each parsed unit for the next Load of the
	// same file with the same flags, which reparses it with a precompiled
	// preamble (a language server's edits). Nil: every Load parses afresh.
	Cache *ParseCache

	// observe, when set (by tests), receives every parsed unit's errors.
	observe func(unit string, errs []clang.Diagnostic)
	// parseOnly, when set (by the corpus test), skips lowering: only the
	// parse errors are wanted, and lowering a whole tree costs minutes
	// and gigabytes (FlashInfer's mixed_comm.cu alone, over 5 minutes).
	parseOnly bool
	// noLead, when set (by tests), parses every unit with the plain
	// preamble, never one with its lead torch header (pch.go).
	noLead bool
}

// Load expands patterns (a file, a directory, or dir/... for a directory
// tree; .cu and .cuh files) and returns the lowered program. It returns an
// error only for unusable patterns (no such file, no CUDA file matched);
// files that do not parse cleanly are reported in Program.Diagnostics with
// category "parse" and lowered as far as libclang recovered them.
func Load(cfg *Config, patterns ...string) (*ir.Program, error) {
	return load(cfg, patterns)
}

// Expand resolves patterns as Load does: the absolute names of the files
// to parse, sorted, and the directories whose headers are analysed.
func Expand(dir string, patterns ...string) (units, roots []string, err error) {
	return expand(dir, patterns)
}
