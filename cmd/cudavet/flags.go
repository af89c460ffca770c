package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/compiledb"
	"github.com/cudavet/cudavet/internal/config"
	"golang.org/x/tools/go/analysis"
)

// options are the parsed command line.
type options struct {
	json, sarif   bool
	checksFlag    string
	checks        []string // -checks, split; nil: the default checkers
	list          bool
	stats         bool
	debug         bool
	cpuProfile    string
	memProfile    string
	includes      listFlag // -I
	defines       listFlag // -D
	jobs          int
	arch          int
	dump          string
	witness       bool                // print witnesses under text findings
	fix           bool                // apply suggested fixes
	model         string              // -model: profiles for model-fixed sizes
	mutate        bool                // -mutate: also valid variants of the profiles
	latent        bool                // -latent: also findings past the user limits
	effort        int                 // -effort: multiplier of the solver's work units
	engine        symexec.Options     // the symbolic executor's options (configureModel)
	limitsFlag    string              // -user-limits: name=N,... for user-controlled sizes
	limits        string              // the run's limits: the file's user-limits under -user-limits
	verdicts      bool                // -verdicts: print the per-kernel verdict table
	repro         string              // -repro: directory for the findings' reproducers
	compileDB     string              // -p: a build directory or compile_commands.json; "off"
	flagsOf       *compiledb.Resolver // per-file flags from compile_commands.json; nil: none
	configFile    string              // -config: a .cudavet.yaml; "off"; "": found upwards
	printConfig   bool                // -print-config
	unusedIgnores bool                // -unused-ignores: report ignores that suppress nothing
	setFlags      map[string]bool     // the flags given on the command line
	flagValues    map[string]string   // their values
	cacheDir      string              // -cache; "" when off
	noCache       bool                // -no-cache
	diff          string              // -diff: a git revision (range)
	shard         shardSpec           // -shard K/N; zero: the whole run
	merge         bool                // -merge: join the -json outputs of shards, named as the arguments
	config        *config.Config      // the configuration file read; nil: none
	settings      []setting           // the effective configuration, for -print-config
	clangArgs     []string            // after "--"
	patterns      []string            // never empty: "." by default

	timeout     time.Duration // -timeout: stop the run after this long (0: never)
	memLimitMiB int64         // -memlimit: stop the run past this resident size (0: never)
}

// frontendConfig returns the loader's configuration: -I and -D become
// clang flags, before those given after "--".
func (o *options) frontendConfig() *frontend.Config {
	var args []string
	for _, dir := range o.includes {
		args = append(args, "-I"+dir)
	}
	for _, def := range o.defines {
		args = append(args, "-D"+def)
	}
	args = append(args, o.clangArgs...)
	cfg := &frontend.Config{ClangArgs: args, Jobs: o.jobs, Arch: o.arch, Roots: o.projectIncludes()}
	if o.flagsOf != nil {
		cfg.FileArgs = o.flagsOf.Args
	}
	if o.config != nil && len(o.config.Exclude) > 0 {
		cfg.Exclude = o.excluded
	}
	return cfg
}

// thirdParty names the directories of vendored code, whose headers are
// searched but not analysed even when included through a relative -I.
var thirdParty = map[string]bool{"3rdparty": true, "third_party": true, "thirdparty": true, "external": true,
	"vendor": true, "deps": true, "_deps": true, "submodules": true}

