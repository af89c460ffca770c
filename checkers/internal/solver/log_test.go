package solver

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// TestLogOnePerRun gives each of 4 goroutines its own Log, as each worker
// has its own chain, all on one writer: the dump numbers the queries 1..n
// once over the run, and no query's text is cut by another's.
func TestLogOnePerRun(t *testing.T) {
	var b strings.Builder
	const workers, each = 4, 25
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := NewLog(&fake{}, &b)
			for i := 0; i < each; i++ {
				a := v8("a" + strconv.Itoa(w))
				l.Check(context.Background(), query(sym.Ult(a, c8(uint64(i+1)))))
			}
		}()
	}
	wg.Wait()
	blocks := strings.Split(strings.TrimSuffix(b.String(), "\n\n"), "\n\n")
	if len(blocks) != workers*each {
		t.Fatalf("%d query blocks, want %d:\n%s", len(blocks), workers*each, b.String())
	}
	whole := regexp.MustCompile(`^; query (\d+)\n\(set-logic QF_BV\)\n(?:[^;].*\n)*\(check-sat\)\n; \w+ \(.*\)(?:\n; model: .*)?$`)
	for i, blk := range blocks {
		m := whole.FindStringSubmatch(blk)
		if m == nil {
			t.Fatalf("block %d is not one whole query:\n%s", i, blk)
		}
		if m[1] != strconv.Itoa(i+1) {
			t.Fatalf("block %d is numbered %s, want %d", i, m[1], i+1)
		}
	}
}
