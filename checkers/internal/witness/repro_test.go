package witness

import (
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend/ir"
)

// TestLaunchOfRegionLengths: a pointer's buffer is as long as the
// witness says; one whose length is negative (the launcher placed the
// pointer past the end of the buffer it checked, as
// bounds/testdata/bug_prec_workspace_carve.cu does) gets no bytes, not
// the default allocation of a buffer the witness leaves unbounded.
func TestLaunchOfRegionLengths(t *testing.T) {
	i64 := &ir.IntType{Bits: 64, Signed: true}
	in := &ir.Var{Name: "in", Type: &ir.PointerType{Elem: i64}}
	past := &ir.Var{Name: "offsets", Type: &ir.PointerType{Elem: i64}}
	free := &ir.Var{Name: "scratch", Type: &ir.PointerType{Elem: i64}}
	n := sym.Var("n", 64)
	tr := &symex.Trace{
		Func: &ir.Func{Name: "k", Kind: ir.Kernel, Params: []*ir.Var{in, past, free}},
		Regions: []*symex.Region{
			{Name: "in", Var: in, ElemSize: 8, Bytes: sym.Mul(n, sym.Const(64, 8))},
			// 8·n − 64·n bytes: below zero for every n ≥ 1.
			{Name: "offsets", Var: past, ElemSize: 8, Bytes: sym.Sub(sym.Mul(n, sym.Const(64, 8)), sym.Mul(n, sym.Const(64, 64)))},
			{Name: "scratch", Var: free, ElemSize: 8},
		},
	}
	w := &symex.Witness{Model: solver.Model{"n": 1}}
	l := LaunchOf(tr, w)
	if l == nil {
		t.Fatal("LaunchOf: no launch for a kernel")
	}
	want := []struct {
		len, bytes, alloc int64
	}{{1, 8, 8}, {0, 0, 1}, {-1, -1, 64 << 20}}
	for i, a := range l.Args {
		if a.Len != want[i].len || a.Bytes != want[i].bytes || a.Alloc() != want[i].alloc {
			t.Errorf("%s: len %d bytes %d alloc %d, want %d %d %d", a.Name, a.Len, a.Bytes, a.Alloc(),
				want[i].len, want[i].bytes, want[i].alloc)
		}
	}
}