// projectIncludes returns the include directories given as relative
// paths (-I include, -I csrc: the project's own, as its build passes
// them), absolute, outside vendored trees: their headers are analysed
// like the patterns' directories. FlashInfer's kernels and launch
// templates live in include/ and its bindings in csrc/; with include/
// not analysed, no binding reached a launch.
func (o *options) projectIncludes() []string {
	var out []string
	for _, dir := range o.includes {
		if filepath.IsAbs(dir) {
			continue
		}
		vendored := false
		for _, part := range strings.Split(filepath.ToSlash(filepath.Clean(dir)), "/") {
			vendored = vendored || thirdParty[strings.ToLower(part)] || part == ".."
		}
		if abs, err := filepath.Abs(dir); err == nil && !vendored {
			out = append(out, abs)
		}
	}
	return out
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error {
	*l = append(*l, s)
	return nil
}

var (
	// errHelp: -h or -help was given and the usage printed.
	errHelp = errors.New("help requested")
	// errReported: the flag package has already printed the error.
	errReported = errors.New("flag error reported")
)

// dumpStages are the accepted -dump values.
var dumpStages = []string{"ir", "queries", "sizes"}

// parseArgs parses flags, patterns and, after "--", extra clang flags.
// Flags come before patterns, as with go vet.
func (a *app) parseArgs(args []string) (*options, error) {
	o := &options{}
	if i := slices.Index(args, "--"); i >= 0 {
		args, o.clangArgs = args[:i], args[i+1:]
	}
	fs := a.flagSet(o)
	if err := fs.Parse(gccStyle(args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			a.usage(a.stderr, fs)
			return nil, errHelp
		}
		return nil, errReported // the flag package printed it
	}
	o.setFlags = map[string]bool{}
	o.flagValues = map[string]string{}
	fs.Visit(func(f *flag.Flag) { o.setFlags[f.Name], o.flagValues[f.Name] = true, f.Value.String() })
	if o.checksFlag != "" {
		for c := range strings.SplitSeq(o.checksFlag, ",") {
			if c = strings.TrimSpace(c); c != "" {
				o.checks = append(o.checks, c)
			}
		}
	}
	o.patterns = fs.Args()
	if len(o.patterns) == 0 && !o.merge {
		o.patterns = []string{"."}
	}
	if err := o.validate(); err != nil {
		return o, err
	}
	if err := a.cacheSetting(o); err != nil {
		return o, err
	}
	return o, o.openCompileDB()
}

func (o *options) validate() error {
	switch {
	case o.json && o.sarif:
		return errors.New("-json and -sarif exclude each other")
	case o.timeout < 0 || o.memLimitMiB < 0:
		return errors.New("-timeout and -memlimit must not be negative")
	case o.jobs < 0:
		return fmt.Errorf("-j %d: want a number of parallel jobs >= 0", o.jobs)
	case o.arch != 0 && (o.arch < 300 || o.arch > 1300):
		return fmt.Errorf("-arch %d: want a __CUDA_ARCH__ value such as 800 (sm_80) or 900 (sm_90)", o.arch)
	case o.dump != "" && !slices.Contains(dumpStages, o.dump):
		return fmt.Errorf("-dump=%s: want one of %s", o.dump, strings.Join(dumpStages, ", "))
	}
	if err := o.validateShard(); err != nil {
		return err
	}
	if o.model != "" {
		if err := symexec.CheckModel(o.model); err != nil {
			return fmt.Errorf("-model: %w", err)
		}
	}
	if err := symexec.CheckLimits(o.limitsFlag); err != nil {
		return fmt.Errorf("-user-limits: %w", err)
	}
	for _, p := range o.patterns {
		if strings.HasPrefix(p, "-") {
			return fmt.Errorf("flag %s after the patterns: flags come first", p)
		}
	}
	return nil
}

// flagSet declares every flag, and each checker's own flags as
// -<checker>.<flag>. Its Usage prints nothing: parseArgs prints the usage
// for -h and a one-line hint after a flag error.
func (a *app) flagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("cudavet", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	fs.Usage = func() {}
	fs.StringVar(&o.checksFlag, "checks", "", "comma-separated `checkers` to run, or \"all\" (default: the default checkers)")
	fs.BoolVar(&o.json, "json", false, "write the diagnostics and statistics as JSON (schema: README.md)")
	fs.BoolVar(&o.sarif, "sarif", false, "write the diagnostics as SARIF 2.1.0")
	fs.BoolVar(&o.list, "list", false, "list the checkers: name, severity, default, summary")
	fs.BoolVar(&o.stats, "stats", false, "print per-function lowering statistics and timings to stderr")
	fs.BoolVar(&o.debug, "debug", false, "include stacks in internal errors")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the run to `file` (go tool pprof)")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile of the run's end to `file` (go tool pprof)")
	fs.StringVar(&o.compileDB, "p", "", "`build` directory or compile_commands.json giving each file's flags, as clang-tidy's -p (default: the first compile_commands.json found upwards from each file, or in a build/ beside it; off: none)")
	fs.StringVar(&o.configFile, "config", "", "configuration `file` (default: the .cudavet.yaml of the first pattern's directory or the nearest above it; off: none)")
	fs.BoolVar(&o.printConfig, "print-config", false, "print the effective configuration, with where each value came from, and exit")
	fs.BoolVar(&o.unusedIgnores, "unused-ignores", false, "report cudavet:ignore directives that suppress nothing (default: on when the CI environment variable is set)")
	fs.StringVar(&o.cacheDir, "cache", "", "`dir` of the result cache (default: cudavet/ under the user cache directory)")
	fs.BoolVar(&o.noCache, "no-cache", false, "analyse every file afresh, neither reading nor writing the cache")
	fs.StringVar(&o.diff, "diff", "", "analyse only the files a git `revision` or range changed (git diff --name-only REV), and those including a changed header")
	fs.Var(&o.shard, "shard", "analyse only part `K/N` of the files (1 <= K <= N; each file's part is a hash of its name relative to the working directory), file by file; join the parts' -json outputs with -merge")
	fs.BoolVar(&o.merge, "merge", false, "join the -json outputs of the -shard runs named as arguments (all N parts) into the output of one whole run, in the selected format")
	fs.Var(&o.includes, "I", "add `dir` to the include path (repeatable)")
	fs.Var(&o.defines, "D", "define macro `name[=value]` (repeatable)")
	fs.IntVar(&o.jobs, "j", 0, "files parsed and functions analysed in parallel (0: number of CPUs)")
	fs.IntVar(&o.arch, "arch", 0, "__CUDA_ARCH__ for device code, e.g. 800 or 900 (0: 800)")
	fs.BoolVar(&o.witness, "witness", true, "print each finding's witness (launch, thread, sizes) under it in text output")
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes to the source files")
	fs.StringVar(&o.dump, "dump", "", "print a stage: `ir` (the lowered functions, instead of checking) or queries (every solver query in SMT-LIB, while checking) or sizes (each launch's sizes: class and source, instead of checking)")
	fs.StringVar(&o.model, "model", "", "model profiles for model-fixed sizes: a bundled `name` (cudavet help models), a config.json path, a comma-separated list, or all (default: the union of the bundled profiles)")
	fs.BoolVar(&o.mutate, "mutate", false, "also try valid variants of the profiles (expert counts, top-k, head sizes, quantization bits and groups)")
	fs.BoolVar(&o.latent, "latent", false, "also report latent overflows: those that need a user size past its production limit, up to 16 times it (cudavet help limits); severity info")
	fs.IntVar(&o.effort, "effort", 1, "multiply the solver's work units per query and per kernel by `N` (1 to 64): fewer checks end undecided, at up to N times the time (a nightly or pre-release run)")
	fs.StringVar(&o.limitsFlag, "user-limits", "", "upper bounds of user-controlled sizes, `name=N,...` ("+strings.Join(limitNames(), ", ")+"; cudavet help limits); a size not named keeps its documented limit")
	fs.DurationVar(&o.timeout, "timeout", 0, "stop after this `duration` (e.g. 2m): print what finished and exit 3; from four fifths of it on, checks not yet decided end undecided so that the functions under way finish (0: no limit)")
	fs.Int64Var(&o.memLimitMiB, "memlimit", 0, "stop once the process's resident memory passes this many `MiB`: print what finished and exit 3 (0: no limit)")
	fs.StringVar(&o.repro, "repro", "", "write a reproducer (a CUDA harness and a script that runs it under compute-sanitizer) for each finding with a witness into `dir`")
	fs.BoolVar(&o.verdicts, "verdicts", false, "print each kernel's verdict per launch context: findings, verified or incomplete (with the reason)")
	for _, c := range a.registry {
		c.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, c.Name()+"."+f.Name, f.Usage)
		})
	}
	return fs
}

