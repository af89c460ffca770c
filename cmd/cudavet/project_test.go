package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of this file run the real barrierdiv checker (no solver) over
// testdata/project: a small CMake-with-nvcc tree with a
// compile_commands.json in build/, a config file and suppressions.

const project = "../../testdata/project/..."

// TestCompileDB: kv_stage.cu parses only with the flags of its
// compile_commands.json entry (an include directory, a define, sm_90a),
// found upwards from the file or given with -p.
func TestCompileDB(t *testing.T) {
	for _, args := range [][]string{
		{"-checks=barrierdiv", project},
		{"-checks=barrierdiv", "-p", "../../testdata/project/build", project},
		{"-checks=barrierdiv", "-p", "../../testdata/project/build/compile_commands.json", project},
	} {
		code, stdout, stderr := realCLI(t, args...)
		wantExit(t, code, exitIncomplete, stdout, stderr) // the missing header
		if !strings.Contains(stdout, "kv_stage.cu:29:5: __syncthreads() is inside a loop") || strings.Contains(stderr, "kv_stage.cu:") {
			t.Errorf("%q:\nstdout:\n%s\nstderr:\n%s", args, stdout, stderr)
		}
	}
	code, stdout, stderr := realCLI(t, "-checks=barrierdiv", "-p", "off", project)
	wantExit(t, code, exitIncomplete, stdout, stderr)
	// kv_layout.cuh is then included by no unit (kv_stage.cu stops at its
	// #error) and is parsed in kv_stage.cu's context, so the error lies in
	// that context's includes, not at the header's own line.
	if !strings.Contains(stderr, "parse error: header tiles/tile_config.h not found, blocking 2 files (") ||
		!strings.Contains(stderr, "csrc/attention/kv_layout.cuh, ") || !strings.Contains(stderr, "csrc/attention/kv_stage.cu): ") {
		t.Errorf("-p off: the include directory of the database was used:\n%s", stderr)
	}
	code, stdout, stderr = realCLI(t, "-p", "../../testdata/project/csrc", project)
	wantExit(t, code, exitUsage, stdout, stderr)
	if !strings.Contains(stderr, "-p: open ../../testdata/project/csrc/compile_commands.json: no such file") {
		t.Errorf("-p at a directory without a database:\n%s", stderr)
	}
}

// TestMissingHeaderOnce: fused/epilogue.h, absent, is reported once for
// the two files it blocked, whose independent kernels are still checked.
func TestMissingHeaderOnce(t *testing.T) {
	code, stdout, stderr := realCLI(t, "-checks=barrierdiv", "-stats", project)
	wantExit(t, code, exitIncomplete, stdout, stderr)
	if n := strings.Count(stderr, "fused/epilogue.h"); n != 1 {
		t.Errorf("fused/epilogue.h named %d times, want once:\n%s", n, stderr)
	}
	for _, want := range []string{
		"expert_hist.cu:5:10: parse error: header fused/epilogue.h not found, blocking 2 files (",
		"testdata/project/csrc/moe/expert_hist.cu, ", "testdata/project/csrc/moe/topk_gating.cu): ",
		"add its directory with -I or give the build's compile_commands.json with -p",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if !strings.Contains(stdout, "topk_gating.cu:20:5: __syncthreads() is reached only by threads with threadIdx.x < 32") {
		t.Errorf("the kernel of topk_gating.cu that does not need the header was not checked:\n%s", stdout)
	}
	for _, want := range []string{"missing headers            1  (blocking 2 files, whose 3 kernels were still analysed)",
		"compile_commands.json      1  (5 files given its flags, 2 borrowed"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-stats lacks %q:\n%s", want, stderr)
		}
	}
}

