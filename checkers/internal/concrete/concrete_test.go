package concrete

import (
	"errors"
	"go/token"
	"testing"

	"github.com/cudavet/cudavet/frontend/ir"
)

// Hand-built IR. Positions are small distinct numbers (no file set).

var (
	intPtr = &ir.PointerType{Elem: ir.Int, Space: ir.Global}
	i64    = ir.Int64
	u32    = ir.Uint
)

type builder struct{ pos token.Pos }

func (b *builder) p() token.Pos {
	b.pos++
	return b.pos
}

func (b *builder) c(t ir.Type, v int64) *ir.Const { return ir.IntConst(b.p(), t, v) }

func (b *builder) ref(v *ir.Var) *ir.VarRef { return &ir.VarRef{P: b.p(), Var: v} }

func (b *builder) bin(op ir.BinOp, x, y ir.Expr) *ir.Binary {
	t := x.Type()
	if op.IsComparison() || op == ir.LAnd || op == ir.LOr {
		t = ir.Bool
	}
	return &ir.Binary{P: b.p(), Op: op, X: x, Y: y, T: t}
}

func (b *builder) conv(x ir.Expr, t ir.Type) *ir.Convert { return &ir.Convert{P: b.p(), X: x, T: t} }

func (b *builder) load(p, i ir.Expr) *ir.Load {
	return &ir.Load{P: b.p(), Ptr: p, Index: i, T: ir.Elem(p.Type())}
}

func (b *builder) store(p, i, v ir.Expr) *ir.Store {
	return &ir.Store{P: b.p(), Ptr: p, Index: i, Val: v}
}

func (b *builder) decl(v *ir.Var, init ir.Expr) *ir.DeclStmt {
	return &ir.DeclStmt{P: b.p(), Var: v, Init: init}
}

func (b *builder) assign(v *ir.Var, x ir.Expr) *ir.Assign { return &ir.Assign{P: b.p(), Var: v, X: x} }

func (b *builder) block(ss ...ir.Stmt) *ir.Block { return &ir.Block{P: b.p(), Stmts: ss} }

func param(name string, t ir.Type, i int) *ir.Var {
	return &ir.Var{Name: name, Type: t, Kind: ir.ParamVar, Index: i}
}
func local(name string, t ir.Type) *ir.Var { return &ir.Var{Name: name, Type: t, Kind: ir.LocalVar} }

func kernel(body *ir.Block, params ...*ir.Var) *ir.Func {
	return &ir.Func{Name: "k", Kind: ir.Kernel, Params: params, Result: ir.Void, Body: body}
}

