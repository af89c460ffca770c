package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEmacs drives `cudavet lsp` with Emacs's eglot in batch mode:
// testdata/lsp/eglot_test.el does what the Neovim test's script does (open,
// diagnose through flymake, hover, code action, fix unsaved, break again).
// Without emacs the test fails under CI=true (make deps installs emacs-nox
// and elpa-eglot) and is skipped otherwise.
func TestEmacs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no editor session")
	}
	emacs, err := exec.LookPath("emacs")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("emacs not found: the eglot integration test needs it under CI; `make deps` installs emacs-nox and elpa-eglot")
		}
		t.Skip("emacs not found (install the Debian packages emacs-nox and elpa-eglot, or run `make deps`)")
	}
	dir := t.TempDir()
	bin := buildCudavet(t)
	kernel := filepath.Join(dir, "src", "reduce.cu")
	copyFile(t, filepath.Join("..", "..", "testdata", "lsp", "reduce.cu"), kernel)
	script, err := filepath.Abs(filepath.Join("..", "..", "testdata", "lsp", "eglot_test.el"))
	if err != nil {
		t.Fatal(err)
	}
	result := filepath.Join(dir, "result.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emacs, "--batch", "-Q", "-l", script)
	cmd.Dir = filepath.Dir(kernel)
	home := filepath.Join(dir, "home") // keep Emacs's state out of $HOME
	cmd.Env = append(os.Environ(),
		"CUDAVET_CMD="+bin+"\tlsp\t-checks=barrierdiv",
		"CUDAVET_FILE="+kernel,
		"CUDAVET_RESULT="+result,
		"HOME="+home,
	)
	out, runErr := cmd.CombinedOutput()
	transcript, _ := os.ReadFile(result)
	lines := strings.Split(strings.TrimSpace(string(transcript)), "\n")
	if runErr != nil || lines[len(lines)-1] != "PASS" {
		t.Fatalf("emacs: %v\ntranscript:\n%s\nemacs output:\n%s", runErr, transcript, out)
	}
	t.Logf("transcript:\n%s", transcript)
}