// gccStyle rewrites the compiler spellings -Idir and -DNAME=1 into the
// flag package's -I=dir and -D=NAME=1.
func gccStyle(args []string) []string {
	out := make([]string, len(args))
	for i, arg := range args {
		out[i] = arg
		if len(arg) > 2 && (arg[:2] == "-I" || arg[:2] == "-D") && arg[2] != '=' {
			out[i] = arg[:2] + "=" + arg[2:]
		}
	}
	return out
}

const usageText = `usage: cudavet [flags] [patterns] [-- clang flags]
       cudavet -merge [-json | -sarif] [-stats] shard.json...
       cudavet help [checker]

Cudavet reports memory errors in CUDA kernels of LLM inference. A pattern
is a .cu/.cuh file, a directory, or dir/... (a directory tree); the default
is ".". Findings are printed as file:line:col: message (checker).

Flags:
`

const exitText = `
Exit status:
  0  no findings
  1  findings
  2  usage or input error (bad flag, unknown checker, missing file,
     pattern matching nothing)
  3  incomplete run: an internal error, a file that did not parse
     cleanly, work -timeout or -memlimit stopped, or a -merge of parts
     that analysed apart what one run analyses together (takes
     precedence over 1)

Suppress a finding with a comment on its line or the line above, or
every finding of the checkers in the file (a reason is required):
  // cudavet:ignore[checker,...] reason
  // cudavet:ignore-file[checker,...] reason
An ignore that suppresses nothing is reported with -unused-ignores (on
when the CI environment variable is set).

Each file is parsed with the flags of its compile_commands.json entry (-p);
project settings come from .cudavet.yaml (-config; -print-config shows them).

Split a run over N machines (a CI matrix): each runs
  cudavet -json -shard K/N [flags] [patterns] > shard-K.json
with the same flags and patterns, from the same directory of the same
checkout; then
  cudavet -merge [-json | -sarif] shard-*.json
prints what one whole run prints and exits with its status. The shards'
JSON outputs carry what the merge needs; the sources need not be present.
`