func run(t *testing.T, f *ir.Func, in Input) *Result {
	t.Helper()
	res, err := Run(f, in)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// offsets returns the byte offsets of the accesses to region.
func offsets(res *Result, region string) []int64 {
	var out []int64
	for _, a := range res.Accesses {
		if a.Region == region {
			out = append(out, a.Off)
		}
	}
	return out
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// out[a * b] = 0 with a * b wrapping at 32 bits: one overflow, one
// access before the start of out.
func TestWrappedProductIndex(t *testing.T) {
	var b builder
	out, pa, pb := param("out", intPtr, 0), param("a", ir.Int, 1), param("b", ir.Int, 2)
	x := local("x", ir.Int)
	mul := b.bin(ir.Mul, b.ref(pa), b.ref(pb))
	st := b.store(b.ref(out), b.ref(x), b.c(ir.Int, 0))
	f := kernel(b.block(b.decl(x, mul), st), out, pa, pb)
	res := run(t, f, Input{Params: map[string]int64{"a": 46341, "b": 46341}, Lengths: map[string]int64{"out": 100}})
	if len(res.Overflows) != 1 || res.Overflows[0].Node != mul || res.Overflows[0].Value != "2147488281" || res.Overflows[0].Type != "int" {
		t.Errorf("overflows = %+v, want the product 2147488281 (int)", res.Overflows)
	}
	if len(res.Accesses) != 1 {
		t.Fatalf("accesses = %+v, want 1", res.Accesses)
	}
	a := res.Accesses[0]
	if a.Node != st || a.Off != -2147479015*4 || a.Size != 4 || a.Bytes != 400 || !a.Write || !a.Outside() {
		t.Errorf("access = %+v, want a write at byte -2147479015*4 of 400", a)
	}
}

// for (i = 0; i < n; i++) { if (i == 2) continue; out[i] = i; } runs n
// iterations for real; with n = 5 and 4 elements the last is outside.
func TestLoopRunsForReal(t *testing.T) {
	var b builder
	out, n := param("out", intPtr, 0), param("n", ir.Int, 1)
	i := local("i", ir.Int)
	body := b.block(
		&ir.If{P: b.p(), Cond: b.bin(ir.Eq, b.ref(i), b.c(ir.Int, 2)), Then: b.block(&ir.Continue{P: b.p()})},
		b.store(b.ref(out), b.ref(i), b.ref(i)))
	loop := &ir.Loop{P: b.p(), Kind: ir.ForLoop, Init: b.block(b.decl(i, b.c(ir.Int, 0))),
		Cond: b.bin(ir.Lt, b.ref(i), b.ref(n)), Post: b.block(b.assign(i, b.bin(ir.Add, b.ref(i), b.c(ir.Int, 1)))), Body: body}
	f := kernel(b.block(loop), out, n)
	res := run(t, f, Input{Params: map[string]int64{"n": 5}, Lengths: map[string]int64{"out": 4}})
	if got := offsets(res, "out"); !equalInts(got, []int64{0, 4, 12, 16}) {
		t.Errorf("offsets = %v, want [0 4 12 16]", got)
	}
	if last := res.Accesses[len(res.Accesses)-1]; !last.Outside() {
		t.Errorf("last access %+v is inside", last)
	}
	// A do-while runs its body once before the test; break leaves it.
	var c builder
	j := local("j", ir.Int)
	dw := &ir.Loop{P: c.p(), Kind: ir.DoWhileLoop, Cond: c.c(ir.Bool, 1), Body: c.block(
		c.store(c.ref(out), c.ref(j), c.c(ir.Int, 0)),
		c.assign(j, c.bin(ir.Add, c.ref(j), c.c(ir.Int, 1))),
		&ir.If{P: c.p(), Cond: c.bin(ir.Ge, c.ref(j), c.c(ir.Int, 3)), Then: c.block(&ir.Break{P: c.p()})})}
	res = run(t, kernel(c.block(c.decl(j, c.c(ir.Int, 0)), dw), out), Input{})
	if got := offsets(res, "out"); !equalInts(got, []int64{0, 4, 8}) {
		t.Errorf("do-while offsets = %v, want [0 4 8]", got)
	}
}

// i < n && in[i] > 0 does not read in[i] when i >= n; c ? in[i] : 0 reads
// only the branch taken.
func TestShortCircuit(t *testing.T) {
	var b builder
	in, out, n, i := param("in", intPtr, 0), param("out", intPtr, 1), param("n", ir.Int, 2), param("i", ir.Int, 3)
	guard := b.bin(ir.LAnd, b.bin(ir.Lt, b.ref(i), b.ref(n)), b.bin(ir.Gt, b.load(b.ref(in), b.ref(i)), b.c(ir.Int, 0)))
	sel := &ir.Cond{P: b.p(), C: b.bin(ir.Lt, b.ref(i), b.ref(n)), X: b.load(b.ref(in), b.ref(i)), Y: b.c(ir.Int, 0), T: ir.Int}
	f := kernel(b.block(
		&ir.If{P: b.p(), Cond: guard, Then: b.block(b.store(b.ref(out), b.c(ir.Int, 0), b.c(ir.Int, 1)))},
		b.store(b.ref(out), b.c(ir.Int, 1), sel)), in, out, n, i)
	res := run(t, f, Input{Params: map[string]int64{"n": 4, "i": 9}})
	if got := offsets(res, "in"); len(got) != 0 {
		t.Errorf("in read at %v, want no read", got)
	}
	// With i < n both read in[i]; Load's value decides the branch.
	at := guard.Y.(*ir.Binary).X.Pos()
	res = run(t, f, Input{Params: map[string]int64{"n": 4, "i": 2},
		Load: func(pos token.Pos) (int64, bool) { return 7, pos == at }})
	if got := offsets(res, "in"); !equalInts(got, []int64{8, 8}) {
		t.Errorf("in offsets = %v, want [8 8]", got)
	}
	if got := offsets(res, "out"); !equalInts(got, []int64{0, 4}) {
		t.Errorf("out offsets = %v, want [0 4]", got)
	}
}

// switch (k) { case 0: out[0]; case 1: out[1]; break; default: out[2]; }
func TestSwitchFallthrough(t *testing.T) {
	var b builder
	out, k := param("out", intPtr, 0), param("k", ir.Int, 1)
	st := func(i int64) ir.Stmt { return b.store(b.ref(out), b.c(ir.Int, i), b.c(ir.Int, 0)) }
	sw := &ir.Switch{P: b.p(), Tag: b.ref(k), Cases: []*ir.Case{
		{P: b.p(), Values: []ir.Expr{b.c(ir.Int, 0)}, Body: []ir.Stmt{st(0)}},
		{P: b.p(), Values: []ir.Expr{b.c(ir.Int, 1)}, Body: []ir.Stmt{st(1), &ir.Break{P: b.p()}}},
		{P: b.p(), Default: true, Body: []ir.Stmt{st(2)}},
	}}
	f := kernel(b.block(sw, st(3)), out, k)
	for _, tc := range []struct {
		k    int64
		want []int64
	}{{0, []int64{0, 4, 12}}, {1, []int64{4, 12}}, {5, []int64{8, 12}}} {
		res := run(t, f, Input{Params: map[string]int64{"k": tc.k}})
		if got := offsets(res, "out"); !equalInts(got, tc.want) {
			t.Errorf("k=%d: offsets %v, want %v", tc.k, got, tc.want)
		}
	}
}

// A device function's assignment to a reference parameter reaches the
// caller's variable; its local array is a region of its own.
func TestDeviceCall(t *testing.T) {
	var b builder
	x, d := &ir.Var{Name: "x", Type: ir.Int, Kind: ir.ParamVar, Ref: true}, param("d", ir.Int, 1)
	buf := local("buf", &ir.ArrayType{Elem: ir.Int, Len: 2})
	inc := &ir.Func{Name: "inc", Kind: ir.Device, Params: []*ir.Var{x, d}, Result: ir.Int, Body: b.block(
		b.decl(buf, nil),
		b.store(b.ref(buf), b.ref(d), b.c(ir.Int, 0)),
		b.assign(x, b.bin(ir.Add, b.ref(x), b.ref(d))),
		&ir.Return{P: b.p(), X: b.bin(ir.Mul, b.ref(d), b.c(ir.Int, 10))})}
	out := param("out", intPtr, 0)
	i, r := local("i", ir.Int), local("r", ir.Int)
	call := &ir.Call{P: b.p(), Fn: inc, Name: "inc", T: ir.Int}
	call.Args = []ir.Expr{b.ref(i), b.c(ir.Int, 2)}
	f := kernel(b.block(b.decl(i, b.c(ir.Int, 1)), b.decl(r, call),
		b.store(b.ref(out), b.ref(i), b.c(ir.Int, 0)),
		b.store(b.ref(out), b.ref(r), b.c(ir.Int, 0))), out)
	res := run(t, f, Input{})
	if got := offsets(res, "out"); !equalInts(got, []int64{12, 80}) {
		t.Errorf("out offsets = %v, want [12 80] (i = 3, r = 20)", got)
	}
	if len(res.Accesses) != 3 || res.Accesses[0].Region != "buf" || res.Accesses[0].Bytes != 8 || !res.Accesses[0].Outside() {
		t.Errorf("accesses = %+v, want buf[2] outside its 8 bytes first", res.Accesses)
	}
}

// Shared arrays have their declared size, extern shared arrays
// Input.Smem bytes; tile[ty][tx] is (tile +p ty)[tx], the PtrAdd counting
// whole rows and yielding a float*, as the lowering writes it.
func TestSharedRegions(t *testing.T) {
	var b builder
	row := &ir.ArrayType{Elem: ir.Float, Len: 33}
	tile := &ir.Var{Name: "tile", Type: &ir.ArrayType{Elem: row, Len: 32}, Kind: ir.SharedVar}
	smem := &ir.Var{Name: "smem", Type: &ir.ArrayType{Elem: ir.Char, Len: -1}, Kind: ir.SharedVar}
	ty := &ir.Builtin{P: b.p(), Kind: ir.ThreadIdx, Dim: 1}
	tx := &ir.Builtin{P: b.p(), Kind: ir.ThreadIdx, Dim: 0}
	floatPtr := &ir.PointerType{Elem: ir.Float, Space: ir.Shared}
	rowPtr := &ir.PtrAdd{P: b.p(), Ptr: b.ref(tile), Off: ty, T: floatPtr}
	fl := b.conv(&ir.PtrAdd{P: b.p(), Ptr: b.ref(smem), Off: b.c(i64, 0), T: &ir.PointerType{Elem: ir.Char}}, floatPtr)
	zero := &ir.FloatConst{P: b.p(), T: ir.Float}
	f := kernel(b.block(b.decl(tile, nil), b.decl(smem, nil), b.store(rowPtr, tx, zero), b.store(fl, tx, zero)))
	res := run(t, f, Input{ThreadIdx: [3]uint32{3, 2, 0}, Smem: 8})
	if len(res.Accesses) != 2 {
		t.Fatalf("accesses = %+v", res.Accesses)
	}
	if a := res.Accesses[0]; a.Region != "tile" || a.Off != (2*33+3)*4 || a.Size != 4 || a.Bytes != 32*33*4 || a.Outside() {
		t.Errorf("tile access = %+v, want byte %d of %d", a, (2*33+3)*4, 32*33*4)
	}
	if a := res.Accesses[1]; a.Region != "smem" || a.Off != 12 || a.Size != 4 || a.Bytes != 8 || !a.Outside() {
		t.Errorf("smem access = %+v, want bytes 12..16 of 8", a)
	}
}

func TestErrors(t *testing.T) {
	var b builder
	out, n := param("out", intPtr, 0), param("n", ir.Int, 1)
	first := b.store(b.ref(out), b.c(ir.Int, 0), b.c(ir.Int, 0))
	div := b.bin(ir.Div, b.c(ir.Int, 1), b.ref(n))
	unknown := &ir.Unknown{P: b.p(), Reason: "inline asm", T: ir.Int}
	goTo := &ir.UnknownStmt{P: b.p(), Reason: "goto"}
	assume := &ir.Assume{P: b.p(), Cond: b.bin(ir.Gt, b.ref(n), b.c(ir.Int, 0))}
	spin := &ir.Loop{P: b.p(), Kind: ir.WhileLoop, Body: b.block()}
	cases := []struct {
		name string
		stmt ir.Stmt
		at   token.Pos
		want error
	}{
		{"div", b.store(b.ref(out), div, b.c(ir.Int, 0)), div.P, ErrDivZero},
		{"unknown", &ir.ExprStmt{P: b.p(), X: unknown}, unknown.P, ErrUnknownIR},
		{"unknown stmt", goTo, goTo.P, ErrUnknownIR},
		{"assume", assume, assume.P, ErrAssume},
		{"steps", spin, spin.P, ErrSteps},
	}
	for _, tc := range cases {
		f := kernel(b.block(first, tc.stmt, b.store(b.ref(out), b.c(ir.Int, 1), b.c(ir.Int, 0))), out, n)
		res, err := Run(f, Input{MaxSteps: 1000})
		var e *Error
		if !errors.Is(err, tc.want) || !errors.As(err, &e) || e.Pos != tc.at {
			t.Errorf("%s: err = %v, want %v at %d", tc.name, err, tc.want, tc.at)
		}
		if res == nil || len(res.Accesses) != 1 {
			t.Errorf("%s: partial result %+v, want the first access only", tc.name, res)
		}
	}
}

// Overflow kinds: narrowing, shifts, unsigned wrap, 64-bit products and
// negation, each with its mathematical value.
func TestOverflowKinds(t *testing.T) {
	var b builder
	x := param("x", i64, 0)
	u := param("u", u32, 1)
	big := param("big", i64, 2)
	sink := local("s", i64)
	exprs := []struct {
		e    ir.Expr
		val  string
		typ  string
		none bool
	}{
		{e: b.conv(b.ref(x), ir.Int), val: "4294967301", typ: "int"},
		{e: b.bin(ir.Shl, b.c(ir.Int, 1), b.c(ir.Int, 31)), val: "2147483648", typ: "int"},
		{e: b.bin(ir.Shl, b.c(ir.Int, -1), b.c(ir.Int, 3)), none: true},
		{e: b.bin(ir.Sub, b.c(u32, 0), b.ref(u)), val: "-7", typ: "unsigned int"},
		{e: b.bin(ir.Mul, b.ref(u), b.ref(u)), val: "49", none: true},
		{e: b.bin(ir.Mul, b.ref(big), b.ref(big)), val: "85070591730234615847396907784232501249", typ: "int64_t"},
		{e: &ir.Unary{P: b.p(), Op: ir.Neg, X: b.c(ir.Int, -2147483648), T: ir.Int}, val: "2147483648", typ: "int"},
		{e: b.conv(b.c(ir.Int, -1), ir.Uint), none: true}, // same width: not a narrowing
		{e: b.conv(b.c(u32, 200), &ir.IntType{Bits: 8, Signed: true, Name: "signed char"}), val: "200", typ: "signed char"},
	}
	for _, tc := range exprs {
		var conv ir.Expr = tc.e
		if it := tc.e.Type().(*ir.IntType); it.Bits != 64 || !it.Signed {
			conv = &ir.Convert{P: b.p(), X: tc.e, T: i64}
		}
		f := kernel(b.block(b.decl(sink, conv)), x, u, big)
		res := run(t, f, Input{Params: map[string]int64{"x": 1<<32 + 5, "u": 7, "big": 1<<63 - 1}})
		switch {
		case tc.none && len(res.Overflows) != 0:
			t.Errorf("%s: overflows %+v, want none", ir.ExprString(tc.e), res.Overflows)
		case !tc.none && (len(res.Overflows) != 1 || res.Overflows[0].Node != tc.e || res.Overflows[0].Value != tc.val || res.Overflows[0].Type != tc.typ):
			t.Errorf("%s: overflows %+v, want %s (%s)", ir.ExprString(tc.e), res.Overflows, tc.val, tc.typ)
		}
	}
}

// A float comparison is Input.Opaque's value at its position; min and
// __popc are computed; a closure reads and writes its enclosing
// function's variables.
func TestOpaqueIntrinsicsClosures(t *testing.T) {
	var b builder
	out, in := param("out", intPtr, 0), param("in", &ir.PointerType{Elem: ir.Float}, 1)
	gt := &ir.Binary{P: b.p(), Op: ir.Gt, X: b.load(b.ref(in), b.c(ir.Int, 0)), Y: &ir.FloatConst{P: b.p(), T: ir.Float}, T: ir.Bool}
	minE := &ir.Intrinsic{P: b.p(), Name: "min", Args: []ir.Expr{b.c(ir.Int, 7), b.c(ir.Int, -3)}, T: ir.Int}
	popc := &ir.Intrinsic{P: b.p(), Name: "__popc", Args: []ir.Expr{b.c(ir.Uint, 0xF0F)}, T: ir.Int}
	k := local("k", ir.Int)
	bump := &ir.Closure{P: b.p(), Body: b.block(b.assign(k, b.bin(ir.Add, b.ref(k), b.c(ir.Int, 100))))}
	f := kernel(b.block(
		&ir.If{P: b.p(), Cond: gt, Then: b.block(b.store(b.ref(out), minE, b.c(ir.Int, 0)))},
		b.store(b.ref(out), popc, b.c(ir.Int, 0)),
		b.decl(k, b.c(ir.Int, 1)),
		&ir.ExprStmt{P: b.p(), X: &ir.Call{P: b.p(), Closure: bump, T: ir.Void}},
		b.store(b.ref(out), b.ref(k), b.c(ir.Int, 0))), out, in)
	res := run(t, f, Input{})
	if got := offsets(res, "out"); !equalInts(got, []int64{32, 404}) {
		t.Errorf("offsets without the comparison = %v, want [32 404]", got)
	}
	res = run(t, f, Input{Opaque: func(pos token.Pos) (int64, bool) { return 1, pos == gt.P }})
	if got := offsets(res, "out"); !equalInts(got, []int64{-12, 32, 404}) {
		t.Errorf("offsets with the comparison true = %v, want [-12 32 404]", got)
	}
}
