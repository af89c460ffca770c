package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testProjectFile returns the absolute name of a file of testdata/project: a
// CMake-with-nvcc tree with its compile_commands.json in build/ and a
// .cudavet.yaml (the command's tests use it too).
func testProjectFile(t *testing.T, rel string) (string, string) {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "testdata", "project", rel))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, string(data)
}

// summary lists a publication's diagnostics as "line:code: message"
// (0-based lines).
func summary(p PublishDiagnosticsParams) string {
	var out []string
	for _, d := range p.Diagnostics {
		out = append(out, fmt.Sprintf("%d: %s: %s", d.Range.Start.Line, d.Code, d.Message))
	}
	return strings.Join(out, "\n")
}

// TestCompileCommands: kv_stage.cu parses only with its
// compile_commands.json entry (an include directory, a define, sm_90a):
// the server finds the database upwards from the file as the command
// does, or takes it from the settings ("compileCommands", the command
// line's -p); "off" leaves the file without its flags.
func TestCompileCommands(t *testing.T) {
	path, text := testProjectFile(t, "csrc/attention/kv_stage.cu")
	build, _ := filepath.Abs(filepath.Join("..", "testdata", "project", "build"))
	for _, tc := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"checks": "barrierdiv"}, "28: barrierdiv: __syncthreads() is inside a loop"},
		{map[string]any{"checks": "barrierdiv", "compileCommands": build}, "28: barrierdiv: __syncthreads() is inside a loop"},
		{map[string]any{"checks": "barrierdiv", "compileCommands": filepath.Join(build, "compile_commands.json")}, "28: barrierdiv: __syncthreads() is inside a loop"},
		{map[string]any{"checks": "barrierdiv", "compileCommands": "off"}, "6: parse: 'tiles/tile_config.h' file not found"},
	} {
		c := newClient(t, Options{}, nil)
		c.initialize(tc.settings)
		uri := c.open(path, text, 1)
		got := summary(c.diagnostics(uri, version(1)))
		if !strings.HasPrefix(got, tc.want) || tc.settings["compileCommands"] != "off" && strings.Contains(got, "\n") {
			t.Errorf("%v:\n%s\nwant %q…", tc.settings, got, tc.want)
		}
		c.result(methodShutdown, nil, nil)
	}
	// A database that cannot be read is a settings error.
	c := newClient(t, Options{}, nil)
	c.wantError(methodInitialize, map[string]any{"capabilities": map[string]any{}, "initializationOptions": map[string]any{"compileCommands": t.TempDir()}}, -32602)
}

// TestProjectConfig: the server reads testdata/project/.cudavet.yaml as
// the command does: its flags (group_scale.cu needs the define), its
// unused-ignores (the stale ignore is reported) and its exclude
// (csrc/legacy/ is not analysed); "config": "off" reads no file.
func TestProjectConfig(t *testing.T) {
	group, groupText := testProjectFile(t, "csrc/quant/group_scale.cu")
	legacy, legacyText := testProjectFile(t, "csrc/legacy/old_copy.cu")
	c := newClient(t, Options{}, nil)
	c.initialize(barrierdiv)
	gu, lu := c.open(group, groupText, 1), c.open(legacy, legacyText, 1)
	if got := summary(c.diagnostics(gu, version(1))); got != "25: ignore: this cudavet:ignore[barrierdiv] directive suppresses nothing" {
		t.Errorf("group_scale.cu under the project file:\n%s", got)
	}
	if got := summary(c.diagnostics(lu, version(1))); got != "" {
		t.Errorf("excluded old_copy.cu:\n%s", got)
	}
	c = newClient(t, Options{}, nil)
	c.initialize(map[string]any{"checks": "barrierdiv", "config": "off"})
	gu, lu = c.open(group, groupText, 1), c.open(legacy, legacyText, 1)
	if got := summary(c.diagnostics(gu, version(1))); !strings.Contains(got, `parse: group_scale.cu:6:2: "CVK_QUANT_GROUP is set by .cudavet.yaml"`) &&
		!strings.Contains(got, `CVK_QUANT_GROUP is set by .cudavet.yaml`) {
		t.Errorf("group_scale.cu without the project file:\n%s", got)
	}
	if got := summary(c.diagnostics(lu, version(1))); !strings.HasPrefix(got, "4: barrierdiv: ") {
		t.Errorf("old_copy.cu without the project file:\n%s", got)
	}
}

