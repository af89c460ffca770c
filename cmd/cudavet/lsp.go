package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cudavet/cudavet/lsp"
)

// lspStdin is the language server's input (a variable for the tests).
var lspStdin io.Reader = os.Stdin

// lspUsage is printed for `cudavet lsp -h` and after a usage error.
const lspUsage = `usage: cudavet lsp [flags] [-- clang flags]

Lsp runs the language server on stdin and stdout (LSP over JSON-RPC 2).
The analysis flags (-checks, -I, -D, -arch, -j, -debug, -model,
-user-limits, -p, -config, -<checker>.<flag>) and the clang flags after "--" are its default
settings; the editor's initializationOptions and
workspace/didChangeConfiguration settings ("checks", "includes",
"defines", "clangFlags", "arch", "jobs", "debug", "model", "userLimits",
"compileCommands", "config") apply over them. As for the command, each
file's flags come from the compile_commands.json found upwards from it
(or -p's) and project settings from its .cudavet.yaml (or -config's).
-stdio, which some clients pass (vscode-languageclient's stdio transport),
is accepted and changes nothing. See README.md, "Editor integration".
`

// lsp implements `cudavet lsp`: it parses the command line as the analysis
// does, so that both take the same options, and serves until the client's
// exit notification or the end of stdin. The log goes to stderr.
func (a *app) lsp(args []string) int {
	opts, err := a.parseArgs(withoutStdio(args))
	if err == nil {
		err = lspOnly(opts)
	}
	if err != nil {
		if errors.Is(err, errHelp) {
			fmt.Fprint(a.stderr, lspUsage)
			return exitClean
		}
		if !errors.Is(err, errReported) {
			fmt.Fprintf(a.stderr, "cudavet lsp: %v\n", err)
		}
		fmt.Fprint(a.stderr, lspUsage)
		return exitUsage
	}
	srv, err := lsp.NewServer(lsp.Options{Defaults: lspSettings(opts), Registry: a.registry, Log: a.stderr})
	if err != nil {
		fmt.Fprintf(a.stderr, "cudavet lsp: %v\n", err)
		return exitUsage
	}
	return srv.Serve(context.Background(), stdio{lspStdin, a.stdout})
}

// withoutStdio returns args without the -stdio or --stdio flag before
// "--": clients that start a server over stdio pass it, and stdin and
// stdout are the only transport this server has.
func withoutStdio(args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if a != "-stdio" && a != "--stdio" {
			out = append(out, a)
		}
	}
	return out
}

// lspSettings turns the parsed command line into the server's default
// settings; -I, -D and the flags after "--" become clang flags through the
// command's own frontendConfig.
func lspSettings(o *options) lsp.Settings {
	fc := o.frontendConfig()
	return lsp.Settings{Checks: o.checks, ClangFlags: fc.ClangArgs, Arch: fc.Arch, Jobs: o.jobs, Debug: o.debug,
		Model: o.model, UserLimits: o.limitsFlag, CompileCommands: o.compileDB, Config: o.configFile}
}

// lspOnly rejects what the server has no use for: patterns (the editor
// names the files) and the output flags.
func lspOnly(o *options) error {
	if len(o.patterns) != 1 || o.patterns[0] != "." {
		return fmt.Errorf("unexpected arguments %s: the editor names the files", strings.Join(o.patterns, " "))
	}
	switch {
	case o.json, o.sarif:
		return errors.New("-json and -sarif do not apply: diagnostics go to the editor")
	case o.list, o.dump != "", o.fix:
		return errors.New("-list, -dump and -fix do not apply to the language server")
	}
	return nil
}

// stdio joins stdin and stdout into the server's connection. Closing it
// closes neither: the process ends when Serve returns.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
