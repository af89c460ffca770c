package sym

import "testing"

// rowCheck is a bounds check of out[(block·s + j)·2] against n·s·2 bytes,
// with block < n and j < s: safe by the relation block ≤ n − 1, which no
// interval sees.
func rowCheck(jBound uint64) []*Term {
	n := Var("n", 64)
	block := Var("blockIdx.x", 32)
	j := Var("j", 32)
	addr := Mul(Add(Mul(ZExt(block, 64), Const(64, 8192)), ZExt(j, 64)), Const(64, 2))
	size := Mul(n, Const(64, 8192*2))
	return []*Term{
		Sle(Const(64, 1), n), Sle(n, Const(64, 1<<20)),
		Ult(block, Trunc(n, 32)),
		Ult(j, Const(32, jBound)),
		BOr(Slt(addr, Const(64, 0)), Slt(size, Add(addr, Const(64, 2)))),
	}
}

func TestRefuteLinearRelation(t *testing.T) {
	if Refute(rowCheck(8192)) {
		t.Log("intervals refuted it already")
	}
	if !RefuteLinear(rowCheck(8192)) {
		t.Fatal("block < n, j < 8192: (block·8192 + j)·2 + 2 ≤ n·16384 not refuted")
	}
	if RefuteLinear(rowCheck(8193)) {
		t.Fatal("j < 8193 reaches one past the row: refuted wrongly")
	}
}

// Quotients are tied to their dividends: (x / 8)·8 ≤ x.
func TestRefuteLinearQuotient(t *testing.T) {
	x := Var("x", 32)
	q := UDiv(x, Const(32, 8))
	cs := []*Term{Ult(x, Const(32, 1000)), Ult(x, Mul(q, Const(32, 8)))}
	if !RefuteLinear(cs) {
		t.Fatal("x < (x/8)·8 not refuted")
	}
	ok := []*Term{Ult(x, Const(32, 1000)), Ult(Mul(q, Const(32, 8)), x)}
	if RefuteLinear(ok) {
		t.Fatal("(x/8)·8 < x is satisfiable (x = 9): refuted wrongly")
	}
}

// A grid-stride row of 2048 under a wrap guard: the guard's rows
// (MIN ≤ 2048·bx + t ≤ MAX) pushed elimination past int64, so a check
// that is linear once the profile's sizes are in went to the solver.
func TestRefuteLinearWrapGuard(t *testing.T) {
	os0 := Var("os0", 64)
	nq := Var("nq", 64)
	nout := Var("nout", 64)
	bx := Var("bx", 32)
	tx := Var("tx", 32)
	it := Var("iter", 64)
	c := func(v int64) *Term { return Int(64, v) }
	tt := Add(ZExt(tx, 64), Mul(it, c(256)))
	idx := Add(Mul(ZExt(bx, 64), c(2048)), tt)
	cs := []*Term{
		Sle(Mul(os0, c(2048)), nout), Sle(nout, c(35250000000)), Sle(nq, c(141000000000)),
		Sle(os0, c(1048576)), Ule(it, c(4294967296)), Sle(c(1), os0), Sle(Mul(os0, c(2048)), nq),
		Ult(tx, Int(32, 256)), Ult(bx, Trunc(os0, 32)),
		Slt(tt, c(2048)),
		BOr(Slt(idx, c(0)), Slt(nq, Add(idx, c(1)))),
		BNot(Overflows(OpAddOvf, Mul(ZExt(bx, 64), c(2048)), tt, true)),
	}
	if !RefuteLinear(cs) {
		t.Fatal("not refuted")
	}
}

// A grid of min(ceil(n / 256), 65535) blocks: the ite's then-branch is
// below 65535 under its condition, so blockIdx.x·256 + threadIdx.x
// cannot wrap, whatever n's range.
func TestRefuteLinearMinGrid(t *testing.T) {
	n, bx, tid := Var("n", 64), Var("blockIdx.x", 32), Var("threadIdx.x", 32)
	blocks := SDiv(Sub(Add(n, Const(64, 256)), Const(64, 1)), Const(64, 256))
	grid := Trunc(Ite(Slt(blocks, Const(64, 65535)), blocks, Const(64, 65535)), 32)
	cs := []*Term{
		Sle(Const(64, 1), n), Sle(n, Const(64, 1<<34)),
		Ult(bx, grid), Ult(tid, Const(32, 256)),
		Ult(Add(Mul(bx, Const(32, 256)), tid), Mul(bx, Const(32, 256))), // the add wraps
	}
	if !RefuteLinear(cs) {
		t.Error("RefuteLinear = false, want true")
	}
	st := newRanges()
	st.fixpoint(cs)
	if hi := st.eval(grid).u.hi; hi.Int64() != 65535 {
		t.Errorf("grid ≤ %v, want 65535", hi)
	}
}