// usage writes the usage text, flags, checkers and exit statuses.
func (a *app) usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, usageText)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprintln(w, "\nCheckers (* = run by default; cudavet help CHECKER explains one):")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, c := range a.registry {
		star := ""
		if c.Default {
			star = "*"
		}
		fmt.Fprintf(tw, "  %s%s\t%s\n", c.Name(), star, c.Summary())
	}
	tw.Flush()
	fmt.Fprint(w, exitText)
}

// help implements `cudavet help [checker]`.
func (a *app) help(args []string) int {
	switch len(args) {
	case 0:
		a.usage(a.stdout, a.flagSet(&options{}))
		return exitClean
	case 1:
		switch args[0] {
		case "models":
			fmt.Fprintln(a.stdout, strings.Join(symexec.Models(), "\n"))
			return exitClean
		case "limits":
			a.helpLimits()
			return exitClean
		}
		c := a.registry.Lookup(args[0])
		if c == nil {
			fmt.Fprintf(a.stderr, "cudavet help: unknown checker %q (valid: %s)\n", args[0], strings.Join(a.registry.Names(), ", "))
			return exitUsage
		}
		fmt.Fprintln(a.stdout, strings.TrimRight(c.Analyzer.Doc, "\n"))
		fmt.Fprintf(a.stdout, "\nSeverity: %s. Run by default: %s.\n", c.Severity, yesNo(c.Default))
		if c.Analyzer.URL != "" {
			fmt.Fprintf(a.stdout, "More: %s\n", c.Analyzer.URL)
		}
		return exitClean
	}
	fmt.Fprintln(a.stderr, "usage: cudavet help [checker | models | limits]")
	return exitUsage
}

// limitNames returns the names of the user-controlled sizes, sorted.
func limitNames() []string { return slices.Sorted(maps.Keys(symexec.DefaultLimits())) }

// helpLimits implements `cudavet help limits`: each user-controlled
// size's default upper bound.
func (a *app) helpLimits() {
	fmt.Fprintln(a.stdout, "User-controlled sizes range from 1 to their limit (README.md, \"Fixed and user sizes\").")
	fmt.Fprintln(a.stdout, "Change them with -user-limits name=N,... or in .cudavet.yaml:\n  user-limits:\n    num_tokens: 262144\n\nDefaults:")
	tw := tabwriter.NewWriter(a.stdout, 0, 8, 2, ' ', 0)
	defaults := symexec.DefaultLimits()
	for _, name := range limitNames() {
		fmt.Fprintf(tw, "  %s\t%d\n", name, defaults[name])
	}
	tw.Flush()
	fmt.Fprintf(a.stdout, "\nWith -latent (or latent: true in .cudavet.yaml) overflow also reports, as latent (severity\n"+
		"info, message \"latent: ...\"), the operations no size within these limits wraps but sizes up to\n"+
		"%d times them do: real code no documented deployment reaches yet.\n", symexec.LatentFactor)
}

// list implements -list: one checker a line.
func (a *app) list() {
	tw := tabwriter.NewWriter(a.stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSEVERITY\tDEFAULT\tSUMMARY")
	for _, c := range a.registry {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.Name(), c.Severity, yesNo(c.Default), c.Summary())
	}
	tw.Flush()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// configureModel makes the symbolic executor's options of the run from
// -model, -mutate, the user-size limits and -effort: the driver hands
// them to the run's units (engineOptions), no package variable is set.
func (o *options) configureModel() error {
	if o.effort < 1 || o.effort > 64 {
		return fmt.Errorf("-effort %d: want 1 to 64", o.effort)
	}
	n := uint64(o.effort)
	o.engine = symexec.Options{
		QueryWork:  symexec.DefaultOptions.QueryWork * n,
		KernelWork: symexec.DefaultOptions.KernelWork * n,
		Model:      o.model,
		Mutate:     o.mutate,
		Limits:     o.limits,
		Latent:     o.latent,
	}
	return nil
}

// engineOptions returns the driver's analyzer options of the run, with
// log (nil: none) receiving every solver query.
func (o *options) engineOptions(log io.Writer) map[*analysis.Analyzer]any {
	e := o.engine
	e.Log = log
	return map[*analysis.Analyzer]any{symexec.Analyzer: e}
}

// fileFlags returns the flags file was analysed with: its compilation
// database entry's, then the command line's (-I, -D, after "--").
func (o *options) fileFlags(file string) []string {
	cfg := o.frontendConfig()
	var args []string
	if cfg.FileArgs != nil {
		if abs, err := filepath.Abs(file); err == nil {
			args = cfg.FileArgs(abs)
		}
	}
	return append(args, cfg.ClangArgs...)
}
