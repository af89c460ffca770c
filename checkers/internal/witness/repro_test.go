package witness

import (
	"slices"
	"testing"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/checkers/repro"
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

// TestGenerous checks the launcher inputs a reproducer enlarges: a tensor
// the launcher never inspects gets the largest tensor's elements (at
// least the default allocation), one whose undimensioned rest is free
// gets it so that it is as large as the largest; an inspected tensor
// whose shape the witness fixes keeps it.
func TestGenerous(t *testing.T) {
	l := &repro.Launcher{Params: []repro.HostArg{
		{Name: "out", Kind: "tensor", Shape: []int64{1}, DType: 6},
		{Name: "input", Kind: "tensor", Shape: []int64{4096, 7168}, DType: 15},
		{Name: "scales", Kind: "tensor", Shape: []int64{4096}, DType: 5},
		{Name: "weight", Kind: "tensor", Shape: []int64{7168}, DType: 15},
		{Name: "n", Kind: "int", Value: 3},
	}}
	hl := &symex.Launcher{Params: []symex.HostParam{{}, {Inspected: true}, {Inspected: true}, {Inspected: true}, {}}}
	// scales: [size(0)] with its rest dropped (free); weight: fixed.
	generous(l, hl, []int{-1, -1, -2, -1, -1}, []bool{false, false, true, false, false})
	want := [][]int64{{4096 * 7168}, {4096, 7168}, {4096, 7168}, {7168}, nil}
	for i, a := range l.Params {
		if !slices.Equal(a.Shape, want[i]) {
			t.Errorf("%s: shape %v, want %v", a.Name, a.Shape, want[i])
		}
	}
	// An uninspected tensor the witness made twice the input (the
	// completion's free regions range up to twice the largest fixed one)
	// gets the input's elements: a caller's output, not the solver's pick.
	l = &repro.Launcher{Params: []repro.HostArg{
		{Name: "out", Kind: "tensor", Shape: []int64{2 * 599187 * 7168}, DType: 24},
		{Name: "input", Kind: "tensor", Shape: []int64{599187, 7168}, DType: 15},
		{Name: "scale", Kind: "tensor", Shape: []int64{2 * 599187 * 7168}, DType: 6},
	}}
	hl = &symex.Launcher{Params: []symex.HostParam{{}, {Inspected: true}, {}}}
	generous(l, hl, []int{-1, -1, -1}, []bool{false, false, false})
	want = [][]int64{{599187 * 7168}, {599187, 7168}, {599187 * 7168}}
	for i, a := range l.Params {
		if !slices.Equal(a.Shape, want[i]) {
			t.Errorf("%s: shape %v, want %v", a.Name, a.Shape, want[i])
		}
	}
}

// TestCallerSized: a kernel buffer that receives a tensor the launcher
// never inspects gets the tensor's size in the launcher's call when that
// is larger than the witness's pick (vLLM's rms_norm weight: 1 element
// picked, hidden_size read), never smaller; an inspected tensor keeps the
// witness's length.
func TestCallerSized(t *testing.T) {
	bf16 := &ir.FloatType{Bits: 16, Name: "c10::BFloat16"}
	f32 := &ir.FloatType{Bits: 32, Name: "float"}
	kernel := &ir.Func{Name: "k", Kind: ir.Kernel, Params: []*ir.Var{
		{Name: "input", Type: &ir.PointerType{Elem: bf16}},
		{Name: "weight", Type: &ir.PointerType{Elem: bf16}},
		{Name: "scale", Type: &ir.PointerType{Elem: f32}},
		{Name: "hidden_size", Type: &ir.IntType{Bits: 32, Signed: true}},
	}}
	args := []repro.Arg{
		{Name: "input", Kind: "pointer", Len: 3, Bytes: 6},
		{Name: "weight", Kind: "pointer", Len: 1, Bytes: 2},
		{Name: "scale", Kind: "pointer", Len: 1 << 20, Bytes: 4 << 20},
		{Name: "hidden_size", Kind: "int", Value: 8192},
	}
	hl := &symex.Launcher{Params: []symex.HostParam{{Inspected: true, Data: []int{0}}, {Data: []int{1}}, {Data: []int{2}}}}
	call := &repro.Launcher{Params: []repro.HostArg{
		{Name: "input", Kind: "tensor", Shape: []int64{16, 8192}, DType: 15},
		{Name: "weight", Kind: "tensor", Shape: []int64{16 * 8192}, DType: 15},
		{Name: "scale", Kind: "tensor", Shape: []int64{16 * 8192}, DType: 6},
	}}
	callerSized(args, kernel, hl, call)
	for i, want := range [][2]int64{{3, 6}, {16 * 8192, 2 * 16 * 8192}, {1 << 20, 4 << 20}} {
		if a := args[i]; a.Len != want[0] || a.Bytes != want[1] {
			t.Errorf("%s: %d elements, %d bytes; want %d, %d", a.Name, a.Len, a.Bytes, want[0], want[1])
		}
	}
}

func TestScalarType(t *testing.T) {
	for _, c := range []struct {
		t    ir.Type
		want int
	}{
		{&ir.FloatType{Bits: 16, Name: "c10::Half"}, 5},
		{&ir.FloatType{Bits: 16, Name: "__nv_bfloat16"}, 15},
		{&ir.FloatType{Bits: 32, Name: "float"}, 6},
		{&ir.IntType{Bits: 32, Signed: true}, 3},
		{&ir.IntType{Bits: 8}, 0},
		{&ir.VectorType{Elem: &ir.FloatType{Bits: 32, Name: "float"}, N: 4}, 6},
	} {
		if got, ok := scalarType(c.t); !ok || got != c.want {
			t.Errorf("scalarType(%v) = %d, %v; want %d", c.t, got, ok, c.want)
		}
	}
}
