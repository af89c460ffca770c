// Command gen writes the generated corpus of `make bench`:
//
//	go run ./internal/benchcorpus/gen -o DIR [-n 300] [-k 1] [-seed 1]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cudavet/cudavet/internal/benchcorpus"
)

func main() {
	dir := flag.String("o", "", "output directory (required)")
	n := flag.Int("n", 300, "files")
	k := flag.Int("k", 1, "kernels per file")
	seed := flag.Int64("seed", 1, "random seed (the corpus is the same for a seed)")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "gen: -o DIR is required")
		os.Exit(2)
	}
	paths, err := benchcorpus.Write(*dir, *n, *k, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Printf("%d files in %s\n", len(paths), *dir)
}
