package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCacheSameOutput: the unit-by-unit run through the cache prints what
// the whole-program run prints, cold and warm, and the warm run takes
// every cleanly parsed unit from the cache.
func TestCacheSameOutput(t *testing.T) {
	dir := t.TempDir()
	_, whole, wholeErr := realCLI(t, "-checks=barrierdiv", project)
	for i, want := range []string{"(0 from the cache, 5 analysed)", "(3 from the cache, 2 analysed)"} {
		code, stdout, stderr := realCLI(t, "-checks=barrierdiv", "-stats", "-cache", dir, project)
		wantExit(t, code, exitIncomplete, stdout, stderr)
		if stdout != whole {
			t.Errorf("run %d through the cache:\n%s\nwant (as without):\n%s", i, stdout, whole)
		}
		if !strings.Contains(stderr, want) || !strings.Contains(stderr, strings.TrimSpace(strings.Split(wholeErr, "\n")[0])) {
			t.Errorf("run %d: stderr lacks %q or the missing header:\n%s", i, want, stderr)
		}
	}
	// Another checker set is another key.
	_, _, stderr := realCLI(t, "-checks=barrierdiv,annotation", "-stats", "-cache", dir, project)
	if !strings.Contains(stderr, "(0 from the cache, 5 analysed)") {
		t.Errorf("other checkers hit the cache:\n%s", stderr)
	}
}

// TestCacheStatsTable: -stats' function table of a run through the cache,
// cold or warm, is the whole-program run's; the warm run says which
// times are the cached ones.
func TestCacheStatsTable(t *testing.T) {
	table := func(stderr string) string {
		start, end := strings.Index(stderr, "POSITION"), strings.Index(stderr, "\nTotals:")
		if start < 0 || end < start {
			return ""
		}
		return stderr[start:end]
	}
	_, _, stderr := realCLI(t, "-checks=barrierdiv", "-stats", "-no-cache", project)
	whole := table(stderr)
	for _, row := range []string{"csrc/attention/kv_layout.cuh:13  cvk::zero_block_kernel    kernel  4 ",
		"csrc/moe/topk_gating.cu:34       topk_softmax              host    2 "} {
		if !strings.Contains(whole, row) {
			t.Fatalf("whole-program table lacks %q:\n%s", row, whole)
		}
	}
	dir := t.TempDir()
	for i, note := range []string{"", "(3 of 5 units from the cache: their parse, lowering and checker times are those of the run that cached them)"} {
		_, _, stderr := realCLI(t, "-checks=barrierdiv", "-stats", "-cache", dir, project)
		if got := table(stderr); got != whole {
			t.Errorf("run %d through the cache, table:\n%s\nwant:\n%s", i, got, whole)
		}
		if note != "" && !strings.Contains(stderr, note) {
			t.Errorf("warm run lacks %q:\n%s", note, stderr)
		}
	}
}

