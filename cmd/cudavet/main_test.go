package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// fake reports every barrier; panicky panics on every unit.
var (
	fake = &analysis.Analyzer{
		Name:     "fake",
		Doc:      "fake: reports every barrier\n\nThe CLI tests' checker.",
		URL:      "https://example.com/fake",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			ir.Inspect(cudair.Of(pass).Func.Body, func(n ir.Node) bool {
				if s, ok := n.(*ir.Sync); ok {
					pass.Reportf(s.P, "barrier %s", s.Kind)
				}
				return true
			})
			return nil, nil
		},
	}
	panicky = &analysis.Analyzer{
		Name: "panicky", Doc: "panicky: always panics",
		Requires: []*analysis.Analyzer{cudair.Analyzer},
		Run:      func(*analysis.Pass) (any, error) { panic("boom") },
	}
	testRegistry = checkers.Registry{
		{Analyzer: fake, Severity: checkers.Warning, Default: true},
		{Analyzer: panicky, Severity: checkers.Error},
	}
)

// cli runs the command with the test registry and returns its exit
// status, stdout and stderr.
func cli(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	a := &app{registry: testRegistry, stdout: &stdout, stderr: &stderr}
	code := a.main(args)
	return code, stdout.String(), stderr.String()
}

func wantExit(t *testing.T, got, want int, stdout, stderr string) {
	t.Helper()
	if got != want {
		t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", got, want, stdout, stderr)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"-checks=nope", "testdata/clean.cu"}, `unknown checker "nope" (valid: fake, panicky, all)`},
		{[]string{"-json", "-sarif", "testdata/clean.cu"}, "exclude each other"},
		{[]string{"-arch", "12", "testdata/clean.cu"}, "-arch 12"},
		{[]string{"-j", "-1", "testdata/clean.cu"}, "-j -1"},
		{[]string{"-dump=paths", "testdata/clean.cu"}, "-dump=paths: want one of ir"},
		{[]string{"testdata/clean.cu", "-json"}, "flags come first"},
		{[]string{"testdata/no_such_file.cu"}, "cudavet: "},
		{[]string{"help", "nope"}, `unknown checker "nope"`},
		{[]string{"help", "a", "b"}, "usage: cudavet help [checker | models | limits]"},
	} {
		code, stdout, stderr := cli(t, tc.args...)
		wantExit(t, code, exitUsage, stdout, stderr)
		if !strings.Contains(stderr, tc.err) {
			t.Errorf("%q: stderr %q lacks %q", tc.args, stderr, tc.err)
		}
	}
}

func TestHelp(t *testing.T) {
	code, stdout, stderr := cli(t, "help")
	wantExit(t, code, exitClean, stdout, stderr)
	for _, want := range []string{"usage: cudavet", "-checks", "-json", "fake*", "reports every barrier", "Exit status:", "cudavet:ignore["} {
		if !strings.Contains(stdout, want) {
			t.Errorf("help lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, stderr = cli(t, "help", "fake")
	wantExit(t, code, exitClean, stdout, stderr)
	want := "fake: reports every barrier\n\nThe CLI tests' checker.\n\nSeverity: warning. Run by default: yes.\nMore: https://example.com/fake\n"
	if stdout != want {
		t.Errorf("help fake:\n%s\nwant:\n%s", stdout, want)
	}
	code, stdout, stderr = cli(t, "-h")
	wantExit(t, code, exitClean, stdout, stderr)
	if !strings.Contains(stderr, "usage: cudavet") {
		t.Errorf("-h: stderr %q", stderr)
	}
}

func TestList(t *testing.T) {
	code, stdout, stderr := cli(t, "-list")
	wantExit(t, code, exitClean, stdout, stderr)
	want := []string{
		"NAME     SEVERITY  DEFAULT  SUMMARY",
		"fake     warning   yes      reports every barrier",
		"panicky  error     no       always panics",
	}
	if got := strings.Split(strings.TrimSpace(stdout), "\n"); !slices.Equal(got, want) {
		t.Errorf("-list:\n%s\nwant:\n%s", stdout, strings.Join(want, "\n"))
	}
}

// TestRealRegistry checks -list and help on the real checkers.
func TestRealRegistry(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-list"}, &stdout, &stderr); code != exitClean {
		t.Fatalf("-list: exit %d, %s", code, stderr.String())
	}
	list := stdout.String()
	for _, c := range checkers.All {
		if !strings.Contains(list, c.Name()) {
			t.Errorf("-list lacks %s", c.Name())
		}
		stdout.Reset()
		if code := run([]string{"help", c.Name()}, &stdout, &stderr); code != exitClean || !strings.HasPrefix(stdout.String(), c.Name()+": ") {
			t.Errorf("help %s: exit %d, %q", c.Name(), code, stdout.String())
		}
	}
}

func TestFrontendConfig(t *testing.T) {
	a := &app{registry: testRegistry, stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	o, err := a.parseArgs([]string{"-I", "csrc", "-Ithird_party/cutlass", "-DUSE_ROCM=0", "-D", "NDEBUG",
		"-j", "3", "-arch", "900", "-checks=fake, panicky", "csrc/...", "x.cu", "--", "-std=c++17"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := o.frontendConfig()
	wantArgs := []string{"-Icsrc", "-Ithird_party/cutlass", "-DUSE_ROCM=0", "-DNDEBUG", "-std=c++17"}
	if !slices.Equal(cfg.ClangArgs, wantArgs) || cfg.Jobs != 3 || cfg.Arch != 900 {
		t.Errorf("config %+v, want args %q, jobs 3, arch 900", cfg, wantArgs)
	}
	if !slices.Equal(o.patterns, []string{"csrc/...", "x.cu"}) || !slices.Equal(o.checks, []string{"fake", "panicky"}) {
		t.Errorf("patterns %q checks %q", o.patterns, o.checks)
	}
	o, err = a.parseArgs([]string{"--", "-DX"})
	if err != nil || !slices.Equal(o.patterns, []string{"."}) || !slices.Equal(o.clangArgs, []string{"-DX"}) {
		t.Errorf("default pattern: %v %+v", err, o)
	}
}
