package sym

import (
	"strings"
	"testing"
)

// raceRows is the race query of a row kernel, out[warp*cols + c] for
// warp = (256*block + tid)/32 and c < cols: two threads of distinct warps
// reach one address only when the digits agree.
func raceRows(cols, bound uint64) []*Term {
	var cs []*Term
	addr := func(p string) *Term {
		b, tid, c := Var("blockIdx.x"+p, 32), Var("threadIdx.x"+p, 32), Var("c"+p, 32)
		cs = append(cs, Ult(b, Const(32, 4096)), Ult(tid, Const(32, 256)), Ult(c, Const(32, bound)))
		warp := UDiv(Add(Mul(b, Const(32, 256)), tid), Const(32, 32))
		row := Mul(ZExt(warp, 64), Const(64, cols))
		return Mul(Add(row, ZExt(c, 64)), Const(64, 4))
	}
	a, b := addr(""), addr("'")
	cs = append(cs, Slt(a, Add(b, Const(64, 4))), Slt(b, Add(a, Const(64, 4))))
	return cs
}

func lemmaText(t *testing.T, cs []*Term) string {
	t.Helper()
	st := newRanges()
	st.fixpoint(cs)
	e := &intEncoder{st: st, memo: map[ikey]*ITerm{}}
	st.memo.reset()
	var form []*ITerm
	for _, c := range cs {
		if f := e.boolean(c); f != nil {
			form = append(form, f)
		}
	}
	tl := newTwinLemmas(st)
	var keys []string
	for _, l := range e.lemmas(form, false) {
		keys = append(keys, tl.key(l))
	}
	return strings.Join(keys, " ")
}

func TestTwinLemmasMixedRadix(t *testing.T) {
	got := lemmaText(t, raceRows(28, 28))
	for _, want := range []string{"|blockIdx.x| |blockIdx.x'|", "|c| |c'|"} {
		if !strings.Contains(got, want) {
			t.Errorf("lemmas %q lack %q", got, want)
		}
	}
}

// With c < 29 a row's last element is the next row's first: the digits
// may differ, and no lemma may say they do not.
func TestTwinLemmasOverlappingDigits(t *testing.T) {
	if got := lemmaText(t, raceRows(28, 29)); strings.Contains(got, "blockIdx") || strings.Contains(got, "|c|") {
		t.Errorf("lemmas %q claim equal digits of overlapping rows", got)
	}
}

// A grid-stride loop: i = tid + 1024·iter is a variable of its own, so
// i = i' is a digit of the address, and the loop's equation and its
// twin's then give tid = tid' (and iter = iter') in a second round.
func TestTwinLemmasThroughLoopEquation(t *testing.T) {
	var cs []*Term
	addr := func(p string) *Term {
		b, tid, i, iter := Var("blockIdx.x"+p, 32), Var("threadIdx.x"+p, 32), Var("i"+p, 32), Var("iter"+p, 64)
		cs = append(cs, Ult(b, Const(32, 4096)), Ult(tid, Const(32, 1024)), Ule(iter, Const(64, 1<<32)),
			Eq(SExt(i, 64), Add(SExt(tid, 64), Mul(iter, Const(64, 1024)))),
			Slt(i, Const(32, 201088)))
		return Mul(Add(Mul(ZExt(b, 64), Const(64, 201088)), SExt(i, 64)), Const(64, 4))
	}
	a, b := addr(""), addr("'")
	cs = append(cs, Slt(a, Add(b, Const(64, 4))), Slt(b, Add(a, Const(64, 4))))
	got := lemmaText(t, cs)
	for _, want := range []string{"|blockIdx.x| |blockIdx.x'|", "|threadIdx.x| |threadIdx.x'|"} {
		if !strings.Contains(got, want) {
			t.Errorf("lemmas %q lack %q", got, want)
		}
	}
}

