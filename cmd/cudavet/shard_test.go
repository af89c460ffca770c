package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// shardTree is a tree whose parts at -shard K/3 interact as a whole run's
// units do: rows.cuh's findings are reported by both its includers
// (gather_fp32.cu and gather_int8.cu, parts 3 and 1), each with its own
// witness, and the whole run keeps the first one's; the ignore in
// partial.cuh serves gather_fp32.cu only, so gather_int8.cu's part calls
// it unused; util.cuh (part 1) is included only by act.cu (part 2), so
// part 1 analyses it alone; lone.cuh is included by no file.
const shardTree = "testdata/shard"

// wholeRun is one run's three outputs and exit statuses.
type wholeRun struct {
	text, stderr, json, sarif string
	code                      int
}

// runWhole runs args in each format: the text run analyses into the
// cache, the JSON and SARIF runs print from it.
func runWhole(t *testing.T, args ...string) wholeRun {
	t.Helper()
	args = append([]string{"-cache", t.TempDir()}, args...)
	var w wholeRun
	w.code, w.text, w.stderr = realCLI(t, args...)
	_, w.json, _ = realCLI(t, append([]string{"-json"}, args...)...)
	_, w.sarif, _ = realCLI(t, append([]string{"-sarif"}, args...)...)
	return w
}

// runShards runs the n parts of args with -json, without the cache, and
// returns the files holding their outputs.
func runShards(t *testing.T, n int, args ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for k := 1; k <= n; k++ {
		_, stdout, stderr := realCLI(t, append([]string{"-json", "-no-cache", "-shard", fmt.Sprintf("%d/%d", k, n)}, args...)...)
		if !strings.Contains(stdout, `"shard": {`) {
			t.Fatalf("part %d/%d has no shard record:\n%s\n%s", k, n, stdout, stderr)
		}
		name := filepath.Join(dir, fmt.Sprintf("part%d.json", k))
		writeFile(t, name, stdout)
		files = append(files, name)
	}
	return files
}

// mergeIn runs -merge in dir (empty: the merge needs no source).
func mergeIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	return realCLI(t, append([]string{"-merge"}, args...)...)
}

// TestShardMerge: the -json outputs of the three parts of a run, merged,
// print byte for byte what the whole run prints, as text (stdout, stderr
// and exit status), JSON (diagnostics and statistics: without -stats it
// has no times) and SARIF (fingerprints included), in a directory
// without the sources.
func TestShardMerge(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"tree", []string{"-checks=barrierdiv,overflow", "-unused-ignores", shardTree}},
		// A configuration's exclusions and severities, a compile database,
		// a missing header reported once for two files of two parts.
		{"project", []string{"-checks=barrierdiv", project}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := runWhole(t, tc.args...)
			parts := runShards(t, 3, tc.args...)
			empty := t.TempDir()
			code, text, stderr := mergeIn(t, empty, parts...)
			if code != whole.code || text != whole.text || stderr != whole.stderr {
				t.Errorf("merged text (exit %d):\n%s\nstderr:\n%s\nwant (exit %d):\n%s\nstderr:\n%s", code, text, stderr, whole.code, whole.text, whole.stderr)
			}
			for _, f := range []struct{ flag, want string }{{"-json", whole.json}, {"-sarif", whole.sarif}} {
				if _, got, stderr := mergeIn(t, empty, append([]string{f.flag}, parts...)...); got != f.want {
					t.Errorf("merged %s differs from the whole run's:\n%s\nwant:\n%s\nstderr:\n%s", f.flag, got, f.want, stderr)
				}
			}
		})
	}
}