// TestCacheInvalidation: editing a header a unit includes (and nothing
// else) makes that unit miss.
func TestCacheInvalidation(t *testing.T) {
	tree := t.TempDir()
	writeFile(t, filepath.Join(tree, "common.cuh"), "#pragma once\n#define TILE 32\n")
	writeFile(t, filepath.Join(tree, "a.cu"), "#include \"common.cuh\"\n__global__ void a(float* x) { __shared__ float s[64];\n  if (threadIdx.x < TILE) __syncthreads();\n  s[threadIdx.x % 64] = 1.f;\n  x[0] = s[0];\n}\n")
	writeFile(t, filepath.Join(tree, "b.cu"), "__global__ void b(float* x) { x[threadIdx.x] = 0.f; }\n")
	cacheDir := t.TempDir()
	args := []string{"-checks=barrierdiv", "-stats", "-cache", cacheDir, tree}
	realCLI(t, args...)
	_, stdout, stderr := realCLI(t, args...)
	if !strings.Contains(stderr, "(2 from the cache, 0 analysed)") || !strings.Contains(stdout, "a.cu:3:27:") {
		t.Fatalf("warm run:\n%s\n%s", stdout, stderr)
	}
	// TILE >= the block size: the branch is uniform, no finding.
	writeFile(t, filepath.Join(tree, "common.cuh"), "#pragma once\n#define TILE 2147483647\n")
	code, stdout, stderr := realCLI(t, args...)
	if !strings.Contains(stderr, "(1 from the cache, 1 analysed)") {
		t.Errorf("after the header edit: %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestDiff: -diff REV analyses the files the revision changed and those
// including a changed header, nothing else.
func TestDiff(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tree := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", tree, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", args, err, out)
		}
	}
	// Each kernel reads shared memory after its barrier, so the threads
	// that skip the barrier have not simply exited (divergence.SkipThenExit).
	writeFile(t, filepath.Join(tree, "util.cuh"), "#pragma once\n#define LIMIT 32\n")
	writeFile(t, filepath.Join(tree, "a.cu"), "#include \"util.cuh\"\n__global__ void a(float* x) { __shared__ float s[64]; if (threadIdx.x < LIMIT) __syncthreads(); x[0] = s[threadIdx.x % 64]; }\n")
	writeFile(t, filepath.Join(tree, "b.cu"), "__global__ void b(float* x) { __shared__ float s[64]; if (threadIdx.x < 8) __syncthreads(); x[0] = s[threadIdx.x % 64]; }\n")
	writeFile(t, filepath.Join(tree, "c.cu"), "__global__ void c(float* x) { __shared__ float s[64]; if (threadIdx.x < 4) __syncthreads(); x[0] = s[threadIdx.x % 64]; }\n")
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "base")
	writeFile(t, filepath.Join(tree, "util.cuh"), "#pragma once\n#define LIMIT 16\n")
	writeFile(t, filepath.Join(tree, "b.cu"), "__global__ void b(float* x) { __shared__ float s[64]; if (threadIdx.x < 9) __syncthreads(); x[0] = s[threadIdx.x % 64]; }\n")
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	if err := os.Chdir(tree); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := realCLI(t, "-checks=barrierdiv", "-no-cache", "-diff", "HEAD", "-stats", ".")
	wantExit(t, code, exitFindings, stdout, stderr)
	if !strings.Contains(stdout, "a.cu:2:") || !strings.Contains(stdout, "b.cu:1:") || strings.Contains(stdout, "c.cu") {
		t.Errorf("-diff HEAD analysed:\n%s", stdout)
	}
	if !strings.Contains(stderr, "units                      2  (0 from the cache, 2 analysed)") {
		t.Errorf("stderr:\n%s", stderr)
	}
	code, stdout, stderr = realCLI(t, "-checks=barrierdiv", "-no-cache", "-diff", "nosuchrev", ".")
	wantExit(t, code, exitUsage, stdout, stderr)
}

// TestProgressQuiet: no progress bar off a terminal, with -json or -sarif,
// or for a single unit.
func TestProgressQuiet(t *testing.T) {
	yes := func() bool { return true }
	for _, tc := range []struct {
		term  func() bool
		json  bool
		sarif bool
		units int
		shown bool
	}{
		{nil, false, false, 10, false},
		{func() bool { return false }, false, false, 10, false},
		{yes, true, false, 10, false},
		{yes, false, true, 10, false},
		{yes, false, false, 1, false},
		{yes, false, false, 10, true},
	} {
		a := &app{isTerminal: tc.term, opts: &options{json: tc.json, sarif: tc.sarif}}
		if p := a.newProgress(tc.units); (p != nil) != tc.shown {
			t.Errorf("%+v: progress %v", tc, p != nil)
		}
	}
	var p *progress // nil: every method is a no-op
	p.add()
	p.skip(3)
	p.finish()
}

// TestProgressShown: past the delay, the bar goes to stderr.
func TestProgressShown(t *testing.T) {
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = 0
	var stderr bytes.Buffer
	a := &app{stderr: &stderr, isTerminal: func() bool { return true }, opts: &options{}}
	p := a.newProgress(4)
	for range 4 {
		p.add()
	}
	p.finish()
	if !strings.Contains(stderr.String(), "cudavet") || !strings.Contains(stderr.String(), "(3/4)") {
		t.Errorf("stderr %q", stderr.String())
	}
}

