package sym

import "testing"

// c32 and c64 are constants of 32 and 64 bits.
func c32(v uint64) *Term { return Const(32, v) }
func c64(v uint64) *Term { return Const(64, v) }

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

// A remainder and a quotient of one dividend pin it down together: two
// lanes 0 of one warp (tid % 32 = 0, tid / 32 equal) are the same thread.
func TestRefuteLinearRemainderQuotient(t *testing.T) {
	tx, ty := Var("tx", 32), Var("ty", 32)
	base := []*Term{Ult(tx, c32(1024)), Ult(ty, c32(1024)), Eq(UDiv(tx, c32(32)), UDiv(ty, c32(32)))}
	with := func(cs ...*Term) []*Term { return append(append([]*Term{}, base...), cs...) }
	if !RefuteLinear(with(Eq(URem(tx, c32(32)), c32(0)), Eq(URem(ty, c32(32)), c32(0)), Ne(tx, ty))) {
		t.Fatal("lane 0 of one warp twice, tx ≠ ty: not refuted")
	}
	if RefuteLinear(with(Eq(URem(tx, c32(32)), c32(0)), Eq(URem(ty, c32(32)), c32(1)), Ne(tx, ty))) {
		t.Fatal("lanes 0 and 1 of one warp are two threads: refuted wrongly")
	}
	if RefuteLinear(with(Eq(URem(tx, c32(32)), c32(0)), Ult(Mul(UDiv(tx, c32(32)), c32(32)), Add(tx, c32(1))))) {
		t.Fatal("32·(tx/32) < tx + 1 holds at lane 0: refuted wrongly")
	}
}

// A row of a size d that is no constant: bx < n and j < d put bx·d + j
// below n·d, by the lemma (bx − n + 1)·d ≤ 0 over the monomials bx·d and
// n·d. One element more (j ≤ d) reaches past the last row.
func TestRefuteLinearProductRows(t *testing.T) {
	n, d := Var("n", 64), Var("d", 64)
	bx, j := Var("bx", 32), Var("j", 64)
	check := func(jBound *Term) []*Term {
		return []*Term{Sle(c64(1), n), Sle(n, c64(1<<20)), Sle(c64(1), d), Sle(d, c64(256000)),
			Ult(bx, Trunc(n, 32)), Sle(c64(0), j), jBound,
			Sle(Mul(n, d), Add(Mul(ZExt(bx, 64), d), j))}
	}
	if !RefuteLinear(check(Slt(j, d))) {
		t.Fatal("bx < n, j < d: bx·d + j ≥ n·d not refuted")
	}
	if RefuteLinear(check(Sle(j, d))) {
		t.Fatal("j ≤ d reaches n·d at bx = n − 1: refuted wrongly")
	}
}

// act_and_mul's 16-byte load x_vec[i] of row bx: d = s / 2 halves of a
// row of s, i < d / 8, against the tensor's 2·s·n bytes. It takes the
// lemmas of two relations (bx < n times d, 2·d ≤ s times n).
func TestRefuteLinearProductHalves(t *testing.T) {
	n, s := Var("n", 64), Var("s", 64)
	bx, i := Var("bx", 32), Var("i", 32)
	d32 := Trunc(SDiv(s, c64(2)), 32)
	d := SExt(d32, 64)
	addr := Add(Mul(Mul(Mul(ZExt(bx, 64), c64(2)), d), c64(2)), Mul(SExt(i, 64), c64(16)))
	check := func(iBound *Term) []*Term {
		return []*Term{Sle(c64(1), n), Sle(n, c64(1<<20)), Sle(c64(1), s), Sle(s, c64(256000)),
			Ult(bx, Trunc(n, 32)), Sle(c64(1), d), iBound, Sle(c32(0), i),
			BOr(Slt(addr, c64(0)), Slt(Mul(Mul(s, n), c64(2)), Add(addr, c64(16))))}
	}
	if !RefuteLinear(check(Slt(i, SDiv(d32, c32(8))))) {
		t.Fatal("i < d/8: the load past 2·s·n bytes not refuted")
	}
	if RefuteLinear(check(Slt(i, Add(SDiv(d32, c32(8)), c32(d0))))) {
		t.Fatal("i < d/8 + d0 reads past the last row: refuted wrongly")
	}
}

const d0 = 1 << 14