// TestShardParts: the parts of TestShardMerge's tree are the cases it
// means to cover, and the parts of any N divide the files.
func TestShardParts(t *testing.T) {
	part := func(name string) int { return shardOf(filepath.Join(shardTree, name), 3) }
	if part("gather_fp32.cu") == part("gather_int8.cu") || part("util.cuh") == part("act.cu") {
		t.Errorf("parts: gather_fp32.cu %d, gather_int8.cu %d, util.cuh %d, act.cu %d: the tree no longer spreads its includers over parts",
			part("gather_fp32.cu"), part("gather_int8.cu"), part("util.cuh"), part("act.cu"))
	}
	_, stdout, _ := realCLI(t, "-checks=barrierdiv", "-unused-ignores", "-no-cache", "-shard", fmt.Sprintf("%d/3", part("gather_int8.cu")), shardTree)
	if !strings.Contains(stdout, "partial.cuh:10:3: this cudavet:ignore[barrierdiv] directive suppresses nothing") {
		t.Errorf("gather_int8.cu's part does not call partial.cuh's ignore unused:\n%s", stdout)
	}
	files, err := filepath.Glob(filepath.Join(shardTree, "*"))
	if err != nil || len(files) < 5 {
		t.Fatal(files, err)
	}
	for n := 1; n <= 4; n++ {
		var union []string
		for k := 1; k <= n; k++ {
			union = append(union, shardSpec{k, n}.filter(files)...)
		}
		slices.Sort(union)
		if !slices.Equal(union, files) {
			t.Errorf("the %d parts hold %q, want each of %q once", n, union, files)
		}
	}
}

// TestShardUsage: bad -shard values and combinations are usage errors.
func TestShardUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-shard", "0/3", "testdata/clean.cu"}, `invalid value "0/3" for flag -shard: want K/N with 1 <= K <= N`},
		{[]string{"-shard", "4/3", "testdata/clean.cu"}, `invalid value "4/3" for flag -shard`},
		{[]string{"-shard", "x", "testdata/clean.cu"}, `invalid value "x" for flag -shard`},
		{[]string{"-shard", "1/2", "-fix", "testdata/clean.cu"}, "-shard excludes -fix, -repro, -verdicts and -dump"},
		{[]string{"-shard", "1/2", "-merge", "a.json"}, "-shard and -merge exclude each other"},
		{[]string{"-merge"}, "-merge: name the -json outputs of the shards"},
		{[]string{"-merge", "testdata/clean.cu"}, "-merge: testdata/clean.cu: "},
	} {
		code, stdout, stderr := cli(t, tc.args...)
		wantExit(t, code, exitUsage, stdout, stderr)
		if !strings.Contains(stderr, tc.err) {
			t.Errorf("%q: stderr %q lacks %q", tc.args, stderr, tc.err)
		}
	}
}

// TestMergeChecks: -merge takes only the N parts of one run.
func TestMergeChecks(t *testing.T) {
	args := []string{"-checks=barrierdiv", shardTree}
	parts := runShards(t, 2, args...)
	dir := t.TempDir()
	_, whole, _ := realCLI(t, append([]string{"-json", "-no-cache"}, args...)...)
	writeFile(t, filepath.Join(dir, "whole.json"), whole)
	_, other, _ := realCLI(t, append([]string{"-json", "-no-cache", "-shard", "1/3"}, args...)...)
	writeFile(t, filepath.Join(dir, "other.json"), other)
	for _, tc := range []struct {
		files []string
		err   string
	}{
		{parts[:1], "part 2/2 missing"},
		{[]string{parts[0], parts[0], parts[1]}, "is part 1/2, as " + parts[0] + " is"},
		{[]string{parts[0], parts[1], filepath.Join(dir, "other.json")}, "other.json is part 1/3, "},
		{[]string{filepath.Join(dir, "whole.json")}, "whole.json: not the -json output of a cudavet -shard run"},
	} {
		code, stdout, stderr := realCLI(t, append([]string{"-merge"}, tc.files...)...)
		wantExit(t, code, exitUsage, stdout, stderr)
		if !strings.Contains(stderr, tc.err) {
			t.Errorf("%q: stderr %q lacks %q", tc.files, stderr, tc.err)
		}
	}
}

// TestMergeSplitLink: a binding and the .cu defining the launcher it
// calls, in two parts, were analysed apart where one run analyses them
// together: the merge says so and is incomplete (exit 3).
func TestMergeSplitLink(t *testing.T) {
	const tree = "testdata/binding/bug"
	n := 2
	for shardOf(tree+"/gated_act.cpp", n) == shardOf(tree+"/gated_act_kernels.cu", n) {
		n++
	}
	parts := runShards(t, n, "-checks=barrierdiv", tree)
	code, stdout, stderr := realCLI(t, append([]string{"-merge"}, parts...)...)
	wantExit(t, code, exitIncomplete, stdout, stderr)
	want := "testdata/binding/bug/gated_act.cpp: calls a launcher that testdata/binding/bug/gated_act_kernels.cu defines: parts "
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
}