// TestProjectConfig: .cudavet.yaml adds a define (group_scale.cu needs it),
// excludes csrc/legacy/ and turns unused-ignore reports on; the one
// suppression that matches a finding hides it, the stale one is reported.
func TestProjectConfig(t *testing.T) {
	code, stdout, stderr := realCLI(t, "-checks=barrierdiv", "-stats", "-witness=false", project)
	wantExit(t, code, exitIncomplete, stdout, stderr)
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if !strings.HasPrefix(line, "\t") {
			got = append(got, line[strings.Index(line, "testdata/project/")+len("testdata/project/"):])
		}
	}
	want := []string{
		"csrc/attention/kv_stage.cu:29:5: __syncthreads() is inside a loop whose trip count depends on threadIdx.x (i starts at threadIdx.x, line 27) (barrierdiv)",
		"csrc/moe/topk_gating.cu:20:5: __syncthreads() is reached only by threads with threadIdx.x < 32 (condition at line 17 depends on threadIdx.x) (barrierdiv)",
		"csrc/quant/group_scale.cu:26:3: this cudavet:ignore[barrierdiv] directive suppresses nothing (ignore)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s\nstderr:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), stderr)
	}
	if !strings.Contains(stderr, "findings suppressed        1") || strings.Contains(stderr, "legacy") {
		t.Errorf("stderr:\n%s", stderr)
	}
	// The command line wins over the file.
	_, stdout, _ = realCLI(t, "-checks=barrierdiv", "-unused-ignores=false", project)
	if strings.Contains(stdout, "suppresses nothing") {
		t.Errorf("-unused-ignores=false still reports:\n%s", stdout)
	}
	// Without the file, group_scale.cu lacks its define and legacy/ is analysed.
	_, stdout, stderr = realCLI(t, "-checks=barrierdiv", "-config=off", project)
	if !strings.Contains(stderr, "group_scale.cu:6:2: parse error: \"CVK_QUANT_GROUP is set by .cudavet.yaml\"") || !strings.Contains(stdout, "legacy/old_copy.cu:5:5") {
		t.Errorf("-config=off:\nstdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
}

func TestPrintConfig(t *testing.T) {
	code, stdout, stderr := realCLI(t, "-print-config", "-model=llama-3-8b", project)
	wantExit(t, code, exitClean, stdout, stderr)
	for _, want := range []string{
		"# configuration file: ", "testdata/project/.cudavet.yaml\n",
		"checks: annotation, barrierdiv, bounds, overflow, race, uninit, warpsync\t# defaults -align ",
		"testdata/project/.cudavet.yaml:4\n",
		"severity.uninit: error\t# ", "testdata/project/.cudavet.yaml:6\n",
		"severity.race: error\t# default\n",
		"models: llama-3-8b\t# command line (-model)\n",
		"flags: -DCVK_QUANT_GROUP=128\t# ",
		"exclude: csrc/legacy/**\t# ",
		"unused-ignores: true\t# ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("-print-config lacks %q:\n%s", want, stdout)
		}
	}
}

// TestConfigErrors: a malformed configuration file stops the run (exit 2)
// with its file and line.
func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "k.cu"), "__global__ void k(float* x) {\n  // cudavet:ignore[barrierdiv] stale\n  x[0] = 1.f;\n}\n")
	for _, tc := range []struct{ src, want string }{
		{"checks:\n  enable: [uninit]\n  disable: [nosuch]\n", `.cudavet.yaml:3: checks.disable: unknown checker "nosuch" (valid: `},
		{"severity:\n  race: fatal\n", `.cudavet.yaml:2: severity of race: "fatal", want one of error, warning, info`},
		{"checks:\n  enable: [race]\nexcludes: [x]\n", ".cudavet.yaml:3: field excludes not found"},
		{"models: [no-such-model]\n", ".cudavet.yaml:1: models: "},
		{"mutate: [\n", ".cudavet.yaml:1: did not find expected node content"},
	} {
		writeFile(t, filepath.Join(dir, ".cudavet.yaml"), tc.src)
		code, stdout, stderr := realCLI(t, filepath.Join(dir, "k.cu"))
		wantExit(t, code, exitUsage, stdout, stderr)
		if !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: stderr\n%s\nwant %q", tc.src, stderr, tc.want)
		}
	}
	// An unused ignore is reported in CI (the CI variable set), not otherwise.
	writeFile(t, filepath.Join(dir, ".cudavet.yaml"), "checks:\n  enable: [barrierdiv]\n")
	t.Setenv("CI", "")
	_, stdout, _ := realCLI(t, "-checks=barrierdiv", filepath.Join(dir, "k.cu"))
	if stdout != "" {
		t.Errorf("outside CI: %s", stdout)
	}
	t.Setenv("CI", "true")
	code, stdout, stderr := realCLI(t, "-checks=barrierdiv", filepath.Join(dir, "k.cu"))
	wantExit(t, code, exitFindings, stdout, stderr)
	if !strings.Contains(stdout, "k.cu:2:3: this cudavet:ignore[barrierdiv] directive suppresses nothing (ignore)") {
		t.Errorf("in CI: %s", stdout)
	}
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
