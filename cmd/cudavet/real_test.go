package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/checkers/driver"
	"github.com/cudavet/cudavet/frontend"
)

// TestLaunchConstantsWithParseError runs bounds on a kernel dispatched over
// three dtypes, one of which does not compile: the instantiations that do
// keep their launch context, whose use_shmem = false rules out the stores
// into the 0-byte dynamic shared scratch.
func TestLaunchConstantsWithParseError(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the solver")
	}
	code, stdout, stderr := realCLI(t, "-checks=bounds", "-witness=false", "-verdicts", "testdata/launchconst")
	wantExit(t, code, exitIncomplete, stdout, stderr)
	if strings.Contains(stdout, "(bounds)") {
		t.Errorf("bounds reported a store that no launch reaches:\n%s", stdout)
	}
	for _, want := range []string{"parse error", "topk_gating_kernel<float> [launch in topk_gating", "topk_gating_kernel<c10::Half> [launch in topk_gating"} {
		if !strings.Contains(stdout+stderr, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
}

// verdictsFile is the table of verdicts on the findings in real trees.
const verdictsFile = "../../testdata/real/VERDICTS.md"

// realTrees are the trees the table covers: the environment variable
// naming a checkout, the table's tree name, the directories analysed and
// the include directories.
var realTrees = []struct {
	env, name string
	dirs      []string
	includes  []string
}{
	{"CUDAVET_VLLM", "vllm", []string{"csrc"}, []string{"csrc"}},
	{"CUDAVET_FLASHINFER", "flashinfer", []string{"csrc", "include"}, []string{"include", "csrc"}},
}

// TestRealTrees re-runs cudavet on the checkouts named in CUDAVET_VLLM and
// CUDAVET_FLASHINFER (skipped when neither is set) and fails on every
// realFinding the verdict table does not list, so that no false alarm comes
// back unnoticed and every new realFinding gets a verdict, and, when the
// whole tree ran, on every true or true-latent row no finding matches any
// more. CUDAVET_REAL_FILES, a comma-separated list of paths relative to the
// tree, restricts the run.
func TestRealTrees(t *testing.T) {
	table, err := readVerdicts(verdictsFile)
	if err != nil {
		t.Fatal(err)
	}
	ran := false
	for _, tree := range realTrees {
		root := os.Getenv(tree.env)
		if root == "" {
			continue
		}
		ran = true
		t.Run(tree.name, func(t *testing.T) {
			found := realFindings(t, root, tree.dirs, tree.includes)
			for _, f := range found {
				if !table[tree.name].covers(f) {
					t.Errorf("%s: finding without a verdict in %s: %s:%d %s: %s", tree.name, verdictsFile, f.file, f.line, f.checker, f.message)
				}
			}
			if os.Getenv("CUDAVET_REAL_FILES") != "" {
				return // a part of the tree: rows of other files are not run
			}
			for _, r := range table[tree.name] {
				if r.verdict != "true" && r.verdict != "true-latent" {
					continue
				}
				if !slices.ContainsFunc(found, func(f realFinding) bool { return verdicts{r}.covers(f) }) {
					t.Errorf("%s: %s row no longer reported: %s:%d %s: %s", tree.name, r.verdict, r.file, r.line, r.checker, r.message)
				}
			}
		})
	}
	if !ran {
		t.Skip("set CUDAVET_VLLM and/or CUDAVET_FLASHINFER to checkouts at the commits VERDICTS.md names")
	}
}

type realFinding struct {
	file    string
	line    int
	checker string
	message string
	verdict string // of a table row
}

// verdicts are one tree's rows of the table.
type verdicts []realFinding

// covers reports whether a row names f: same file, line and checker, and
// f's message starts with the row's message head.
func (v verdicts) covers(f realFinding) bool {
	for _, r := range v {
		if r.file == f.file && r.line == f.line && r.checker == f.checker && strings.HasPrefix(f.message, r.message) {
			return true
		}
	}
	return false
}

// readVerdicts reads the table rows
//
//	| tree | file | line | checker | message head | verdict | reason |
//
// of VERDICTS.md (message heads in backquotes), per tree.
func readVerdicts(path string) (map[string]verdicts, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]verdicts{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		// A cell may hold an escaped pipe (\|), as Markdown tables allow.
		cells := strings.Split(strings.ReplaceAll(strings.TrimSpace(sc.Text()), `\|`, "\x00"), "|")
		if len(cells) != 9 || strings.TrimSpace(cells[1]) == "tree" || strings.HasPrefix(strings.TrimSpace(cells[1]), "-") {
			continue
		}
		line, err := strconv.Atoi(strings.TrimSpace(cells[3]))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: line %q: %w", path, n, cells[3], err)
		}
		switch v := strings.TrimSpace(cells[6]); v {
		case "true", "true-latent", "false alarm":
		default:
			return nil, fmt.Errorf("%s:%d: verdict %q is not true, true-latent or false alarm", path, n, v)
		}
		tree := strings.TrimSpace(cells[1])
		out[tree] = append(out[tree], realFinding{
			file:    strings.Trim(strings.TrimSpace(cells[2]), "`"),
			line:    line,
			checker: strings.TrimSpace(cells[4]),
			message: strings.Trim(strings.TrimSpace(cells[5]), "`"),
			verdict: strings.TrimSpace(cells[6]),
		})
	}
	return out, sc.Err()
}

