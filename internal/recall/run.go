package recall

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Config says where a run finds its tools and trees.
type Config struct {
	Cudavet string            // the cudavet binary
	Repos   map[string]string // repository name (Row.Repo) → git directory
	Cutlass string            // git directory of CUTLASS; "" leaves it off the include path
	Spdlog  string            // git directory of spdlog; "" leaves it off the include path
	Work    string            // exported trees and cudavet's result cache live here
	Timeout time.Duration     // cudavet's -timeout per row
	Jobs    int               // cudavet's -j
	Args    []string          // extra cudavet flags, before the patterns
}

// Outcomes of a row, in report order.
const (
	Found = "found"
	// CallSite: a finding of the row's checker in a helper the labelled
	// code inlines, whose call at a labelled line its trace names ("inlined
	// from this call"): the mechanism is found, but the finding stands at
	// the helper's access, not at the fixed line, so it is not Found.
	CallSite = "call-site"
	Unread   = "unread"  // no labelled file was parsed
	Timeout  = "timeout" // the run stopped at its -timeout before finding it
	Missed   = "missed"  // analysed, and no finding counts
	Failed   = "error"   // the corpus could not run the row (tree, tool)
)

// Outcomes lists the outcomes in report order.
var Outcomes = []string{Found, CallSite, Unread, Timeout, Missed, Failed}

// Result is what one row's run gave.
type Result struct {
	Row     *Row
	Outcome string
	Detail  string // the finding for Found; the cause otherwise
	Seconds float64
	Cutlass string // the CUTLASS revision on the include path, "" none
	Spdlog  string // the spdlog revision on the include path, "" none
	// Findings counts the run's findings; Kernels and Statements what it lowered.
	Findings, Kernels, Statements int
}

// repoFlags are the include paths and macros each repository builds with
// (those of the paths the tree has); vLLM's build passes -DENABLE_FP8,
// FlashInfer's JIT adds its TensorRT-LLM sources (csrc/nv_internal) and,
// for the CUTLASS fused MoE, their cutlass_extensions and cutlass_kernels
// (flashinfer/fused_moe/core.py's extra_include_paths).
var repoFlags = map[string][]string{
	"vllm": {"-I", "csrc", "-DENABLE_FP8"},
	"flashinfer": {"-I", "include", "-I", "csrc", "-I", "python/csrc", "-I", "src",
		"-I", "csrc/nv_internal", "-I", "csrc/nv_internal/include",
		"-I", "csrc/nv_internal/tensorrt_llm/cutlass_extensions/include",
		"-I", "csrc/nv_internal/tensorrt_llm/kernels/cutlass_kernels/include",
		"-I", "csrc/nv_internal/tensorrt_llm/kernels/cutlass_kernels"},
}

// Run analyses r's files at its parent and classifies the outcome.
func Run(ctx context.Context, cfg *Config, r *Row) *Result {
	res := &Result{Row: r}
	gitDir, ok := cfg.Repos[r.Repo]
	if !ok || gitDir == "" {
		res.Outcome, res.Detail = Failed, fmt.Sprintf("no git directory for repository %q", r.Repo)
		return res
	}
	tree := filepath.Join(cfg.Work, "trees", r.Repo+"-"+r.Parent[:12])
	if err := Export(gitDir, r.Parent, tree); err != nil {
		res.Outcome, res.Detail = Failed, err.Error()
		return res
	}
	args := []string{"-json", "-config", "off", "-p", "off", "-cache", filepath.Join(cfg.Work, "cache"),
		"-timeout", cfg.Timeout.String(), "-j", fmt.Sprint(cfg.Jobs)}
	args = append(args, includes(tree, repoFlags[r.Repo])...)
	if cfg.Cutlass != "" {
		if rev := CutlassRev(gitDir, r.Parent, tree); rev != "" {
			dir := filepath.Join(cfg.Work, "cutlass", rev)
			if err := ExportCutlass(cfg.Cutlass, rev, dir); err == nil {
				res.Cutlass = rev
				args = append(args, "-I", filepath.Join(dir, "include"), "-I", filepath.Join(dir, "tools/util/include"))
			}
		}
	}
	if cfg.Spdlog != "" {
		if rev := SpdlogRev(cfg.Spdlog, gitDir, r.Parent); rev != "" {
			dir := filepath.Join(cfg.Work, "spdlog", rev)
			if err := archiveOnce(cfg.Spdlog, rev, dir, []string{"include"}); err == nil {
				res.Spdlog = rev
				args = append(args, "-I", filepath.Join(dir, "include"))
			}
		}
	}
	args = append(args, cfg.Args...)
	args = append(args, r.Flags...)
	args = append(args, r.Files...)
	args = append(args, "--", "-std=c++17")
	for _, f := range r.Files {
		if _, err := os.Stat(filepath.Join(tree, f)); err != nil {
			res.Outcome, res.Detail = Failed, fmt.Sprintf("%s is not in the tree at %s", f, r.Parent[:12])
			return res
		}
	}

	// cudavet stops itself at -timeout; the context only ends a run that
	// does not.
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout+2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, cfg.Cudavet, args...)
	cmd.Dir = tree
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	res.Seconds = time.Since(start).Seconds()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		res.Outcome, res.Detail = Failed, err.Error()
		return res
	}
	out, perr := ParseOutput(stdout.Bytes())
	if perr != nil {
		res.Outcome, res.Detail = Failed, fmt.Sprintf("%v (exit %d): %s", perr, cmd.ProcessState.ExitCode(), firstLine(stderr.String()))
		return res
	}
	classify(res, out, tree, stderr.String())
	return res
}