// TestProjectConfigErrors: a malformed file is one diagnostic naming its
// line (the command stops with exit status 2); fixed on disk, it is read
// again at the next analysis. Its severities apply.
func TestProjectConfigErrors(t *testing.T) {
	path, text := kernel(t)
	cfgFile := filepath.Join(filepath.Dir(path), ".cudavet.yaml")
	write := func(s string) {
		if err := os.WriteFile(cfgFile, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("checks:\n  enable: [barrierdiv]\n  disable: [nosuch]\n")
	c := newClient(t, Options{}, nil)
	c.initialize(nil)
	uri := c.open(path, text, 1)
	p := c.diagnostics(uri, version(1))
	if got := summary(p); len(p.Diagnostics) != 1 || !strings.Contains(got, "0: config: project configuration "+cfgFile+`:3: checks.disable: unknown checker "nosuch" (valid: `) {
		t.Errorf("malformed file:\n%s", got)
	}
	write("checks:\n  enable: [barrierdiv]\nseverity:\n  barrierdiv: info\nuser-limits:\n  num_tokens: 65536\n")
	c.notify(methodDidSave, map[string]any{"textDocument": map[string]any{"uri": uri}})
	p = c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) == 1 && p.Diagnostics[0].Code == "barrierdiv"
	})
	if p.Diagnostics[0].Severity != 3 { // Information
		t.Errorf("severity %d, want the file's info (3)", p.Diagnostics[0].Severity)
	}
	write("user-limits:\n  tokens: 8\n")
	c.notify(methodDidSave, map[string]any{"textDocument": map[string]any{"uri": uri}})
	p = c.diagnostics(uri, func(p PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) == 1 && p.Diagnostics[0].Code == "config" && strings.Contains(p.Diagnostics[0].Message, "user-limits")
	})
	if got := summary(p); !strings.Contains(got, `.cudavet.yaml:2: user-limits: unknown user size "tokens" (valid: batch, `) {
		t.Errorf("bad user-limits:\n%s", got)
	}
}

// TestProjectUserLimits: the file's user-limits reach the symbolic
// checkers: token_scale.cu's int row offset overflows under the default
// limit of num_tokens, not under its directory's 65,536.
func TestProjectUserLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	path, data := tokenScale(t)
	for _, tc := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"checks": "overflow"}, ""},
		{map[string]any{"checks": "overflow", "config": "off"}, "13: overflow: token * hidden_size + i (int) overflows when num_tokens >= "},
		// The settings' limit wins over the file's.
		{map[string]any{"checks": "overflow", "userLimits": "num_tokens=1048576"}, "13: overflow: token * hidden_size + i (int) overflows when num_tokens >= "},
	} {
		c := newClient(t, Options{SymbolicDelay: -1}, nil)
		c.initialize(tc.settings)
		uri := c.open(path, string(data), 1)
		got := summary(c.diagnostics(uri, version(1)))
		if (tc.want == "") != (got == "") || !strings.HasPrefix(got, tc.want) {
			t.Errorf("%v:\n%s\nwant %q", tc.settings, got, tc.want)
		}
		c.result(methodShutdown, nil, nil)
	}
}

// TestProjectLatent: latent: true in the file reaches the symbolic
// checkers, and a latent overflow (overflow's latent testdata: a row
// offset that wraps only from 8,388,609 tokens) is shown as information.
func TestProjectLatent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	data, err := os.ReadFile(filepath.Join("..", "checkers", "overflow", "testdata", "latent", "bug_token_bins.cu"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "bins.cu")
	for name, text := range map[string]string{path: string(data), filepath.Join(dir, ".cudavet.yaml"): "latent: true\n"} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newClient(t, Options{SymbolicDelay: -1}, nil)
	c.initialize(map[string]any{"checks": "overflow"})
	uri := c.open(path, string(data), 1)
	p := c.diagnostics(uri, version(1))
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Severity != 3 || !strings.HasPrefix(p.Diagnostics[0].Message, "latent: token * 256 (int) overflows") {
		t.Errorf("latent: true:\n%s", summary(p))
	}
	c.result(methodShutdown, nil, nil)
}

// tokenScale returns the path and text of cmd/cudavet's token_scale.cu: an
// int row offset that overflows under the default token limit (two
// findings on line 14, one per access).
func tokenScale(t *testing.T) (string, []byte) {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "cmd", "cudavet", "testdata", "limits", "token_scale.cu"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}