// Two lanes' writes of a warp-per-row kernel: row w = (256·bx + t) / 32 of
// cols = 48 elements, element c < 48 of the lane's stride. The same
// address from two different warps needs |c − c'| ≥ 48; elimination
// derives the same rows from many pairs, which dedup keeps within
// budget.
func TestRefuteLinearWarpRows(t *testing.T) {
	mk := func(s string, cols uint64) (bx, tx, a *Term, cs []*Term) {
		bx, tx = Var("bx"+s, 32), Var("tx"+s, 32)
		c, it := Var("c"+s, 32), Var("it"+s, 64)
		w := UDiv(Add(Mul(bx, c32(256)), tx), c32(32))
		a = Mul(Add(Mul(SExt(w, 64), c64(cols)), SExt(c, 64)), c64(4))
		cs = []*Term{Ult(tx, c32(256)), Ult(bx, c32(4096)), Ule(it, c64(1<<32)),
			Eq(SExt(c, 64), Add(SExt(URem(tx, c32(32)), 64), Mul(it, c64(32)))), Slt(c, c32(cols))}
		return
	}
	for _, cols := range []uint64{2, 48} {
		bx, tx, a, cs1 := mk("", cols)
		by, ty, b, cs2 := mk("'", cols)
		cs := append(append([]*Term{}, cs1...), cs2...)
		cs = append(cs, Slt(a, Add(b, c64(4))), Slt(b, Add(a, c64(4))),
			BOr(BNot(Eq(bx, by)), BAnd(Eq(bx, by), Ne(UDiv(tx, c32(32)), UDiv(ty, c32(32))))))
		if !RefuteLinear(cs) {
			t.Fatalf("cols %d: one address from two warps not refuted", cols)
		}
	}
}

// Two blocks' rows of H elements, bx = by: the monomials bx·H and by·H are
// equal by the lemmas of both rows of the equation, and the accesses'
// 4-byte slots then differ by 4·(i − j), so overlapping slots are one
// element. One slot apart (i < j) is refuted, one element overlapping
// two slots is not.
func TestRefuteLinearEqualRowsProduct(t *testing.T) {
	H := Var("H", 32)
	H64 := SExt(H, 64)
	bx, by, i, j := Var("bx", 32), Var("by", 32), Var("i", 32), Var("j", 32)
	addr := func(b, k *Term) *Term { return Add(Mul(Mul(ZExt(b, 64), H64), c64(2)), Mul(SExt(k, 64), c64(4))) }
	a, b := addr(bx, i), addr(by, j)
	cs := []*Term{Sle(c64(1), H64), Sle(H64, c64(16384)), Ult(bx, c32(1000)), Ult(by, c32(1000)),
		Sle(c32(0), i), Sle(c32(0), j), Slt(i, c32(1000)), Slt(j, c32(1000)), Eq(bx, by)}
	if !RefuteLinear(append(cs, Slt(a, Add(b, c64(4))), Slt(b, Add(a, c64(4))), Slt(i, j))) {
		t.Fatal("bx = by, i < j: overlapping 4-byte slots not refuted")
	}
	if RefuteLinear(append(cs, Slt(a, Add(b, c64(8))), Slt(b, Add(a, c64(8))), Slt(i, j))) {
		t.Fatal("8-byte accesses of i and i + 1 overlap: refuted wrongly")
	}
}

// A per-token row of H = 256·vc elements, thread tx's vc of them from
// tx·vc, i < min(vc, 8): the lemmas tx·vc ≤ 255·vc (a monomial between
// its factor's bounds), bx·H ≤ n·H − H (a relation times H) and min ≤ vc
// keep the access inside n·H. Without the min (i < 8 alone) a thread's
// eight values pass its vc when vc < 8 and the last thread's reach past
// the last row.
func TestRefuteLinearThreadSlices(t *testing.T) {
	n, vc, H, bx, tx, i := Var("n", 64), Var("vc", 32), Var("H", 32), Var("bx", 32), Var("tx", 32), Var("i", 32)
	vc64, H64 := SExt(vc, 64), SExt(H, 64)
	addr := Mul(Add(Add(Mul(ZExt(bx, 64), H64), SExt(Mul(tx, vc), 64)), SExt(i, 64)), c64(4))
	cs := []*Term{Sle(c64(1), n), Sle(n, c64(1<<20)), Sle(c64(1), vc64), Sle(vc64, c64(64)), Sle(c64(1), H64),
		Eq(H64, Mul(c64(256), vc64)), Ult(tx, c32(256)), Ult(bx, Trunc(n, 32)), Sle(c32(0), i), Slt(i, c32(8)),
		BOr(Slt(addr, c64(0)), Slt(Mul(Mul(n, H64), c64(4)), Add(addr, c64(4))))}
	with := func(c *Term) []*Term { return append(append([]*Term{}, cs...), c) }
	if !RefuteLinear(with(Slt(i, Ite(Slt(vc, c32(8)), vc, c32(8))))) {
		t.Fatal("i < min(vc, 8): the access past n·H not refuted")
	}
	if RefuteLinear(with(Slt(i, Ite(Slt(vc, c32(8)), c32(8), vc)))) {
		t.Fatal("i < max(vc, 8) reaches past the last row at vc = 1: refuted wrongly")
	}
}

