package sym

import "testing"

// benchQueries are queries shaped like those of a paged-attention kernel
// (what the range step spends its time on there): thread and block ids
// under their bounds, a paged offset through a block table entry, a
// lane's bit of a warp mask (enumeration), a quotient and remainder of a
// thread index, an overflow check of a 32-bit product, and the bisection
// bounds Minimize adds. Each is decided afresh (no query table in
// between; the enumeration table stays warm, as in a run).
func benchQueries() [][]*Term {
	tid := Var("threadIdx.x", 32)
	bx := Var("blockIdx.x", 32)
	by := Var("blockIdx.y", 32)
	lane := URem(tid, Const(32, 32))
	warp := UDiv(tid, Const(32, 32))
	seqs := Var("num_seqs", 64)
	blocks := Var("max_num_blocks_per_seq", 32)
	bs := Var("block_size", 32)
	entry := Var("block_tables[…]", 32)
	heads := Var("num_heads", 32)
	launch := []*Term{
		Ult(tid, Const(32, 128)),
		Ult(ZExt(bx, 64), ZExt(heads, 64)), Ule(Const(32, 1), heads), Ule(heads, Const(32, 128)),
		Ult(ZExt(by, 64), seqs), Ule(Const(64, 1), seqs), Ule(seqs, Const(64, 4096)),
		Ule(Const(32, 1), blocks), Ule(blocks, Const(32, 1<<20)),
		BOr(Eq(bs, Const(32, 8)), Eq(bs, Const(32, 16)), Eq(bs, Const(32, 32))),
		Sle(Const(32, 0), entry), Slt(entry, Const(32, 1<<20)),
	}
	row := Mul(SExt(by, 64), ZExt(blocks, 64))
	off := Add(Mul(SExt(entry, 64), ZExt(bs, 64)), ZExt(Add(Mul(warp, Const(32, 16)), lane), 64))
	qs := [][]*Term{
		// The block table's row fits its tensor.
		{Slt(Sub(Mul(ZExt(seqs, 64), ZExt(blocks, 64)), Const(64, 1)), row)},
		// A lane's bit of the mask: the shuffle partner is in the warp.
		{Eq(And(LShr(Const(32, 0xffffffff), lane), Const(32, 1)), Const(32, 0))},
		// The key's offset past the cache of 2^20 blocks.
		{Ule(Mul(Const(64, 1<<20), ZExt(bs, 64)), off)},
		// seq_idx * max_num_blocks_per_seq in int.
		{Overflows(OpMulOvf, by, blocks, true)},
		{Overflows(OpMulOvf, by, blocks, true), Ule(blocks, Const(32, 524416))},
		{Overflows(OpMulOvf, by, blocks, true), Ule(blocks, Const(32, 262144))},
	}
	var out [][]*Term
	for _, q := range qs {
		out = append(out, append(append([]*Term(nil), launch...), q...))
	}
	return out
}

// BenchmarkDecideQuery is the range step's decision (intervals, guess,
// enumeration, linear) of each benchQueries query.
func BenchmarkDecideQuery(b *testing.B) {
	qs := benchQueries()
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range qs {
			DecideQuery(q, nil, always, true)
		}
	}
}

// BenchmarkRefute is Refute (intervals, enumeration, disjunction cases)
// of each benchQueries query.
func BenchmarkRefute(b *testing.B) {
	qs := benchQueries()
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range qs {
			Refute(q)
		}
	}
}

// BenchmarkFactsDecideQuery is BenchmarkDecideQuery with the launch's
// conjuncts derived once as Facts (as the solver keeps them for the
// queries of one kernel), each query adding only its goal.
func BenchmarkFactsDecideQuery(b *testing.B) {
	qs := benchQueries()
	n := len(qs[0]) - 1 // the launch's conjuncts: all but the goal
	f := NewFacts(qs[0][:n])
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range qs {
			f.DecideQuery(q[n:], nil, always, true)
		}
	}
}