// raceTranspose is the race query of out[row * n + col] in a [dim, n]
// transpose: n a size both threads share (the tokens), col < n when
// colBound is n, col <= n (a row's end is the next row's start) when it
// is n + 1.
func raceTranspose(inclusive bool) []*Term {
	var cs []*Term
	n := Var("n", 32)
	cs = append(cs, Sle(Int(32, 1), n), Sle(n, Int(32, 1<<20)))
	addr := func(p string) *Term {
		bx, by, tx, ty := Var("bx"+p, 32), Var("by"+p, 32), Var("tx"+p, 32), Var("ty"+p, 32)
		j, it := Var("j"+p, 32), Var("it"+p, 64)
		cs = append(cs, Ult(bx, Int(32, 128)), Ult(by, Int(32, 32768)), Ult(tx, Int(32, 32)), Ult(ty, Int(32, 8)),
			Eq(SExt(j, 64), Mul(it, Int(64, 8))), Ule(it, Int(64, 3)), Slt(j, Int(32, 32)))
		row := Add(Add(Mul(bx, Int(32, 32)), ty), j)
		col := Add(Mul(by, Int(32, 32)), tx)
		if inclusive {
			cs = append(cs, Sle(col, n))
		} else {
			cs = append(cs, Slt(col, n))
		}
		cs = append(cs, Slt(row, Int(32, 4096)))
		return Mul(Add(Mul(SExt(row, 64), SExt(n, 64)), SExt(col, 64)), Int(64, 4))
	}
	a, b := addr(""), addr("'")
	same := BAnd(Eq(Var("bx", 32), Var("bx'", 32)), Eq(Var("by", 32), Var("by'", 32)),
		Eq(Var("tx", 32), Var("tx'", 32)), Eq(Var("ty", 32), Var("ty'", 32)))
	return append(cs, Slt(a, Add(b, Int(64, 4))), Slt(b, Add(a, Int(64, 4))), BNot(same))
}

// A digit whose weight is a shared size: row * n + col with col < n
// gives equal rows and equal columns (bx·n against bx'·n), and the query
// is refuted by linear reasoning alone.
func TestTwinLemmasSizeWeight(t *testing.T) {
	got := lemmaText(t, raceTranspose(false))
	for _, want := range []string{"|bx| |bx'|", "|by| |by'|", "|tx| |tx'|"} {
		if !strings.Contains(got, want) {
			t.Errorf("lemmas %q lack %q", got, want)
		}
	}
	if !RefuteLinear(raceTranspose(false)) {
		t.Error("transpose race query not refuted")
	}
	// col <= n: a row's last element is the next row's first.
	if got := lemmaText(t, raceTranspose(true)); strings.Contains(got, "|bx| |bx'|") || strings.Contains(got, "|by| |by'|") {
		t.Errorf("lemmas %q claim equal digits of overlapping rows", got)
	}
	if RefuteLinear(raceTranspose(true)) {
		t.Error("overlapping rows refuted")
	}
}

// A grid-stride loop whose grid is min(ceil(n / 256), 65535): the stride
// 256 · grid is a size both threads share, the loop equations' digits are
// the iteration (weight: the stride) and the thread's index below it.
func TestTwinLemmasGridStride(t *testing.T) {
	n := Var("n", 64)
	grid := Trunc(Ite(Slt(SDiv(Add(n, Int(64, 255)), Int(64, 256)), Int(64, 65535)),
		SDiv(Add(n, Int(64, 255)), Int(64, 256)), Int(64, 65535)), 32)
	stride := Mul(Int(32, 256), grid)
	cs := []*Term{Sle(Int(64, 1), n), Sle(n, Int(64, 1<<34)), Ule(Int(32, 1), grid),
		BNot(Overflows(OpMulOvf, Int(32, 256), grid, false)), BNot(Ult(Int(32, 1<<31-1), stride))}
	idx := func(p string) *Term {
		b, tid, it, i := Var("b"+p, 32), Var("tid"+p, 32), Var("it"+p, 64), Var("i"+p, 32)
		cs = append(cs, Ult(b, grid), Ult(tid, Int(32, 256)), Ule(it, Int(64, 1<<32)),
			Eq(SExt(i, 64), Add(SExt(Add(Mul(b, Int(32, 256)), tid), 64), Mul(it, SExt(stride, 64)))),
			BNot(Overflows(OpMulOvf, b, Int(32, 256), false)), BNot(Ult(Int(32, 1<<31-1), Add(Mul(b, Int(32, 256)), tid))),
			Slt(SExt(i, 64), n))
		return Mul(SExt(i, 64), Int(64, 4))
	}
	a, b := idx(""), idx("'")
	cs = append(cs, Slt(a, Add(b, Int(64, 4))), Slt(b, Add(a, Int(64, 4))),
		// Distinct warps: other blocks, or other warps of one block.
		BOr(Ne(Var("b", 32), Var("b'", 32)), Ne(UDiv(Var("tid", 32), Int(32, 32)), UDiv(Var("tid'", 32), Int(32, 32)))))
	if !RefuteLinear(cs) {
		t.Errorf("grid-stride race query not refuted; lemmas %s", lemmaText(t, cs))
	}
}

// The linear step's first pass leaves the products out (row · n), but
// the twin lemmas read them, without elimination (col < n is stated):
// the lemmas they give without products refute the query there, so
// Split need not case on n.
func TestTwinLemmasFirstPass(t *testing.T) {
	if !RefuteQuery(raceTranspose(false), nil, false) {
		t.Error("transpose race query not refuted without the product pass")
	}
	if RefuteQuery(raceTranspose(true), nil, false) {
		t.Error("overlapping rows refuted")
	}
}