// realFindings runs the default checkers over a tree's directories as a
// user's `cudavet csrc/...` does: every .cu file, and the C++ bindings a
// directory pattern takes (frontend.Expand), in one run through a fresh
// cache, so that each file is its own unit (a file that does not parse is
// its own diagnostic) and a binding is analysed with the .cu whose
// launcher or kernel it calls (a TVM-FFI cubin launcher with its kernel's
// source). It returns the findings with paths relative to the tree.
func realFindings(t *testing.T, root string, dirs, includes []string) []realFinding {
	t.Helper()
	files := os.Getenv("CUDAVET_REAL_FILES")
	var paths []string
	if files != "" {
		paths = strings.Split(files, ",")
	} else {
		for _, d := range dirs {
			units, _, err := frontend.Expand(root, d+"/...")
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range units {
				if frontend.IsSource(u) { // .cu files and bindings, not lone headers
					rel, _ := filepath.Rel(root, u)
					paths = append(paths, rel)
				}
			}
		}
	}
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	// Run from the tree's root with relative paths, as its build does:
	// an absolute -I is a system directory whose headers are not
	// analysed (flags.go, projectIncludes), and FlashInfer's kernels are
	// in include/.
	t.Chdir(absRoot)
	var out []realFinding
	args := []string{"-json", "-j", "2", "-cache", t.TempDir()}
	for _, inc := range includes {
		args = append(args, "-I", inc)
	}
	args = append(append(args, paths...), "--", "-std=c++17")
	_, stdout, _ := realCLI(t, args...)
	var res struct {
		Diagnostics []struct {
			Checker, File, Message string
			Line                   int
		}
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%v", err)
	}
	for _, d := range res.Diagnostics {
		switch d.Checker {
		case "parse", "lower", "annotation", driver.InternalError, driver.Stopped:
			continue
		}
		file, _ := filepath.Abs(d.File)
		rel, err := filepath.Rel(absRoot, file)
		if err != nil {
			rel = d.File
		}
		out = append(out, realFinding{file: rel, line: d.Line, checker: d.Checker, message: d.Message})
	}
	return out
}

// TestVerdictTable checks that the table parses and matches findings by
// file, line, checker and message head.
func TestVerdictTable(t *testing.T) {
	table, err := readVerdicts(verdictsFile)
	if err != nil {
		t.Fatal(err)
	}
	f := realFinding{file: "csrc/activation_kernels.cu", line: 82, checker: "overflow",
		message: "blockIdx.x * 2 * d (unsigned int) overflows with d = 4608, num_tokens = 842206 (Gemma-2-27B) (used as pointer offset)"}
	if !table["vllm"].covers(f) {
		t.Errorf("table does not cover %+v", f)
	}
	f.line = 83
	if table["vllm"].covers(f) {
		t.Errorf("table covers a finding on another line: %+v", f)
	}
	// A row whose reason holds an escaped pipe (desc->f \|= bits).
	f = realFinding{file: "csrc/cudnn_sdpa_utils.h", line: 95, checker: "race",
		message: "data race on global tma_desc_k: store to desc[0].tensor_common0 and store to desc[0].tensor_common0 by two threads in the same barrier interval"}
	if !table["flashinfer"].covers(f) {
		t.Errorf("table does not cover %+v", f)
	}
}
