package z3

import (
	"context"
	"testing"
	"time"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func TestScratch(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	row, M := sym.Var("row", 32), sym.Var("M", 32)
	q := solver.Query{Constraints: []*sym.Term{sym.Sle(sym.Const(32, 0), row), sym.Slt(row, M)}, Goal: sym.Overflows(sym.OpMulOvf, row, sym.Const(32, 28672), true)}
	start := time.Now()
	r, m, err := s.Check(context.Background(), q)
	t.Log(r, m, err, time.Since(start))
	v, mm, r2, err := solver.Minimize(context.Background(), s, q, M, true)
	t.Log(v, mm, r2, err, time.Since(start))
	// interrupt stickiness
	p := sym.Var("p", 64)
	qq := sym.Var("qq", 64)
	n := nextPrime(1<<30+12345) * nextPrime(3<<29+6789)
	t.Log("N", n, nextPrime(1<<30+12345), nextPrime(3<<29+6789))
	hard := solver.Query{Constraints: []*sym.Term{sym.Ugt(p, sym.Const(64, 1)), sym.Ugt(qq, sym.Const(64, 1)), sym.BNot(sym.Overflows(sym.OpMulOvf, p, qq, false))},
		Goal: sym.Eq(sym.Mul(p, qq), sym.Const(64, n))}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	start = time.Now()
	r, m, err = s.Check(ctx, hard)
	t.Log("cancel:", r, m, err, s.ReasonUnknown(), time.Since(start))
	start = time.Now()
	r, m, err = s.Check(context.Background(), q)
	t.Log("after:", r, m, err, s.ReasonUnknown(), time.Since(start))
	ctx2, c2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer c2()
	start = time.Now()
	r, m, err = s.Check(ctx2, hard)
	t.Log("timeout:", r, m, err, s.ReasonUnknown(), time.Since(start))
	start = time.Now()
	for i := 0; i < 100; i++ {
		s.Check(context.Background(), q)
	}
	t.Log("100 checks", time.Since(start))
	// stray interrupt between checks
	s.c.Interrupt()
	r, m, err = s.Check(context.Background(), q)
	t.Log("after stray:", r, m, err, s.ReasonUnknown(), time.Since(start))
}

func nextPrime(n uint64) uint64 {
	for ; ; n++ {
		prime := n > 1
		for d := uint64(2); d*d <= n; d++ {
			if n%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			return n
		}
	}
}