// Two threads' writes out[r·N + c] of a transpose, r = 32·bx + ty,
// c = 32·by + tx < N with N a size: one address means one (bx, by) and
// one thread, which takes the cases ty < ty', ty = ty', ty' < ty of the
// monomials' twin factors (a relation for the product lemmas to
// multiply). Without c < N (a row wider than N) two threads do meet.
func TestRefuteLinearTwinFactors(t *testing.T) {
	N := Var("N", 32)
	N64 := SExt(N, 64)
	check := func(bounded bool) []*Term {
		mk := func(s string) (bx, by, tx, ty, a *Term, cs []*Term) {
			bx, by, tx, ty = Var("bx"+s, 32), Var("by"+s, 32), Var("tx"+s, 32), Var("ty"+s, 32)
			r := Add(Mul(bx, c32(32)), ty)
			c := Add(Mul(by, c32(32)), tx)
			a = Mul(Add(Mul(SExt(r, 64), N64), SExt(c, 64)), c64(4))
			cs = []*Term{Ult(tx, c32(32)), Ult(ty, c32(32)), Ult(bx, c32(128)), Ult(by, c32(40000))}
			if bounded {
				cs = append(cs, Slt(c, N))
			}
			return
		}
		bx, by, tx, ty, a, cs1 := mk("")
		bx2, by2, tx2, ty2, b, cs2 := mk("'")
		cs := []*Term{Sle(c32(1), N), Sle(N, c32(1<<20))}
		cs = append(append(cs, cs1...), cs2...)
		cs = append(cs, Slt(a, Add(b, c64(4))), Slt(b, Add(a, c64(4))))
		same := BAnd(Eq(bx, bx2), Eq(by, by2))
		warp := func(x, y *Term) *Term { return UDiv(Add(x, Mul(y, c32(32))), c32(32)) }
		return append(cs, BOr(BNot(same), BAnd(same, Ne(warp(tx, ty), warp(tx2, ty2)))))
	}
	if !RefuteLinear(check(true)) {
		t.Fatal("c < N: one address from two threads not refuted")
	}
	if RefuteLinear(check(false)) {
		t.Fatal("columns past N overlap the next row: refuted wrongly")
	}
}

// RefuteQuery refutes what Refute or RefuteLinear refutes, reading the
// slice under the whole conjunction's bounds, and without products it
// leaves a nonlinear check alone.
func TestRefuteQuery(t *testing.T) {
	cs := rowCheck(8192)
	goal := cs[len(cs)-1]
	// The slice omits n's bounds; they come from the whole query.
	slice := []*Term{cs[2], cs[3], goal}
	if !RefuteQuery(cs, slice, true) {
		t.Fatal("row check not refuted through its slice")
	}
	if RefuteQuery(rowCheck(8193), nil, true) {
		t.Fatal("j < 8193 reaches one past the row: refuted wrongly")
	}
	// block < n, j < s: (block·s + j) < n·s needs a product lemma.
	n, s := Var("n", 64), Var("s", 64)
	block, j := Var("block", 64), Var("j", 64)
	lim := Const(64, 1<<20)
	prod := []*Term{
		Ule(Const(64, 1), n), Ule(n, lim), Ule(Const(64, 1), s), Ule(s, lim),
		Ult(block, n), Ult(j, s),
		Ule(Mul(n, s), Add(Mul(block, s), j)),
	}
	if !RefuteQuery(prod, nil, true) {
		t.Fatal("block·s + j < n·s not refuted with product lemmas")
	}
	if RefuteQuery(prod, nil, false) {
		t.Log("refuted without product lemmas (by intervals)")
	}
}

// Two threads of a row-major GEMM output, out[(by·192 + bx·128 + tx)·4]
// with bx·128 + tx < 192, in different blocks: disjoint because a row
// holds 192 elements. Refuting it takes the integer step of eliminating
// the thread index before the row (exact, coefficient 1): eliminated
// first, the row's coefficient 192 averaged the gap away.
func TestRefuteLinearExactOrder(t *testing.T) {
	M := Var("M", 64)
	m32 := Trunc(M, 32)
	by, by2 := Var("by", 32), Var("by'", 32)
	bx, bx2 := Var("bx", 32), Var("bx'", 32)
	tx, tx2 := Var("tx", 32), Var("tx'", 32)
	n := Add(Mul(bx, c32(128)), tx)
	n2 := Add(Mul(bx2, c32(128)), tx2)
	addr := func(by, n *Term) *Term { return Mul(Add(Mul(SExt(by, 64), c64(192)), SExt(n, 64)), c64(4)) }
	A, A2 := addr(by, n), addr(by2, n2)
	check := func(width uint64) []*Term {
		return []*Term{
			Sle(c64(1), M), Sle(M, c64(1048576)),
			Ult(tx, c32(128)), Ult(tx2, c32(128)), Ult(bx, c32(2)), Ult(bx2, c32(2)),
			Ule(c32(1), m32), Ule(m32, c32(65535)), Ult(by, m32), Ult(by2, m32),
			BNot(BOr(Sle(m32, by), Sle(c32(width), n))),
			BNot(BOr(Sle(m32, by2), Sle(c32(width), n2))),
			Slt(A, Add(A2, c64(4))), Slt(A2, Add(A, c64(4))),
			BNot(BAnd(Eq(bx, bx2), Eq(by, by2))),
		}
	}
	if !RefuteLinear(check(192)) {
		t.Fatal("n < 192: two blocks' elements of a 192-wide row overlap: not refuted")
	}
	if RefuteLinear(check(193)) {
		t.Fatal("n < 193 reaches the next row's first element: refuted wrongly")
	}
}
