// Command gen writes a generated corpus of `make bench`: by default the
// single-kernel corpus, with -diverse the diverse one (2 to 4 templated
// kernels and their launchers per file, 100 to 200 lines):
//
//	go run ./internal/benchcorpus/gen -o DIR [-n 300] [-k 1] [-seed 1]
//	go run ./internal/benchcorpus/gen -diverse -o DIR [-n 32] [-seed 1]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cudavet/cudavet/internal/benchcorpus"
)

func main() {
	dir := flag.String("o", "", "output directory (required)")
	n := flag.Int("n", 0, "files (default 300, or 32 with -diverse)")
	k := flag.Int("k", 1, "kernels per file (single-kernel corpus only)")
	seed := flag.Int64("seed", 1, "random seed (the corpus is the same for a seed)")
	diverse := flag.Bool("diverse", false, "write the diverse corpus")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "gen: -o DIR is required")
		os.Exit(2)
	}
	var paths []string
	var err error
	if *diverse {
		if *n == 0 {
			*n = 32
		}
		paths, err = benchcorpus.WriteDiverse(*dir, *n, *seed)
	} else {
		if *n == 0 {
			*n = 300
		}
		paths, err = benchcorpus.Write(*dir, *n, *k, *seed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Printf("%d files in %s\n", len(paths), *dir)
}
