package main

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The adversarial tests run the real command (all default checkers) as a
// child process on inputs an editor or a pre-commit hook can meet: each
// must end within its time ceiling, below 4 (no crash: a Go panic exits 2
// with a trace, a signal shows as -1), with the diagnostic it should print.
// The child runs with -timeout and -memlimit, so even a pathological input
// ends with exit 3 and the results it has. Each case logs its time and peak
// resident memory (go test -v -run Adversarial).

// ceiling is what one case may take: its -timeout, and the wall time the
// test allows (the -timeout, the grace period and slack for a busy
// machine).
const (
	caseTimeout = 90 * time.Second
	caseMemMiB  = 4096
	caseWall    = caseTimeout + grace + 60*time.Second
)

// adversarial is one input: files to write (name → contents, made by a
// function so that big ones are generated in the test), the patterns to
// pass, and what the run must print and return.
type adversarial struct {
	name     string
	heavy    bool // skipped under -short
	files    func(dir string) map[string][]byte
	patterns []string // relative to the directory; default: every .cu file written
	exits    []int    // accepted exit statuses
	output   string   // regexp the combined stdout and stderr must match ("" : anything)
	setup    func(t *testing.T, dir string)
}

func one(name, src string) func(string) map[string][]byte {
	return func(string) map[string][]byte { return map[string][]byte{name: []byte(src)} }
}

