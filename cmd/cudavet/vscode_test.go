package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestVSCode installs the extension (bin/cudavet.vsix) into a real VS
// Code, code-server, and drives it from headless Chromium through
// Playwright: editors/vscode/test/vscode_test.js opens token_scale.cu
// (an int row offset that overflows) in a workspace whose .cudavet.yaml
// makes overflow a warning, with cudavet.path, cudavet.checks,
// cudavet.model, cudavet.includes and cudavet.defines set (the file
// includes a header that parses only with both, and has a barrier only
// barrierdiv, not among the checks, reports); it waits for the finding in
// the Problems panel, sees no parse error and no barrierdiv finding beside
// it, and the squiggle, checks the hover's witness and the int64_t quick fix,
// applies it until no finding is left, and checks the notification of a
// cudavet.path that names no file. The time from opening the file to the
// diagnostic is logged; the screenshots stay in bin/vscode/ (CUDAVET_SHOTS
// elsewhere).
//
// `make test-tools` installs code-server and playwright-core under
// .tools/vscode (editors/vscode/test/install-code-server.sh) and packages
// the extension; `make deps` installs Debian's chromium. Without them the
// test fails under CI=true and is skipped otherwise.
func TestVSCode(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no editor session")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	tools := filepath.Join(root, ".tools", "vscode")
	need := map[string]string{
		"code-server":          filepath.Join(tools, "node_modules", ".bin", "code-server"),
		"playwright-core":      filepath.Join(tools, "node_modules", "playwright-core", "package.json"),
		"code-server's set-up": filepath.Join(tools, ".installed"),
		"bin/cudavet.vsix":     filepath.Join(root, "bin", "cudavet.vsix"),
	}
	var missing []string
	for what, file := range need {
		if _, err := os.Stat(file); err != nil {
			missing = append(missing, what)
		}
	}
	node, errNode := exec.LookPath("node")
	chromium, errChromium := exec.LookPath("chromium")
	if errNode != nil {
		missing = append(missing, "node")
	}
	if errChromium != nil {
		missing = append(missing, "chromium")
	}
	if len(missing) > 0 {
		msg := "missing " + strings.Join(missing, ", ") + ": `make deps` installs chromium, `make test-tools` code-server, playwright-core and the extension's package"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	bin := buildCudavet(t)
	shots := os.Getenv("CUDAVET_SHOTS")
	if shots == "" {
		shots = filepath.Join(root, "bin", "vscode")
	}
	// A failure's screenshot from an earlier run would be mistaken for
	// this one's.
	if err := os.Remove(filepath.Join(shots, "vscode-failure.png")); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 12*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join(root, "editors", "vscode", "test", "vscode_test.js"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"CODE_SERVER="+need["code-server"],
		"CHROMIUM="+chromium,
		"VSIX="+need["bin/cudavet.vsix"],
		"CUDAVET="+bin,
		"WORK="+filepath.Join(dir, "work"),
		"KERNEL="+filepath.Join(root, "cmd", "cudavet", "testdata", "limits", "token_scale.cu"),
		"SHOTS="+shots,
		"NODE_PATH="+filepath.Join(tools, "node_modules"),
		"HOME="+filepath.Join(dir, "home"), // keep the editor's state out of $HOME
	)
	out, err := cmd.CombinedOutput()
	transcript := strings.TrimSpace(string(out))
	if err != nil || !strings.HasSuffix(transcript, "PASS") {
		t.Fatalf("vscode_test.js: %v\n%s\n(code-server's log and the failure's screenshot: %s, %s)", err, transcript,
			filepath.Join(dir, "work", "code-server.log"), filepath.Join(shots, "vscode-failure.png"))
	}
	t.Logf("transcript:\n%s", transcript)
	for _, m := range regexp.MustCompile(`latency: (\d+ ms from .*)`).FindAllStringSubmatch(transcript, -1) {
		t.Logf("the language server's latency in VS Code: %s", m[1])
	}
}
