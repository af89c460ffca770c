package divergence

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend/ir"
)

func wantLevel(t *testing.T, what string, got Fact, want Level) {
	t.Helper()
	if got.Level != want {
		t.Errorf("%s: got %v (%s), want %v", what, got.Level, got.Reason(), want)
	}
}

// controls prints a barrier's controls as "kind[:level]" words.
func controls(b Barrier) string {
	var out []string
	for _, c := range b.Controls {
		s := c.Kind.String()
		if c.Kind != CallSite {
			s += ":" + c.Fact.Level.String()
		}
		if c.Else {
			s += ":else"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func barrierControls(r *Result) []string {
	var out []string
	for _, b := range r.Barriers() {
		out = append(out, controls(b))
	}
	return out
}

func wantBarriers(t *testing.T, r *Result, want ...string) {
	t.Helper()
	got := barrierControls(r)
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("barriers: got %q, want %q", got, want)
	}
}

func TestThreadIndexArithmetic(t *testing.T) {
	b := &bld{}
	tid, warp, lane, w2, gid, g2, bad := b.local("tid", ir.Int), b.local("warp", ir.Int), b.local("lane", ir.Int),
		b.local("w2", ir.Int), b.local("gid", ir.Int), b.local("g2", ir.Int), b.local("bad", ir.Int)
	ty := b.local("ty", ir.Int)
	f := b.fn("k", ir.Kernel, nil,
		b.decl(tid, b.conv(b.tid(), ir.Int)),
		b.decl(warp, b.bin(ir.Div, b.ref(tid), b.c(32))),
		b.decl(lane, b.bin(ir.Rem, b.ref(tid), b.c(32))),
		b.decl(w2, b.bin(ir.Shr, b.ref(tid), b.c(5))),
		b.decl(gid, b.bin(ir.Add, b.bin(ir.Mul, b.conv(b.bid(), ir.Int), b.conv(b.bdim(), ir.Int)), b.ref(tid))),
		b.decl(g2, b.bin(ir.Div, b.ref(gid), b.c(64))),
		b.decl(bad, b.bin(ir.Div, b.bin(ir.Mul, b.ref(tid), b.c(4)), b.c(32))),
		b.decl(ty, b.conv(b.tidy(), ir.Int)),
	)
	r := New(f)
	wantLevel(t, "tid", r.Var(tid), Divergent)
	if got := r.Var(tid); got.Source != "threadIdx.x" || !got.linear {
		t.Errorf("tid: got %+v, want linear threadIdx.x", got)
	}
	wantLevel(t, "tid / 32", r.Var(warp), WarpUniform)
	wantLevel(t, "tid % 32", r.Var(lane), Divergent)
	wantLevel(t, "tid >> 5", r.Var(w2), WarpUniform)
	wantLevel(t, "gid", r.Var(gid), Divergent)
	wantLevel(t, "gid / 64", r.Var(g2), WarpUniform)
	wantLevel(t, "tid * 4 / 32", r.Var(bad), Divergent)
	wantLevel(t, "threadIdx.y", r.Var(ty), WarpUniform)
	if got := r.Var(warp).Source; got != "threadIdx.x / 32" {
		t.Errorf("warp source: got %q", got)
	}
}

func TestReason(t *testing.T) {
	b := &bld{}
	tid := b.local("tid", ir.Int)
	cond := b.bin(ir.Lt, b.ref(tid), b.c(16))
	f := b.fn("k", ir.Kernel, nil, b.decl(tid, b.conv(b.tid(), ir.Int)), b.iff(cond, b.sync()))
	r := New(f)
	if got := r.Of(cond).Reason(); got != "threadIdx.x via tid" {
		t.Errorf("reason: got %q", got)
	}
	wantBarriers(t, r, "if:divergent")
}

func TestControlDependence(t *testing.T) {
	b := &bld{}
	x, y := b.local("x", ir.Int), b.local("y", ir.Int)
	f := b.fn("k", ir.Kernel, nil,
		b.decl(x, b.c(0)),
		b.iff(b.bin(ir.Lt, b.conv(b.tid(), ir.Int), b.c(4)), b.set(x, b.c(1))),
		b.decl(y, b.c(0)),
		b.iff(b.bin(ir.Lt, b.conv(b.bid(), ir.Int), b.c(4)), b.set(y, b.c(1))),
	)
	r := New(f)
	wantLevel(t, "x set under tid < 4", r.Var(x), Divergent)
	wantLevel(t, "y set under blockIdx.x < 4", r.Var(y), Uniform)
}

func TestBlockStrideLoop(t *testing.T) {
	b := &bld{}
	n := b.param("n", ir.Int)
	i := b.local("i", ir.Int)
	f := b.fn("k", ir.Kernel, []*ir.Var{n},
		b.loop(b.decl(i, b.conv(b.tid(), ir.Int)), b.bin(ir.Lt, b.ref(i), b.ref(n)),
			b.set(i, b.bin(ir.Add, b.ref(i), b.conv(b.bdim(), ir.Int))),
			b.sync()),
		b.sync(),
	)
	r := New(f)
	wantLevel(t, "i", r.Var(i), Divergent)
	wantBarriers(t, r, "loop:divergent", "")
}

func TestTreeReduction(t *testing.T) {
	b := &bld{}
	tid, s := b.local("tid", ir.Int), b.local("s", ir.Int)
	smem := b.shared("smem", &ir.ArrayType{Elem: ir.Float, Len: 256})
	f := b.fn("k", ir.Kernel, nil,
		b.decl(tid, b.conv(b.tid(), ir.Int)),
		b.loop(b.decl(s, b.bin(ir.Div, b.conv(b.bdim(), ir.Int), b.c(2))), b.bin(ir.Gt, b.ref(s), b.c(0)),
			b.set(s, b.bin(ir.Shr, b.ref(s), b.c(1))),
			b.iff(b.bin(ir.Lt, b.ref(tid), b.ref(s)),
				b.store(b.ref(smem), b.ref(tid), b.load(b.ref(smem), b.bin(ir.Add, b.ref(tid), b.ref(s))))),
			b.sync()),
	)
	r := New(f)
	wantLevel(t, "s", r.Var(s), Uniform)
	wantBarriers(t, r, "")
}

func TestSharedBroadcast(t *testing.T) {
	b := &bld{}
	flag := b.shared("s_flag", ir.Int)
	buf := b.shared("s_buf", &ir.ArrayType{Elem: ir.Float, Len: 1})
	x := b.param("x", floatPtr)
	f := b.fn("k", ir.Kernel, []*ir.Var{x},
		b.iff(b.bin(ir.Eq, b.conv(b.tid(), ir.Int), b.c(0)),
			b.set(flag, b.c(1)),
			b.store(b.ref(buf), b.c(0), b.load(b.ref(x), b.conv(b.tid(), ir.Int)))),
		b.sync(),
		b.iff(b.bin(ir.Ne, b.ref(flag), b.c(0)), b.sync()),
		b.iff(b.bin(ir.Gt, b.load(b.ref(buf), b.c(0)), &ir.FloatConst{P: b.p(), T: ir.Float}), b.sync()),
	)
	wantBarriers(t, New(f), "", "", "")
}

func TestDivergentLoad(t *testing.T) {
	b := &bld{}
	mask := b.param("mask", &ir.PointerType{Elem: ir.Int, Space: ir.Global})
	tid := b.local("tid", ir.Int)
	f := b.fn("k", ir.Kernel, []*ir.Var{mask},
		b.decl(tid, b.conv(b.tid(), ir.Int)),
		b.iff(b.load(b.ref(mask), b.ref(tid)), b.sync()),
		b.iff(b.load(b.ref(mask), b.conv(b.bid(), ir.Int)), b.sync()),
	)
	wantBarriers(t, New(f), "if:divergent", "")
}

func TestLocalArray(t *testing.T) {
	b := &bld{}
	x := b.param("x", floatPtr)
	vals := b.local("vals", &ir.ArrayType{Elem: ir.Float, Len: 4})
	f := b.fn("k", ir.Kernel, []*ir.Var{x},
		b.decl(vals, nil),
		b.store(b.ref(vals), b.c(1), b.load(b.ref(x), b.conv(b.tid(), ir.Int))),
		b.iff(b.bin(ir.Gt, b.load(b.ref(vals), b.c(0)), &ir.FloatConst{P: b.p(), T: ir.Float}), b.sync()),
	)
	wantBarriers(t, New(f), "if:divergent")
}

func TestEarlyReturn(t *testing.T) {
	b := &bld{}
	n := b.param("n", ir.Int)
	f := b.fn("k", ir.Kernel, []*ir.Var{n},
		b.iff(b.bin(ir.Ge, b.conv(b.bid(), ir.Int), b.ref(n)), b.ret(nil)),
		b.sync(),
		b.iff(b.bin(ir.Ge, b.conv(b.tid(), ir.Int), b.ref(n)), b.ret(nil)),
		b.sync(),
	)
	r := New(f)
	wantBarriers(t, r, "", "return:divergent")
	ctl := r.Barriers()[1].Controls[0]
	if ctl.Under == nil || ctl.Under.Kind != IfBranch {
		t.Errorf("return control: got Under %+v, want the if", ctl.Under)
	}
}

func TestBreakAndContinue(t *testing.T) {
	b := &bld{}
	x := b.param("x", floatPtr)
	k0, k1, cnt, after := b.local("k0", ir.Int), b.local("k1", ir.Int), b.local("cnt", ir.Int), b.local("after", ir.Int)
	thread := func() ir.Expr {
		return b.bin(ir.Gt, b.load(b.ref(x), b.conv(b.tid(), ir.Int)), &ir.FloatConst{P: b.p(), T: ir.Float})
	}
	f := b.fn("k", ir.Kernel, []*ir.Var{x},
		b.decl(cnt, b.c(0)),
		b.loop(b.decl(k0, b.c(0)), b.bin(ir.Lt, b.ref(k0), b.c(8)), b.set(k0, b.bin(ir.Add, b.ref(k0), b.c(1))),
			b.sync(),
			b.iff(thread(), b.brk()),
			b.set(cnt, b.bin(ir.Add, b.ref(cnt), b.c(1))),
		),
		b.sync(),
		b.loop(b.decl(k1, b.c(0)), b.bin(ir.Lt, b.ref(k1), b.c(8)), b.set(k1, b.bin(ir.Add, b.ref(k1), b.c(1))),
			b.iff(thread(), b.cont()),
			b.set(after, b.c(1)),
			b.sync(),
		),
	)
	r := New(f)
	wantLevel(t, "cnt", r.Var(cnt), Divergent)
	wantLevel(t, "k0", r.Var(k0), Divergent) // assigned in the post of a loop some threads leave
	wantLevel(t, "k1", r.Var(k1), Uniform)   // continuing threads meet the others at the post
	wantLevel(t, "after", r.Var(after), Divergent)
	// k0 is divergent after the loop, and facts are flow-insensitive: the
	// loop's condition is divergent too, listed after the break that causes it.
	wantBarriers(t, r, "break:divergent loop:divergent", "", "continue:divergent")
}

func TestWhileCounter(t *testing.T) {
	b := &bld{}
	n := b.param("n", ir.Int)
	c := b.local("c", ir.Int)
	f := b.fn("k", ir.Kernel, []*ir.Var{n},
		b.decl(c, b.conv(b.tid(), ir.Int)),
		b.while(b.bin(ir.Lt, b.ref(c), b.ref(n)), b.sync(), b.set(c, b.bin(ir.Add, b.ref(c), b.c(32)))),
	)
	wantBarriers(t, New(f), "loop:divergent")
}

func TestDeviceCalls(t *testing.T) {
	b := &bld{}
	helper := b.fn("block_sync_helper", ir.Device, nil, b.sync())
	l := b.param("l", ir.Int)
	cond := b.fn("cond_sync", ir.Device, []*ir.Var{l}, b.iff(b.bin(ir.Lt, b.ref(l), b.c(16)), b.sync()))
	lane := b.local("lane", ir.Int)
	k := b.fn("k", ir.Kernel, nil,
		b.decl(lane, b.bin(ir.And, b.conv(b.tid(), ir.Int), b.c(31))),
		b.iff(b.bin(ir.Lt, b.ref(lane), b.c(16)), b.expr(b.call(helper))),
		b.expr(b.call(cond, b.ref(lane))),
		b.expr(b.call(cond, b.conv(b.bid(), ir.Int))),
	)
	r := New(k)
	wantBarriers(t, r, "if:divergent call", "call if:divergent", "call")
	if got := r.BarriersOf(cond); len(got) != 1 || controls(got[0]) != "" {
		t.Errorf("cond_sync alone: got %v", got)
	}
}

func TestReturnsAndOutParams(t *testing.T) {
	b := &bld{}
	laneFn := b.fn("lane_id", ir.Device, nil, b.ret(b.bin(ir.And, b.conv(b.tid(), ir.Int), b.c(31))))
	laneFn.Result = ir.Int
	warpFn := b.fn("warp_id", ir.Device, nil, b.ret(b.bin(ir.Div, b.conv(b.tid(), ir.Int), b.c(32))))
	warpFn.Result = ir.Int
	out := b.param("out", ir.Int)
	out.Ref = true
	get := b.fn("get", ir.Device, []*ir.Var{out}, b.set(out, b.conv(b.tid(), ir.Int)))
	x, l, w := b.local("x", ir.Int), b.local("l", ir.Int), b.local("w", ir.Int)
	k := b.fn("k", ir.Kernel, nil,
		b.decl(l, b.call(laneFn)),
		b.decl(w, b.call(warpFn)),
		b.decl(x, b.c(0)),
		b.expr(b.call(get, b.ref(x))),
	)
	r := New(k)
	wantLevel(t, "lane_id()", r.Var(l), Divergent)
	wantLevel(t, "warp_id()", r.Var(w), WarpUniform)
	wantLevel(t, "x after get(x)", r.Var(x), Divergent)
}

func TestWarpCollectives(t *testing.T) {
	b := &bld{}
	v, bal, bc, xr, any := b.local("v", ir.Int), b.local("bal", ir.Int), b.local("bc", ir.Int), b.local("xr", ir.Int), b.local("any", ir.Int)
	p := b.param("p", &ir.PointerType{Elem: ir.Int, Space: ir.Global})
	old := b.local("old", ir.Int)
	f := b.fn("k", ir.Kernel, []*ir.Var{p},
		b.decl(v, b.conv(b.tid(), ir.Int)),
		b.decl(bal, b.warp(ir.Ballot, b.bin(ir.Gt, b.ref(v), b.c(3)), nil)),
		b.decl(bc, b.warp(ir.Shfl, b.ref(v), b.c(0))),
		b.decl(xr, b.warp(ir.ShflXor, b.ref(v), b.c(16))),
		b.decl(any, &ir.Sync{P: b.p(), Kind: ir.SyncBlock, Reduce: "or", Pred: b.ref(v), Name: "__syncthreads_or"}),
		b.decl(old, &ir.Atomic{P: b.p(), Op: "Add", Ptr: b.ref(p), Index: b.c(0), Val: b.c(1), T: ir.Int}),
	)
	r := New(f)
	wantLevel(t, "ballot", r.Var(bal), WarpUniform)
	wantLevel(t, "shfl broadcast", r.Var(bc), WarpUniform)
	wantLevel(t, "shfl_xor", r.Var(xr), Divergent)
	wantLevel(t, "__syncthreads_or", r.Var(any), Uniform)
	wantLevel(t, "atomicAdd", r.Var(old), Divergent)
}

func TestShortCircuitAndSwitch(t *testing.T) {
	b := &bld{}
	orE := &ir.Sync{P: b.p(), Kind: ir.SyncBlock, Reduce: "or", Pred: b.c(1), Name: "__syncthreads_or"}
	lane := b.local("lane", ir.Int)
	sw := &ir.Switch{P: b.p(), Tag: b.ref(lane), Cases: []*ir.Case{
		{P: b.p(), Values: []ir.Expr{b.c(0)}, Body: []ir.Stmt{b.sync(), b.brk()}},
		{P: b.p(), Default: true, Body: []ir.Stmt{b.brk()}},
	}}
	f := b.fn("k", ir.Kernel, nil,
		b.decl(lane, b.bin(ir.Rem, b.conv(b.tid(), ir.Int), b.c(32))),
		b.iff(b.bin(ir.LAnd, b.bin(ir.Lt, b.ref(lane), b.c(4)), orE)),
		sw,
		b.sync(),
	)
	wantBarriers(t, New(f), "operand:divergent", "switch:divergent", "")
}

func TestElseBranchAndUnknown(t *testing.T) {
	b := &bld{}
	unk := &ir.Unknown{P: b.p(), Reason: "asm", T: ir.Int}
	f := b.fn("k", ir.Kernel, nil,
		b.ifElse(b.bin(ir.Eq, b.conv(b.tid(), ir.Int), b.c(0)), nil, []ir.Stmt{b.sync()}),
		b.iff(b.bin(ir.Lt, unk, b.c(3)), b.sync()),
	)
	r := New(f)
	wantBarriers(t, r, "if:divergent:else", "")
	if r.Unknowns() != 1 {
		t.Errorf("unknowns: got %d, want 1", r.Unknowns())
	}
}

func TestRecursion(t *testing.T) {
	b := &bld{}
	n := b.param("n", ir.Int)
	f := b.fn("rec", ir.Device, []*ir.Var{n})
	f.Result = ir.Int
	f.Body = b.block(
		b.iff(b.bin(ir.Le, b.ref(n), b.c(0)), b.ret(b.conv(b.tid(), ir.Int))),
		b.sync(),
		b.ret(b.call(f, b.bin(ir.Sub, b.ref(n), b.c(1)))),
	)
	x := b.local("x", ir.Int)
	k := b.fn("k", ir.Kernel, nil, b.decl(x, b.call(f, b.c(3))))
	r := New(k)
	wantLevel(t, "rec()", r.Var(x), Divergent)
	wantBarriers(t, r, "call")
}

func TestLocalReferences(t *testing.T) {
	b := &bld{}
	smem := b.param("smem", &ir.PointerType{Elem: ir.Int, Space: ir.Shared})
	x, y := b.local("x", ir.Int), b.local("y", ir.Int)
	sref, xref := b.local("s_bin", ir.Int), b.local("xr", ir.Int)
	sref.Ref, xref.Ref = true, true
	f := b.fn("k", ir.Kernel, []*ir.Var{smem},
		b.decl(sref, b.load(b.ref(smem), b.c(1))), // int& s_bin = smem[1];
		b.iff(b.bin(ir.Lt, b.conv(b.tid(), ir.Int), b.c(4)), b.set(sref, b.conv(b.tid(), ir.Int))),
		b.decl(y, b.ref(sref)),
		b.decl(x, b.c(0)),
		b.decl(xref, b.ref(x)), // int& xr = x;
		b.set(xref, b.conv(b.tid(), ir.Int)),
	)
	r := New(f)
	wantLevel(t, "y = s_bin (a reference to shared memory)", r.Var(y), Uniform)
	wantLevel(t, "x assigned through xr", r.Var(x), Divergent)
}

// A comparison of the thread index with a warp boundary is the same in
// every lane of a warp; one with another constant is not.
func TestWarpBoundary(t *testing.T) {
	tid := &ir.Builtin{Kind: ir.ThreadIdx, Dim: 0}
	c := func(v int64) ir.Expr { return &ir.Const{T: ir.Uint, Val: v} }
	for _, tc := range []struct {
		op   ir.BinOp
		x, y ir.Expr
		want Level
	}{
		{ir.Lt, tid, c(32), WarpUniform},
		{ir.Ge, tid, c(64), WarpUniform},
		{ir.Le, tid, c(31), WarpUniform},
		{ir.Gt, c(96), tid, WarpUniform},
		{ir.Gt, c(95), tid, Divergent},
		{ir.Lt, tid, c(16), Divergent},
		{ir.Le, tid, c(32), Divergent},
		{ir.Eq, tid, c(0), Divergent},
	} {
		f := &ir.Func{Name: "k", Kind: ir.Kernel}
		b := &ir.Binary{Op: tc.op, X: tc.x, Y: tc.y, T: ir.Bool}
		v := &ir.Var{Name: "c", Type: ir.Bool, Kind: ir.LocalVar}
		f.Body = &ir.Block{Stmts: []ir.Stmt{&ir.DeclStmt{Var: v, Init: b}}}
		if got := New(f).Var(v).Level; got != tc.want {
			t.Errorf("%s: level %s, want %s", ir.ExprString(b), got, tc.want)
		}
	}
}