var adversarialCases = []adversarial{
	{name: "empty", files: one("empty.cu", ""), exits: []int{exitClean}},
	{name: "binary", files: func(string) map[string][]byte {
		b := make([]byte, 64<<10)
		rand.New(rand.NewSource(1)).Read(b)
		return map[string][]byte{"blob.cu": b}
	}, exits: []int{exitIncomplete}, output: `blob\.cu:\d+:\d+: .*\(parse\)`},
	{name: "non-utf8", files: one("latin1.cu", "// gr\xfc\xdfe \xff\xfe\n__global__ void k(float* x) {\n  const char* s = \"\xe9t\xe9\"; // \xc3\x28\n  x[threadIdx.x] = s[0];\n}\n"),
		exits: []int{exitClean, exitFindings}},
	{name: "crlf", files: one("crlf.cu", strings.ReplaceAll(cleanKernel, "\n", "\r\n")), exits: []int{exitClean}},
	{name: "recursive", files: one("rec.cu", `__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ int odd(int n);
__device__ int even(int n) { return n == 0 ? 1 : odd(n - 1); }
__device__ int odd(int n) { return n == 0 ? 0 : even(n - 1); }
__global__ void k(int* out, int n) {
  if (threadIdx.x < 4) out[threadIdx.x] = fact(n) + even(threadIdx.x);
}
void launch(int* out, int n) { k<<<1, 32>>>(out, n); }
`), exits: []int{exitClean, exitFindings}},
	{name: "goto", files: one("goto.cu", `__global__ void k(float* x, int n) {
  int i = threadIdx.x;
again:
  if (i >= n) goto done;
  x[i] = 0.f;
  i += blockDim.x;
  goto again;
done:
  return;
}
`), exits: []int{exitClean, exitFindings}},
	{name: "inline-ptx", files: one("ptx.cu", `__global__ void k(unsigned* out) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("bar.sync 0;");
  out[threadIdx.x] = lane;
}
`), exits: []int{exitClean, exitFindings}},
	{name: "macro-kernels", files: one("macro.cu", `#define DEFINE_SCALE(name, T) \
  __global__ void name(T* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= (T)2; }
DEFINE_SCALE(scale_f, float)
DEFINE_SCALE(scale_i, int)
DEFINE_SCALE(scale_d, double)
`), exits: []int{exitClean, exitFindings}},
	{name: "header-twice", files: func(string) map[string][]byte {
		return map[string][]byte{
			"guarded.cuh":   []byte("#pragma once\n__device__ inline float sq(float v) { return v * v; }\n"),
			"unguarded.cuh": []byte("#define TWICE 1\n"),
			"twice.cu": []byte("#include \"guarded.cuh\"\n#include \"guarded.cuh\"\n#include \"unguarded.cuh\"\n#include \"unguarded.cuh\"\n" +
				"__global__ void k(float* x) { x[threadIdx.x] = sq(x[threadIdx.x]) * TWICE; }\n"),
		}
	}, patterns: []string{"."}, exits: []int{exitClean, exitFindings}},
	{name: "broken-syntax", files: one("broken.cu", "__global__ void k(float* x {\n  x[threadIdx.x = ;\n  for (;;\n"),
		exits: []int{exitIncomplete}, output: `broken\.cu:\d+:\d+: .*\(parse\)`},
	{name: "missing-file", files: one("present.cu", ""), patterns: []string{"absent.cu"},
		exits: []int{exitUsage}, output: `absent\.cu`},
	{name: "unreadable-file", files: one("locked.cu", cleanKernel), setup: func(t *testing.T, dir string) {
		name := filepath.Join(dir, "locked.cu")
		if err := os.Chmod(name, 0); err != nil {
			t.Fatal(err)
		}
		if f, err := os.Open(name); err == nil {
			f.Close()
			t.Skip("running as a user who can read a mode-0 file (root)")
		}
	}, exits: []int{exitUsage, exitIncomplete}, output: `locked\.cu`},
	// Root reads a mode-0 file: these two fail to read for anyone.
	{name: "directory-named-cu", files: one("real.cu", cleanKernel), setup: func(t *testing.T, dir string) {
		if err := os.Mkdir(filepath.Join(dir, "dir.cu"), 0o755); err != nil {
			t.Fatal(err)
		}
	}, patterns: []string{"real.cu", "dir.cu"}, exits: []int{exitUsage}, output: `dir\.cu`},
	{name: "dangling-symlink", files: one("real.cu", cleanKernel), setup: func(t *testing.T, dir string) {
		if err := os.Symlink("nowhere.cu", filepath.Join(dir, "dangling.cu")); err != nil {
			t.Fatal(err)
		}
	}, patterns: []string{"."}, exits: []int{exitIncomplete}, output: `dangling\.cu`},
	{name: "symlink-loop", files: one("tree/k.cu", cleanKernel), setup: func(t *testing.T, dir string) {
		for _, l := range [][2]string{{".", "tree/self"}, {"..", "tree/up"}, {"b", "tree/a"}, {"a", "tree/b"}} {
			if err := os.Symlink(l[0], filepath.Join(dir, l[1])); err != nil {
				t.Fatal(err)
			}
		}
	}, patterns: []string{"./..."}, exits: []int{exitClean}},
	{name: "deep-parens", files: func(string) map[string][]byte {
		const depth = 10000
		src := "__global__ void k(int* x) { x[threadIdx.x] = " + strings.Repeat("(", depth) + "1" + strings.Repeat(")", depth) + "; }\n"
		return map[string][]byte{"parens.cu": []byte(src)}
	}, exits: []int{exitIncomplete}, output: `parens\.cu:\d+:\d+: .*\(parse\)`},
	// Prefixes clang's parser recurses on, past what its thread's stack
	// holds (500,000 casts overflowed 1 GiB) or what the analysis can
	// take in time (nested unbraced ifs): refused before parsing.
	{name: "deep-casts", files: func(string) map[string][]byte {
		src := "__global__ void k(int* x, int n) { x[0] = " + strings.Repeat("(int)", 500000) + "n; }\n"
		return map[string][]byte{"casts.cu": []byte(src)}
	}, exits: []int{exitIncomplete}, output: `casts\.cu:1:1: parse error: line 1: a run of 500000 prefixes .* nests deeper than cudavet parses`},
	{name: "deep-ifs", files: func(string) map[string][]byte {
		src := "__global__ void k(int* x, int n) { " + strings.Repeat("if (n) ", 100000) + "x[0] = 1; }\n"
		return map[string][]byte{"ifs.cu": []byte(src)}
	}, exits: []int{exitIncomplete}, output: `ifs\.cu:1:1: parse error: line 1: a run of 200000 prefixes .* nests deeper than cudavet parses`},
	{name: "deep-expression", files: func(string) map[string][]byte {
		const depth = 10000
		var b strings.Builder
		b.WriteString("__global__ void k(int* x, int n) {\n  int v = n")
		for i := range depth {
			fmt.Fprintf(&b, " %c %d", "+-^"[i%3], i%7+1)
		}
		b.WriteString(";\n  if (threadIdx.x == 0) x[0] = v;\n}\n")
		return map[string][]byte{"deep.cu": []byte(b.String())}
	}, exits: []int{exitClean, exitFindings, exitIncomplete}},
	{name: "20MB-file", heavy: true, files: func(string) map[string][]byte {
		var b bytes.Buffer
		b.WriteString(cleanKernel)
		line := "// padding: a long generated table of constants would sit here in a real file, this is comment text\n"
		for b.Len() < 20<<20 {
			b.WriteString(line)
		}
		b.WriteString("__global__ void tail(float* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = 1.f; }\n")
		return map[string][]byte{"big.cu": b.Bytes()}
	}, exits: []int{exitClean, exitFindings}},
	{name: "20000-kernels", heavy: true, files: func(string) map[string][]byte {
		var b strings.Builder
		for i := range 20000 {
			fmt.Fprintf(&b, "__global__ void ew_%d(float* y, const float* x, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = x[i] * %d.f;\n}\n", i, i%9+1)
		}
		return map[string][]byte{"many.cu": []byte(b.String())}
	}, exits: []int{exitClean, exitFindings, exitIncomplete}, output: `^$|-timeout \S+ passed`},
}