// TestUnusedEverywhere: a header's unused ignore is reported only when
// every unit including the header found it unused.
func TestUnusedEverywhere(t *testing.T) {
	at := cachedPos{File: "/t/h.cuh", Offset: 10}
	unused := cachedDiag{Checker: "ignore", Message: "this cudavet:ignore[race] directive suppresses nothing", At: at}
	a := &unitEntry{Deps: map[string]string{"/t/a.cu": "1", "/t/h.cuh": "2"}, Diags: []cachedDiag{unused}}
	b := &unitEntry{Deps: map[string]string{"/t/b.cu": "3", "/t/h.cuh": "2"}}
	if unusedEverywhere([]*unitEntry{a, b})[at] {
		t.Error("reported although b.cu's run used it")
	}
	b.Diags = []cachedDiag{unused}
	if !unusedEverywhere([]*unitEntry{a, b})[at] {
		t.Error("not reported although unused in both units")
	}
}

// TestCacheHeaderContext: through the cache, a header no source includes
// is parsed with the includes of a source of the run that uses its
// namespace, as the whole-program run parses it, and editing that source
// makes the header's entry miss.
func TestCacheHeaderContext(t *testing.T) {
	tree := t.TempDir()
	for _, name := range []string{"gemm.cu", "quant_types.cuh", "dequant_impl.cuh", "orphan.cuh"} {
		data, err := os.ReadFile(filepath.Join("../../frontend/testdata/parse/context", name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(tree, name), string(data))
	}
	parseErrors := func(stderr string) string {
		var out []string
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasSuffix(l, "(parse)") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	_, _, stderr := realCLI(t, "-no-cache", tree)
	whole := parseErrors(stderr)
	if strings.Contains(whole, "dequant_impl.cuh") || !strings.Contains(whole, "orphan.cuh") {
		t.Fatalf("whole-program run: want orphan.cuh's parse error alone:\n%s", stderr)
	}
	cacheDir := t.TempDir()
	for i, want := range []string{"(0 from the cache, 3 analysed)", "(2 from the cache, 1 analysed)"} {
		_, _, stderr := realCLI(t, "-stats", "-cache", cacheDir, tree)
		if got := parseErrors(stderr); got != whole || !strings.Contains(stderr, want) {
			t.Errorf("run %d through the cache, want %s and the parse errors:\n%s\ngot:\n%s", i, want, whole, stderr)
		}
	}
	gemm := filepath.Join(tree, "gemm.cu")
	data, _ := os.ReadFile(gemm)
	writeFile(t, gemm, string(data)+"\n// edited\n")
	_, _, stderr = realCLI(t, "-stats", "-cache", cacheDir, tree)
	if !strings.Contains(stderr, "(0 from the cache, 3 analysed)") {
		t.Errorf("after editing the source the header borrows from, want every unit re-analysed:\n%s", stderr)
	}
}

// TestCacheAnswers: a run through the cache leaves its solver answers
// there, and a later process analysing an edited file reads them back:
// the output is the same bytes, and -stats counts the answers read.
func TestCacheAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the solver")
	}
	bin := buildCudavet(t)
	src, err := os.ReadFile("../../checkers/overflow/testdata/bug_blockidx_unsigned.cu")
	if err != nil {
		t.Fatal(err)
	}
	tree, cacheDir := t.TempDir(), t.TempDir()
	file := filepath.Join(tree, "k.cu")
	writeFile(t, file, string(src))
	args := []string{"-stats", "-cache", cacheDir, "k.cu"}
	cold := runChild(t, bin, tree, args, 5*time.Minute)
	if cold.code != exitFindings || !strings.Contains(cold.output, "(0 read from the cache)") {
		t.Fatalf("cold run: exit %d\n%s", cold.code, tail(cold.output))
	}
	// An edit that changes no kernel: the unit is analysed again, its
	// queries answered from the cache.
	writeFile(t, file, string(src)+"\n// edited\n")
	warm := runChild(t, bin, tree, args, 5*time.Minute)
	if warm.code != exitFindings || strings.Contains(warm.output, "(0 read from the cache)") || !strings.Contains(warm.output, "(0 from the cache, 1 analysed)") {
		t.Fatalf("run after the edit: exit %d\n%s", warm.code, tail(warm.output))
	}
	findings := func(out string) string {
		var keep []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "k.cu:") || strings.HasPrefix(l, "\tk.cu:") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if a, b := findings(cold.output), findings(warm.output); a != b || a == "" {
		t.Errorf("findings with the cached answers:\n%s\nwant:\n%s", b, a)
	}
}
