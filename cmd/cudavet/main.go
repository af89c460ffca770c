package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
	"github.com/cudavet/cudavet/internal/gctune"
)

// Exit statuses.
const (
	exitClean      = 0 // no findings
	exitFindings   = 1 // findings
	exitUsage      = 2 // usage or input error
	exitIncomplete = 3 // an internal error or a file that did not parse
)

func main() {
	gctune.Apply()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it parses args, does the work, writes
// to stdout and stderr and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	a := &app{registry: checkers.Registry(checkers.All), stdout: stdout, stderr: stderr, defaultCache: true, isTerminal: stderrIsTerminal}
	return a.main(args)
}

// app is one invocation of the command.
type app struct {
	registry       checkers.Registry
	stdout, stderr io.Writer
	opts           *options
	missing        missingStats // what missing headers blocked
	defaultCache   bool         // the cache is on unless -no-cache (the real command, not tests)
	isTerminal     func() bool  // whether stderr is a terminal (progress bar); nil: never
	// Of an incremental run: units taken from the cache, analysed, the
	// kernels of each unit and the rows of -stats' function table (nil
	// otherwise: the table comes from the program).
	cacheHits, cacheMisses, unitsRun int
	// answersLoaded and answersLeft are the solver answers read from the
	// cache and the table's size at the end (-stats).
	answersLoaded, answersLeft int
	unitKernels                map[string]int
	funcRows                   []funcRow
	// ctx is the run's context under -timeout and -memlimit (limits.go).
	ctx context.Context
	// shardRun is a -shard run's units, for its -json record (nil
	// otherwise); lineTexts, under -merge, the finding lines the shards
	// recorded, for SARIF's fingerprints (nil: read the files).
	shardRun  *shardRun
	lineTexts map[string][]string
	start     time.Time // when the analysis began
}

func (a *app) main(args []string) int {
	if len(args) > 0 && args[0] == "help" {
		return a.help(args[1:])
	}
	if len(args) > 0 && args[0] == "lsp" {
		return a.lsp(args[1:])
	}
	opts, err := a.parseArgs(args)
	if err != nil {
		if errors.Is(err, errHelp) {
			return exitClean
		}
		if !errors.Is(err, errReported) {
			fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
		}
		fmt.Fprintln(a.stderr, "run 'cudavet help' for usage")
		return exitUsage
	}
	a.opts = opts
	if opts.merge {
		return a.mergeShards()
	}
	if opts.cpuProfile != "" {
		stop, err := startCPUProfile(opts.cpuProfile)
		if err != nil {
			fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
			return exitUsage
		}
		defer stop()
	}
	if opts.memProfile != "" {
		defer func() {
			if err := writeHeapProfile(opts.memProfile); err != nil {
				fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
			}
		}()
	}
	if err := a.applyConfig(opts); err != nil {
		fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
		return exitUsage
	}
	if opts.printConfig {
		a.printConfig()
		return exitClean
	}
	if opts.list {
		a.list()
		return exitClean
	}
	return a.analyse()
}

// analyse loads the patterns, runs the checkers (or dumps the IR) and
// writes the output.
func (a *app) analyse() int {
	o := a.opts
	a.start = time.Now()
	analyzers, err := a.registry.Analyzers(o.checks)
	if err == nil && len(analyzers) == 0 && o.dump == "" {
		err = errors.New("no checker selected")
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
		return exitUsage
	}
	if err := o.configureModel(); err != nil {
		fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
		return exitUsage
	}
	lim := &limits{timeout: o.timeout, memLimit: o.memLimitMiB << 20, stderr: a.stderr, exit: os.Exit}
	ctx, release := lim.start()
	defer release()
	a.ctx = ctx
	if o.timeout > 0 {
		o.engine.WindDown = time.Now().Add(windDownAfter(o.timeout))
	}
	var prog *ir.Program
	var res *driver.Result
	start := time.Now()
	if o.useIncremental() {
		if prog, res, err = a.analyseIncremental(analyzers); err != nil {
			fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
			return exitUsage
		}
		a.compileDBWarnings()
		a.missing = groupMissingHeaders(res, func(f string) int { return a.unitKernels[f] })
	} else {
		prog, err = frontend.Load(o.frontendConfig(), o.patterns...)
		if err != nil {
			fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
			return exitUsage
		}
		a.compileDBWarnings()
		if o.dump == "ir" {
			return a.dumpIR(prog)
		}
		if o.dump == "sizes" {
			if err := symexec.DumpSizes(a.stdout, prog, o.engine); err != nil {
				fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
				return exitUsage
			}
			return exitClean
		}
		var log io.Writer
		if o.dump == "queries" {
			// The solver queries go to stdout as they are asked, then the
			// findings as usual.
			log = a.stdout
		}
		start = time.Now()
		res, err = driver.Run(prog, driver.Config{Analyzers: analyzers, Debug: o.debug, Jobs: o.jobs, SkipUnusedIgnores: !o.unusedIgnores, Context: ctx, PassTimeout: passTimeout,
			Options: o.engineOptions(log)})
		if err != nil {
			fmt.Fprintf(a.stderr, "cudavet: %v\n", err)
			return exitIncomplete
		}
		a.missing = groupMissingHeaders(res, kernelsOf(prog))
	}
	res.Diagnostics = slices.DeleteFunc(res.Diagnostics, func(d driver.Diagnostic) bool { return o.excluded(d.Position.Filename) })
	if d, ok := windDownNote(o.timeout, res); ok {
		res.Diagnostics = append(res.Diagnostics, d)
	}
	elapsed := time.Since(start)
	if err := a.output(prog, res); err != nil {
		fmt.Fprintf(a.stderr, "cudavet: writing output: %v\n", err)
		return exitIncomplete
	}
	if o.stats {
		a.printStats(prog, res, elapsed)
	}
	if o.repro != "" {
		n, err := writeRepros(o.repro, prog.Fset, res, o.fileFlags)
		if err == nil {
			err = writeReproIndex(o.repro)
		}
		if err != nil {
			fmt.Fprintf(a.stderr, "cudavet: -repro: %v\n", err)
			return exitIncomplete
		}
		fmt.Fprintf(a.stderr, "cudavet: wrote %d reproducers under %s\n", n, o.repro)
	}
	if o.fix {
		n, err := applyFixes(prog.Fset, res.Diagnostics)
		if err != nil {
			fmt.Fprintf(a.stderr, "cudavet: -fix: %v\n", err)
			return exitIncomplete
		}
		fmt.Fprintf(a.stderr, "cudavet: applied %d fixes\n", n)
	}
	return exitStatus(res)
}

// dumpIR prints every lowered function instead of running checkers; the
// front end's diagnostics go to stderr.
func (a *app) dumpIR(prog *ir.Program) int {
	for i, f := range prog.Funcs {
		if i > 0 {
			fmt.Fprintln(a.stdout)
		}
		ir.Fprint(a.stdout, prog.Fset, f)
	}
	incomplete := false
	for _, d := range prog.Diagnostics {
		dd := driver.Diagnostic{Checker: d.Category, Category: d.Category, Position: prog.Fset.Position(d.Pos), Message: d.Message}
		a.printText(a.stderr, dd)
		incomplete = incomplete || d.Category == "parse"
	}
	if incomplete {
		return exitIncomplete
	}
	return exitClean
}
