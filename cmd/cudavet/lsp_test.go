package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLSPUsage(t *testing.T) {
	for _, args := range [][]string{
		{"lsp", "kernel.cu"},
		{"lsp", "-json"},
		{"lsp", "-fix"},
		{"lsp", "-checks=nosuch"},
		{"lsp", "-nosuchflag"},
	} {
		code, stdout, stderr := cli(t, args...)
		wantExit(t, code, exitUsage, stdout, stderr)
		if stdout != "" || !strings.Contains(stderr, "cudavet lsp") {
			t.Errorf("%v: stdout %q stderr %q", args, stdout, stderr)
		}
	}
}

// TestLSPSession runs a session on stdin and stdout: stdout carries the
// protocol and nothing else, and exit after shutdown is status 0.
func TestLSPSession(t *testing.T) {
	var in strings.Builder
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	} {
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	lspStdin = strings.NewReader(in.String())
	defer func() { lspStdin = os.Stdin }()
	// --stdio is what vscode-languageclient's stdio transport appends.
	code, stdout, stderr := cli(t, "lsp", "-checks=fake", "-I", "include", "--stdio", "--", "-std=c++17")
	wantExit(t, code, exitClean, stdout, stderr)
	if !strings.HasPrefix(stdout, "Content-Length: ") || !strings.Contains(stdout, `"id":1,"result":{"capabilities"`) || !strings.Contains(stdout, `"id":2,"result":null`) {
		t.Errorf("stdout:\n%s", stdout)
	}
}

func TestLSPSettingsFromFlags(t *testing.T) {
	a := &app{registry: testRegistry}
	o, err := a.parseArgs([]string{"-checks=fake", "-I", "inc", "-DX=1", "-arch", "900", "-j", "2", "-debug", "--", "-std=c++17"})
	if err != nil {
		t.Fatal(err)
	}
	s := lspSettings(o)
	if got := strings.Join(s.ClangFlags, " "); got != "-Iinc -DX=1 -std=c++17" {
		t.Errorf("clang flags %q", got)
	}
	if strings.Join(s.Checks, ",") != "fake" || s.Arch != 900 || s.Jobs != 2 || !s.Debug {
		t.Errorf("settings %+v", s)
	}
	// -p, -config, -model and -user-limits are the server's too.
	o, err = a.parseArgs([]string{"-p", "../../testdata/project/build", "-config", "off", "-model", "llama-3-8b", "-user-limits", "batch=64"})
	if err != nil {
		t.Fatal(err)
	}
	if s := lspSettings(o); s.CompileCommands != "../../testdata/project/build" || s.Config != "off" || s.Model != "llama-3-8b" || s.UserLimits != "batch=64" {
		t.Errorf("settings %+v", s)
	}
}

// TestNeovim drives `cudavet lsp` with Neovim's built-in client, headless:
// testdata/lsp/nvim_test.lua opens a buggy kernel, checks its diagnostic
// through vim.diagnostic.get(), hover and the code action, fixes the bug
// in the unsaved buffer and waits for the diagnostic to go. Without nvim
// the test fails under CI=true (make deps installs it) and is skipped
// otherwise.
func TestNeovim(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no editor session")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("nvim not found: the Neovim integration test needs it under CI; `make deps` installs the Debian package neovim")
		}
		t.Skip("nvim not found (install the Debian package neovim, or run `make deps`)")
	}
	dir := t.TempDir()
	bin := buildCudavet(t)
	kernel := filepath.Join(dir, "src", "reduce.cu")
	copyFile(t, filepath.Join("..", "..", "testdata", "lsp", "reduce.cu"), kernel)
	script, err := filepath.Abs(filepath.Join("..", "..", "testdata", "lsp", "nvim_test.lua"))
	if err != nil {
		t.Fatal(err)
	}
	result := filepath.Join(dir, "result.txt")

	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-u", script)
	cmd.Dir = filepath.Dir(kernel)
	home := filepath.Join(dir, "home") // keep nvim's state and logs out of $HOME
	cmd.Env = append(os.Environ(),
		"CUDAVET_CMD="+bin+"\tlsp",
		"CUDAVET_FILE="+kernel,
		"CUDAVET_RESULT="+result,
		"XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "XDG_STATE_HOME="+home, "XDG_CACHE_HOME="+home,
	)
	out, runErr := cmd.CombinedOutput()
	transcript, _ := os.ReadFile(result)
	lines := strings.Split(strings.TrimSpace(string(transcript)), "\n")
	if runErr != nil || lines[len(lines)-1] != "PASS" {
		lspLog, _ := os.ReadFile(filepath.Join(home, "nvim", "lsp.log"))
		t.Fatalf("nvim: %v\ntranscript:\n%s\nnvim output:\n%s\nlsp.log:\n%s", runErr, transcript, out, lspLog)
	}
	t.Logf("transcript:\n%s", transcript)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
