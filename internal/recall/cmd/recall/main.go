// Command recall runs cudavet on the recall corpus (testdata/real/recall):
// each row's files at the parent of its fix commit, exported from local
// git directories of the repositories, and prints found / missed per row
// and per class. `make recall` runs it.
//
//	recall [flags] [-- cudavet flags]
//
// The git directories come from -vllm, -flashinfer, -cutlass and -spdlog
// (or RECALL_VLLM, RECALL_FLASHINFER, RECALL_CUTLASS, RECALL_SPDLOG):
// clones of github.com/vllm-project/vllm, flashinfer-ai/flashinfer,
// NVIDIA/cutlass and gabime/spdlog with their history. Trees are exported under -work and
// kept for the next run; nothing is written in the repository.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/cudavet/cudavet/internal/recall"
)

func main() {
	os.Exit(run())
}

func run() int {
	cache, _ := os.UserCacheDir()
	var (
		labels   = flag.String("labels", "testdata/real/recall", "directory of the labels files (*.yaml)")
		cudavet  = flag.String("cudavet", "bin/cudavet", "the cudavet binary")
		vllm     = flag.String("vllm", os.Getenv("RECALL_VLLM"), "git directory of vLLM (its whole history)")
		fi       = flag.String("flashinfer", os.Getenv("RECALL_FLASHINFER"), "git directory of FlashInfer")
		cutlass  = flag.String("cutlass", os.Getenv("RECALL_CUTLASS"), "git directory of CUTLASS (tags); empty: CUTLASS is not on the include path")
		spdlog   = flag.String("spdlog", os.Getenv("RECALL_SPDLOG"), "git directory of spdlog (FlashInfer's logging header includes it); empty: spdlog is not on the include path")
		work     = flag.String("work", filepath.Join(cache, "cudavet-recall"), "directory for exported trees and cudavet's cache")
		timeout  = flag.Duration("timeout", 120*time.Second, "cudavet's -timeout per row")
		jobs     = flag.Int("j", 2, "cudavet's -j")
		only     = flag.String("rows", "", "run only rows whose id matches this regexp")
		class    = flag.String("class", "", "run only rows of this class")
		tsv      = flag.String("o", "", "also write the results as TSV to this file")
		validate = flag.Bool("validate", false, "only load and validate the labels, and check each row's commits and files in its git directory")
	)
	flag.Parse()
	rows, err := recall.Load(*labels)
	if err != nil {
		fmt.Fprintln(os.Stderr, "recall:", err)
		return 2
	}
	var re *regexp.Regexp
	if *only != "" {
		if re, err = regexp.Compile(*only); err != nil {
			fmt.Fprintln(os.Stderr, "recall: -rows:", err)
			return 2
		}
	}
	cfg := &recall.Config{
		Cudavet: *cudavet,
		Repos:   map[string]string{"vllm": *vllm, "flashinfer": *fi},
		Cutlass: *cutlass,
		Spdlog:  *spdlog,
		Work:    *work,
		Timeout: *timeout,
		Jobs:    *jobs,
		Args:    flag.Args(),
	}
	if abs, err := filepath.Abs(cfg.Cudavet); err == nil {
		cfg.Cudavet = abs
	}
	var picked []*recall.Row
	for i := range rows {
		r := &rows[i]
		if (re == nil || re.MatchString(r.ID)) && (*class == "" || r.Class == *class) {
			picked = append(picked, r)
		}
	}
	if *validate {
		return check(cfg, picked)
	}
	for _, name := range []string{"vllm", "flashinfer"} {
		if dir := cfg.Repos[name]; !isDir(dir) {
			fmt.Fprintf(os.Stderr, "recall: no git directory for %s (%q): pass -%s or set RECALL_%s to a clone with its history\n", name, dir, name, strings.ToUpper(name))
			return 2
		}
	}
	if cfg.Cutlass != "" && !isDir(cfg.Cutlass) {
		fmt.Fprintf(os.Stderr, "recall: no CUTLASS git directory at %q: CUTLASS stays off the include path\n", cfg.Cutlass)
		cfg.Cutlass = ""
	}
	if cfg.Spdlog != "" && !isDir(cfg.Spdlog) {
		fmt.Fprintf(os.Stderr, "recall: no spdlog git directory at %q: spdlog stays off the include path\n", cfg.Spdlog)
		cfg.Spdlog = ""
	}
	if _, err := os.Stat(cfg.Cudavet); err != nil {
		fmt.Fprintln(os.Stderr, "recall:", err, "(make build first)")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var results []*recall.Result
	for i, r := range picked {
		res := recall.Run(ctx, cfg, r)
		fmt.Fprintf(os.Stderr, "[%d/%d] %s %s %.0fs %s\n", i+1, len(picked), r.ID, res.Outcome, res.Seconds, res.Detail)
		results = append(results, res)
		if ctx.Err() != nil {
			break
		}
	}
	fmt.Println()
	recall.WriteRows(os.Stdout, results)
	fmt.Println()
	recall.WriteSummary(os.Stdout, results)
	if *tsv != "" {
		f, err := os.Create(*tsv)
		if err != nil {
			fmt.Fprintln(os.Stderr, "recall:", err)
			return 2
		}
		defer f.Close()
		if err := recall.WriteTSV(f, results); err != nil {
			fmt.Fprintln(os.Stderr, "recall:", err)
			return 2
		}
	}
	return 0
}

// check verifies each row's commits, files and lines in its git directory.
func check(cfg *recall.Config, rows []*recall.Row) int {
	bad := 0
	for _, r := range rows {
		if err := recall.CheckRow(cfg.Repos[r.Repo], r); err != nil {
			fmt.Fprintln(os.Stderr, "recall:", err)
			bad++
		}
	}
	fmt.Printf("%d rows, %d with problems\n", len(rows), bad)
	if bad > 0 {
		return 1
	}
	return 0
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}
