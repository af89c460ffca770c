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
	st.memo = map[*Term]pair{}
	var form []*ITerm
	for _, c := range cs {
		if f := e.boolean(c); f != nil {
			form = append(form, f)
		}
	}
	tl := newTwinLemmas(st)
	var keys []string
	for _, l := range e.lemmas(form) {
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
