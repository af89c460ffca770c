package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/symexec"
)

// TestUserLimits: testdata/limits/.cudavet.yaml bounds num_tokens at
// 65,536, under which token_scale.cu's int row offset cannot overflow;
// without the file, or with the default limit given back on the command
// line (which wins over the file), the overflow is reported.
func TestUserLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	cache := t.TempDir()
	args := []string{"-cache", cache, "-checks=overflow", "-witness=false", "-verdicts"}
	code, stdout, stderr := realCLI(t, append(args, "testdata/limits")...)
	wantExit(t, code, exitClean, stdout, stderr)
	if !strings.Contains(stdout, "token_scale_kernel [launch in token_scale at token_scale.cu:22]: verified") {
		t.Errorf("under user-limits num_tokens: 65536:\n%s\n%s", stdout, stderr)
	}
	const finding = "token_scale.cu:14:9: token * hidden_size + i (int) overflows when num_tokens >= "
	// The limits are part of the cache key (all runs share one cache): a
	// result cached under the file's limit is not re-printed under another.
	for _, extra := range [][]string{{"-config=off"}, {"-user-limits=num_tokens=1048576"}} {
		code, stdout, stderr = realCLI(t, append(append(args, extra...), "testdata/limits")...)
		wantExit(t, code, exitFindings, stdout, stderr)
		if !strings.Contains(stdout, finding) {
			t.Errorf("%v: no overflow:\n%s\n%s", extra, stdout, stderr)
		}
	}
}

func TestUserLimitsConfig(t *testing.T) {
	code, stdout, stderr := realCLI(t, "help", "limits")
	wantExit(t, code, exitClean, stdout, stderr)
	if !strings.Contains(stdout, "  num_tokens  1048576\n") || !strings.Contains(stdout, "  numel       68719476736\n") {
		t.Errorf("help limits:\n%s", stdout)
	}
	code, stdout, stderr = realCLI(t, "-print-config", "testdata/limits")
	wantExit(t, code, exitClean, stdout, stderr)
	for _, want := range []string{
		"user-limits.num_tokens: 65536\t# testdata/limits/.cudavet.yaml:3\n",
		"user-limits.batch: 4096\t# default\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("-print-config lacks %q:\n%s", want, stdout)
		}
	}
	_, stdout, _ = realCLI(t, "-print-config", "-user-limits=batch=64", "testdata/limits")
	if !strings.Contains(stdout, "user-limits.batch: 64\t# command line (-user-limits)\n") ||
		!strings.Contains(stdout, "user-limits.num_tokens: 65536\t# testdata/limits/.cudavet.yaml:3\n") {
		t.Errorf("-user-limits over the file:\n%s", stdout)
	}
	code, stdout, stderr = realCLI(t, "-user-limits=tokens=5", "testdata/limits")
	wantExit(t, code, exitUsage, stdout, stderr)
	if !strings.Contains(stderr, `-user-limits: unknown user size "tokens" (valid: batch, block_size, num_blocks, num_splits, num_tokens, numel, seq_len)`) {
		t.Errorf("bad -user-limits: %s", stderr)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "k.cu"), "__global__ void k(float* x) { x[0] = 1.f; }\n")
	for _, tc := range []struct{ src, want string }{
		{"user-limits:\n  batch: 64\n  tokens: 8\n", `.cudavet.yaml:3: user-limits: unknown user size "tokens" (valid: batch, `},
		{"user-limits:\n  num_tokens: -1\n", `.cudavet.yaml:2: user-limits: num_tokens: want a positive integer, got "-1"`},
		{"user-limits:\n  numel: 0x10000000000000\n", ".cudavet.yaml:2: user-limits: limit of numel: 4503599627370496, want 1 to 1099511627776"},
	} {
		writeFile(t, filepath.Join(dir, ".cudavet.yaml"), tc.src)
		code, stdout, stderr := realCLI(t, filepath.Join(dir, "k.cu"))
		wantExit(t, code, exitUsage, stdout, stderr)
		if !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: stderr\n%s\nwant %q", tc.src, stderr, tc.want)
		}
	}
}

// TestEffort: -effort N multiplies the solver's work units per query and
// per kernel; out of 1..64 it is a usage error.
func TestEffort(t *testing.T) {
	a := &app{}
	o, err := a.parseArgs([]string{"-effort", "4", "x.cu"})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.configureModel(); err != nil {
		t.Fatal(err)
	}
	e, ok := o.engineOptions(nil)[symexec.Analyzer].(symexec.Options)
	if !ok {
		t.Fatal("no symexec options")
	}
	if e.QueryWork != 4*symexec.DefaultOptions.QueryWork || e.KernelWork != 4*symexec.DefaultOptions.KernelWork {
		t.Errorf("-effort 4: query work %d, kernel work %d, want 4 times %d and %d", e.QueryWork, e.KernelWork,
			symexec.DefaultOptions.QueryWork, symexec.DefaultOptions.KernelWork)
	}
	// The run's options travel with it: the analyzer's flags (package
	// state) keep their defaults.
	if got := symexec.Analyzer.Flags.Lookup("querywork").Value.String(); got != fmt.Sprint(symexec.DefaultOptions.QueryWork) {
		t.Errorf("-effort 4 set the package flag querywork to %s", got)
	}
	code, stdout, stderr := cli(t, "-effort", "0", "testdata/barrier.cu")
	wantExit(t, code, exitUsage, stdout, stderr)
	if !strings.Contains(stderr, "-effort 0: want 1 to 64") {
		t.Errorf("stderr: %s", stderr)
	}
}

// TestLatent: latent: true in .cudavet.yaml reports the row offset that
// wraps only from 8,388,609 tokens (overflow's latent testdata), as a
// latent finding of severity info; -latent=false on the command line
// wins over the file, and without either nothing is reported.
func TestLatent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "checkers", "overflow", "testdata", "latent", "bug_token_bins.cu"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "bins.cu"), string(src))
	writeFile(t, filepath.Join(dir, ".cudavet.yaml"), "latent: true\n")
	args := []string{"-no-cache", "-checks=overflow", "-json"}
	code, stdout, stderr := realCLI(t, append(args, dir)...)
	wantExit(t, code, exitFindings, stdout, stderr)
	var out struct {
		Diagnostics []struct{ Severity, Category, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Diagnostics) != 1 || out.Diagnostics[0].Severity != "info" || out.Diagnostics[0].Category != "latent" ||
		!strings.HasPrefix(out.Diagnostics[0].Message, "latent: token * 256 (int) overflows when num_tokens >= 8388609") {
		t.Errorf("latent: true: %+v\n%s", out.Diagnostics, stderr)
	}
	code, stdout, stderr = realCLI(t, append(args, "-latent=false", dir)...)
	wantExit(t, code, exitClean, stdout, stderr)
	_, stdout, _ = realCLI(t, "-print-config", dir)
	if !strings.Contains(stdout, "latent: true\t# ") {
		t.Errorf("-print-config lacks latent:\n%s", stdout)
	}
	writeFile(t, filepath.Join(dir, ".cudavet.yaml"), "")
	code, stdout, stderr = realCLI(t, append(args[:2], dir)...)
	wantExit(t, code, exitClean, stdout, stderr)
}