// cleanKernel is a small kernel with nothing to report.
const cleanKernel = `__global__ void scale_kernel(float* __restrict__ out, const float* __restrict__ in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.f * in[i];
}
`

// TestAdversarial runs every case; the heavy ones (a 20 MB file, 20,000
// kernels) only without -short (make test-heavy).
func TestAdversarial(t *testing.T) {
	bin := buildCudavet(t)
	for _, c := range adversarialCases {
		t.Run(c.name, func(t *testing.T) {
			if c.heavy && testing.Short() {
				t.Skip("heavy input; run without -short (make test-heavy)")
			}
			dir := t.TempDir()
			var patterns []string
			for name, data := range c.files(dir) {
				path := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if strings.HasSuffix(name, ".cu") {
					patterns = append(patterns, name)
				}
			}
			if c.setup != nil {
				c.setup(t, dir)
			}
			if c.patterns != nil {
				patterns = c.patterns
			}
			r := runChild(t, bin, dir, append([]string{"-timeout", caseTimeout.String(), "-memlimit", fmt.Sprint(caseMemMiB)}, patterns...), caseWall+30*time.Second)
			last, _ := strings.CutSuffix(r.output, "\n")
			last = last[strings.LastIndex(last, "\n")+1:]
			t.Logf("%s: exit %d in %s, peak resident %d MiB; last line: %.200s", c.name, r.code, r.wall.Round(time.Millisecond), r.maxRSS>>20, last)
			if !slices.Contains(c.exits, r.code) {
				t.Errorf("exit status %d, want one of %v\n%s", r.code, c.exits, tail(r.output))
			}
			if c.output != "" && !regexp.MustCompile(c.output).MatchString(r.output) {
				t.Errorf("output does not match %q:\n%s", c.output, tail(r.output))
			}
			if r.wall > caseWall {
				t.Errorf("took %s, over the ceiling %s", r.wall, caseWall)
			}
			if strings.Contains(r.output, "goroutine ") || strings.Contains(r.output, "panic:") {
				t.Errorf("the run crashed:\n%s", tail(r.output))
			}
		})
	}
}

type childResult struct {
	code   int
	wall   time.Duration
	maxRSS int64 // bytes
	output string
}

// runChild runs bin in dir and kills it past limit.
func runChild(t *testing.T, bin, dir string, args []string, limit time.Duration) childResult {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(limit, func() { cmd.Process.Kill() })
	defer timer.Stop()
	_ = cmd.Wait()
	r := childResult{code: cmd.ProcessState.ExitCode(), wall: time.Since(start), output: out.String()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss << 10 // Linux reports KiB
	}
	return r
}

// buildCudavet builds the command into a temporary directory.
func buildCudavet(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "cudavet")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// tail returns the last lines of s, for messages.
func tail(s string) string {
	lines := strings.Split(s, "\n")
	if len(lines) > 30 {
		lines = append([]string{"..."}, lines[len(lines)-30:]...)
	}
	return strings.Join(lines, "\n")
}

// TestJobsDeterministic runs the real command over the bundled examples at
// -j=1 and -j=4: the output must be the same bytes. Budgets that depend on
// wall-clock time make load decide what ends undecided, which this
// catches. Heavy (two full analyses): skipped under -short.
func TestJobsDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("two full analyses of the examples; run without -short (make test-heavy)")
	}
	bin := buildCudavet(t)
	examples, err := filepath.Abs("../../testdata/examples")
	if err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, j := range []string{"-j=1", "-j=4"} {
		r := runChild(t, bin, examples, []string{j, "-json", "./..."}, 20*time.Minute)
		t.Logf("%s: exit %d in %s, peak resident %d MiB", j, r.code, r.wall.Round(time.Millisecond), r.maxRSS>>20)
		if r.code >= 2 {
			var why []string
			for _, line := range strings.Split(r.output, "\n") {
				if strings.Contains(line, "internal error") || strings.Contains(line, "cudavet:") || strings.Contains(line, "parse error") {
					why = append(why, line)
				}
			}
			t.Fatalf("%s: exit %d:\n%s", j, r.code, strings.Join(why, "\n"))
		}
		// Timings differ between runs: compare without them.
		outs = append(outs, regexp.MustCompile(`"([a-z_]*_ms)": *[0-9.e+-]+`).ReplaceAllString(r.output, `"$1": 0`))
	}
	if outs[0] != outs[1] {
		a, b := strings.Split(outs[0], "\n"), strings.Split(outs[1], "\n")
		for i := 0; i < len(a) && i < len(b); i++ {
			if a[i] != b[i] {
				t.Fatalf("-j=1 and -j=4 differ at line %d:\n-j=1: %s\n-j=4: %s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("-j=1 and -j=4 differ in length: %d and %d lines", len(a), len(b))
	}
}