// includes returns the -I flags of flags whose directories tree has, and
// the other flags as they are.
func includes(tree string, flags []string) []string {
	var out []string
	for i := 0; i < len(flags); i++ {
		if flags[i] == "-I" && i+1 < len(flags) {
			i++
			if st, err := os.Stat(filepath.Join(tree, flags[i])); err == nil && st.IsDir() {
				out = append(out, "-I", flags[i])
			}
			continue
		}
		out = append(out, flags[i])
	}
	return out
}

// classify sets res's outcome from cudavet's output on the row's tree.
func classify(res *Result, out *Output, tree, stderr string) {
	r := res.Row
	res.Kernels, res.Statements = out.Stats.Kernels, out.Stats.Statements
	for _, d := range out.Diagnostics {
		if d.Kind == "finding" {
			res.Findings++
		}
	}
	if d := Hit(r, out, tree); d != nil {
		res.Outcome = Found
		res.Detail = fmt.Sprintf("%s:%d: %s (%s)", rel(tree, d.File), d.Line, d.Message, d.Checker)
		return
	}
	if d, call := HitCallSite(r, out, tree); d != nil {
		res.Outcome = CallSite
		res.Detail = fmt.Sprintf("%s:%d: %s (%s), inlined from %s:%d", rel(tree, d.File), d.Line, d.Message, d.Checker, rel(tree, call.File), call.Line)
		return
	}
	if parse := unread(r, out, tree); parse != "" {
		res.Outcome, res.Detail = Unread, parse
		return
	}
	if stopped(out, stderr) {
		res.Outcome = Timeout
		res.Detail = fmt.Sprintf("stopped at -timeout after %.0f s", res.Seconds)
		return
	}
	res.Outcome = Missed
	res.Detail = fmt.Sprintf("%d findings elsewhere, %d kernels, %d statements lowered%s", res.Findings, res.Kernels, res.Statements, incomplete(out))
}

// unread returns the parse diagnostic that kept r's files from being
// analysed, or "" when they were read: every file of the row is named by a
// parse diagnostic (its position or the files it blocks), or the run
// analysed no function at all and had parse errors.
func unread(r *Row, out *Output, tree string) string {
	first, named := "", 0
	for _, f := range r.Files {
		for _, d := range out.Diagnostics {
			if d.Checker == "parse" && d.Kind == "incomplete" && (rel(tree, d.File) == f || strings.Contains(d.Message, f)) {
				named++
				if first == "" {
					first = fmt.Sprintf("%s:%d: %s", rel(tree, d.File), d.Line, d.Message)
				}
				break
			}
		}
	}
	if named == len(r.Files) {
		return first
	}
	if out.Stats.ParseErr > 0 && out.Stats.Units == 0 {
		for _, d := range out.Diagnostics {
			if d.Checker == "parse" {
				return fmt.Sprintf("%s:%d: %s", rel(tree, d.File), d.Line, d.Message)
			}
		}
	}
	return ""
}

// stopped reports whether the run ended at its -timeout.
func stopped(out *Output, stderr string) bool {
	if strings.Contains(stderr, "-timeout") {
		return true
	}
	for _, d := range out.Diagnostics {
		if d.Kind == "incomplete" && strings.Contains(d.Message, "-timeout") {
			return true
		}
	}
	return false
}

// incomplete summarises the verdicts that are not decided, as ", N of M
// kernel contexts incomplete".
func incomplete(out *Output) string {
	n := 0
	for _, v := range out.Verdicts {
		if v.Verdict == "incomplete" {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %d of %d kernel contexts incomplete", n, len(out.Verdicts))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
