package solver

import (
	"context"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver/internal/symgen"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// TestProbeModelsSatisfy runs random queries through Probe in front of
// Brute: every Sat the search gives must be Brute's answer too, with a
// model that satisfies the query, and Unsat queries must reach Brute.
func TestProbeModelsSatisfy(t *testing.T) {
	g := newGen(5)
	f := &fake{}
	p := NewProbe(f)
	var ref Brute
	ctx := context.Background()
	x, y := symgen.Var(3, 0), symgen.Var(4, 1)
	pool := []*sym.Term{g.Bool(2), g.Bool(2), g.Bool(3), g.Bool(1), g.Bool(3),
		sym.Ult(x, sym.Const(3, 6)), sym.Ugt(x, sym.Const(3, 1)), sym.Ult(y, sym.ZExt(x, 4)), sym.Slt(y, sym.Const(4, 0))}
	for i := 0; i < 400; i++ {
		q := poolQuery(g, pool)
		want, _, _ := ref.Check(ctx, q)
		got, m, err := p.Check(ctx, q)
		if err != nil || got != want {
			t.Fatalf("%v: probe chain says %v (%v), brute %v", q, got, err, want)
		}
		if got == Sat && !Satisfies(m, q) {
			t.Fatalf("%v: model %v does not satisfy it", q, m)
		}
	}
	t.Logf("400 queries: probe answered %d, brute %d", p.Hits(), f.count())
	if p.Hits() == 0 {
		t.Errorf("the probe answered none of 400 random queries")
	}
}

// TestProbePagedTable is the query of a paged attention kernel's block
// table row, seq · max_blocks in 32-bit int, with the launch's sizes (the
// sequences a grid dimension, the table's numel bounding its two sizes'
// product): Z3 ends it at its work limit, the largest sizes with a
// sequence index one below the count satisfy it.
func TestProbePagedTable(t *testing.T) {
	rows, cols := sym.Var("@block_tables.size(0)", 64), sym.Var("@block_tables.size(1)", 64)
	numel, seqs := sym.Var("@numel(block_tables)", 64), sym.Var("@query.size(0)", 64)
	y := sym.Var("blockIdx.y", 32)
	c64 := func(v uint64) *sym.Term { return sym.Const(64, v) }
	cs := []*sym.Term{
		sym.Sle(c64(1), seqs), sym.Sle(seqs, c64(4096)),
		sym.Sle(c64(1), rows), sym.Sle(rows, c64(1<<20)),
		sym.Sle(c64(1), cols), sym.Sle(cols, c64(1<<20)),
		sym.Sle(sym.Mul(rows, cols), numel), sym.Sle(numel, c64(35250000000)),
	}
	p := sym.Mul(sym.SExt(y, 64), sym.SExt(sym.Trunc(cols, 32), 64))
	goal := sym.BAnd(sym.Ult(y, sym.Trunc(seqs, 32)), sym.Ne(p, sym.SExt(sym.Trunc(p, 32), 64)))
	q := Query{Constraints: cs, Goal: goal}
	never := &fake{answer: func(context.Context, Query) (Result, Model, error) { return Unknown, nil, nil }}
	r, m, err := NewProbe(never).Check(context.Background(), q)
	if err != nil || r != Sat || !Satisfies(m, q) {
		t.Fatalf("probe: %v %v (%v), want a model", r, m, err)
	}
	if never.count() != 0 {
		t.Errorf("the next solver was asked %d times", never.count())
	}
}
