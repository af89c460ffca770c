package concrete

import (
	"testing"

	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/ir"
)

// loadKernels lowers testdata/kernels.cu and returns its kernels by name.
func loadKernels(t *testing.T) (*ir.Program, map[string]*ir.Func) {
	t.Helper()
	prog, err := frontend.Load(&frontend.Config{}, "testdata/kernels.cu")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range prog.Diagnostics {
		if d.Category == "parse" {
			t.Fatalf("%s: %s", prog.Fset.Position(d.Pos), d.Message)
		}
	}
	ks := map[string]*ir.Func{}
	for _, f := range prog.Kernels() {
		ks[f.Base] = f
	}
	return prog, ks
}

// Row 524288 of a 4096-column output: row * OC is 2^31, which wraps to
// INT_MIN, and the store lands 8 GiB before C.
func TestGemmRowWraps(t *testing.T) {
	prog, ks := loadKernels(t)
	f := ks["matmul_bias_kernel"]
	if f == nil {
		t.Fatal("matmul_bias_kernel not lowered")
	}
	const M, K, OC = 1 << 20, 4, 4096
	res := run(t, f, Input{
		Params:    map[string]int64{"M": M, "K": K, "OC": OC},
		Lengths:   map[string]int64{"C": M * OC, "A": M * K, "B": K * OC, "bias": OC},
		ThreadIdx: [3]uint32{0, 0, 0}, BlockIdx: [3]uint32{0, 32768, 0}, BlockDim: [3]uint32{16, 16, 1},
	})
	line := func(n ir.Node) int { return prog.Fset.Position(n.Pos()).Line }
	var wrapped bool
	for _, o := range res.Overflows {
		if b, ok := o.Node.(*ir.Binary); ok && b.Op == ir.Mul && line(b) == 20 && o.Value == "2147483648" {
			wrapped = true
		}
	}
	if !wrapped {
		t.Errorf("overflows = %+v, want row * OC = 2147483648 on line 20", res.Overflows)
	}
	counts := map[string]int{}
	for _, a := range res.Accesses {
		counts[a.Region]++
		if a.Region == "C" && (a.Off != -(1<<31)*4 || !a.Outside() || !a.Write) {
			t.Errorf("C access = %+v, want a write at byte %d", a, -(1<<31)*4)
		}
		if a.Region != "C" && a.Outside() {
			t.Errorf("%s access %+v is outside", a.Region, a)
		}
	}
	if counts["A"] != K || counts["B"] != K || counts["C"] != 1 || counts["bias"] != 1 {
		t.Errorf("accesses per region = %v, want A, B %d times, C and bias once", counts, K)
	}
	// A thread past the last row returns before touching memory.
	res = run(t, f, Input{Params: map[string]int64{"M": 10, "K": K, "OC": OC}, BlockIdx: [3]uint32{0, 1, 0}, BlockDim: [3]uint32{16, 16, 1}})
	if len(res.Accesses) != 0 || len(res.Overflows) != 0 {
		t.Errorf("row 16 of 10: %+v, want nothing", res)
	}
}

// Thread 5 of 256, block 3, hidden 1000: the block-stride loops visit
// i = 5, 261, 517, 773 of row 3.
func TestRmsNormLoops(t *testing.T) {
	_, ks := loadKernels(t)
	f := ks["rms_norm_kernel"]
	const hidden = 1000
	in := Input{
		Params:    map[string]int64{"hidden": hidden},
		Lengths:   map[string]int64{"out": 8 * hidden, "in": 8 * hidden, "w": hidden},
		ThreadIdx: [3]uint32{5, 0, 0}, BlockIdx: [3]uint32{3, 0, 0}, BlockDim: [3]uint32{256, 1, 1}, GridDim: [3]uint32{8, 1, 1},
	}
	res := run(t, f, in)
	var want []int64
	for i := int64(5); i < hidden; i += 256 {
		want = append(want, (3*hidden+i)*4)
	}
	var wantIn []int64
	wantIn = append(append(wantIn, want...), want...)
	if got := offsets(res, "in"); !equalInts(got, wantIn) {
		t.Errorf("in offsets = %v, want %v", got, wantIn)
	}
	if got := offsets(res, "out"); !equalInts(got, want) {
		t.Errorf("out offsets = %v, want %v", got, want)
	}
	if got := offsets(res, "red"); len(got) != 0 {
		t.Errorf("thread 5 touched red at %v", got)
	}
	if len(res.Overflows) != 0 {
		t.Errorf("overflows = %+v, want none", res.Overflows)
	}
	// Thread 0 writes red[0], reads red[0..7] and writes inv.
	in.ThreadIdx = [3]uint32{0, 0, 0}
	res = run(t, f, in)
	if got := offsets(res, "red"); !equalInts(got, []int64{0, 0, 4, 8, 12, 16, 20, 24, 28}) {
		t.Errorf("red offsets = %v", got)
	}
	if got := offsets(res, "inv"); len(got) != 1+4 {
		t.Errorf("inv accesses = %v, want one store and four loads", got)
	}
}
