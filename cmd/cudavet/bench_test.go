package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers"
)

// benchTree writes n kernels with their launchers, each file including
// one of a few shared headers, into a git repository with one commit.
// Every file has a finding (a barrier under threadIdx.x < TILE - 1, which
// splits a warp: TILE alone, a multiple of 32, no longer does), so that a
// warm run re-prints findings.
func benchTree(b *testing.B, n int) string {
	dir := b.TempDir()
	for h := 0; h < 4; h++ {
		src := fmt.Sprintf("#pragma once\n#define TILE_%d %d\n__device__ inline float scale_%d(float v) { return v * %d.f; }\n", h, 32<<h, h, h+1)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("util_%d.cuh", h)), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < n; i++ {
		h := i % 4
		src := fmt.Sprintf(`#include <torch/all.h>
#include "util_%[2]d.cuh"

__global__ void scale_rows_%[1]d(float* __restrict__ out, const float* __restrict__ in, const int cols) {
  const int64_t row = (int64_t)blockIdx.x * cols;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    out[row + c] = scale_%[2]d(in[row + c]);
  }
  if (threadIdx.x < TILE_%[2]d - 1) __syncthreads();
}

void scale_rows_%[1]d_launch(torch::Tensor& out, torch::Tensor& in) {
  scale_rows_%[1]d<<<in.size(0), 256>>>(out.data_ptr<float>(), in.data_ptr<float>(), in.size(1));
}
`, i, h)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("k%03d.cu", i)), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "tree"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

func timeRun(b *testing.B, dir string, args ...string) time.Duration {
	b.Helper()
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	if err := os.Chdir(dir); err != nil {
		b.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	a := &app{registry: checkers.Registry(checkers.All), stdout: &stdout, stderr: &stderr}
	start := time.Now()
	if code := a.main(args); code != exitFindings {
		b.Fatalf("%v: exit %d\n%s", args, code, stderr.String())
	}
	return time.Since(start)
}

// BenchmarkCache measures, on a generated tree of 200 files, a cold run
// (empty cache), a warm one (nothing changed: goal ≥ 20× faster), a -diff
// run after one file changed and a run of that file alone (goal: -diff
// costs no more). The last two are a second or so each, within the noise
// of a loaded machine: each is the median of five runs, alternated, the
// file changed afresh before each -diff run so that it is analysed again.
func BenchmarkCache(b *testing.B) {
	dir := benchTree(b, 200)
	checks := "-checks=barrierdiv,overflow,bounds"
	for i := 0; i < b.N; i++ {
		cacheDir := b.TempDir()
		cold := timeRun(b, dir, checks, "-cache", cacheDir, ".")
		warm := timeRun(b, dir, checks, "-cache", cacheDir, ".")
		changed := filepath.Join(dir, "k007.cu")
		data, _ := os.ReadFile(changed)
		var diffs, alones []time.Duration
		for r := 0; r < 5; r++ {
			os.WriteFile(changed, append(data, []byte(fmt.Sprintf("// edited %d\n", r))...), 0o644)
			diffs = append(diffs, timeRun(b, dir, checks, "-cache", cacheDir, "-diff", "HEAD", "."))
			alones = append(alones, timeRun(b, dir, checks, "-no-cache", "k007.cu"))
		}
		os.WriteFile(changed, data, 0o644)
		diff, alone := median(diffs), median(alones)
		b.ReportMetric(cold.Seconds(), "cold-s")
		b.ReportMetric(warm.Seconds(), "warm-s")
		b.ReportMetric(float64(cold)/float64(warm), "warm-speedup")
		b.ReportMetric(diff.Seconds(), "diff-one-file-s")
		b.ReportMetric(alone.Seconds(), "one-file-alone-s")
		b.Logf("-diff runs %v; the file alone %v", diffs, alones)
	}
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
