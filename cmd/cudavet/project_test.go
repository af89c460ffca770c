package main

import (
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
	if !strings.Contains(stderr, "kv_layout.cuh:6:10: parse error: header tiles/tile_config.h not found, blocking 2 files") {
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
		"compile_commands.json      1  (4 files given its flags, 1 borrowed"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-stats lacks %q:\n%s", want, stderr)
		}
	}
}
