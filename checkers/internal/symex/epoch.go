package symex

import (
	"fmt"
	"go/token"
	"math/bits"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// epochs counts the barriers a thread has passed: block counts block and
// grid barriers, warp counts those and warp barriers (__syncwarp,
// tile.sync). Both are 64-bit terms. Outside loops they are constants
// (ite over branch conditions after an if with a barrier on one side);
// inside a loop with barriers they are per-iteration variables defined by
// Relations:
//
//	epoch_k = epoch_0 + k·d     (d barriers per iteration, the same on every path)
//
// so two threads in the same barrier interval of such a loop are in the
// same iteration. After the loop the epoch is epoch_0 + N·d with N the
// loop's trip count, one Uniform variable: every thread passes the same
// barriers (barrierdiv reports the loops where they do not). A loop whose
// barriers per iteration are not constant gets Unknown epochs: nothing is
// then concluded about its intervals. grid counts the grid barriers
// (cooperative groups' this_grid().sync()), which order the accesses of
// different blocks; it is constant through loops that hold neither a
// grid barrier nor a call.
type epochs struct{ block, warp, grid *sym.Term }

func zeroEpochs() epochs {
	z := sym.Const(64, 0)
	return epochs{z, z, z}
}

// merge is ite(c, e, o) on epochs.
func (e epochs) merge(c *sym.Term, o epochs) epochs {
	m := func(a, b *sym.Term) *sym.Term {
		switch {
		case a == nil:
			return b
		case b == nil:
			return a
		}
		return sym.Ite(c, a, b)
	}
	return epochs{m(e.block, o.block), m(e.warp, o.warp), m(e.grid, o.grid)}
}

// BarrierEvent is one barrier (ir.Sync) as executed: the epochs before it.
type BarrierEvent struct {
	Node             *ir.Sync
	Pos              token.Pos
	PC               []*sym.Term
	Epoch, WarpEpoch *sym.Term
	Inline           []token.Pos
}

// WarpEvent is a warp collective with an explicit mask (__shfl_*_sync,
// __ballot_sync, __any/__all_sync, __match_any_sync, __reduce_*_sync) or
// a __syncwarp: the lanes of Mask must all reach it together.
type WarpEvent struct {
	Node ir.Expr // *ir.Warp or *ir.Sync
	Pos  token.Pos
	// Mask is the 32-bit mask as evaluated by the calling thread (the full
	// mask for __syncwarp()).
	Mask *sym.Term
	PC   []*sym.Term
	// Exited holds for a thread that returned from the kernel before the
	// call: such lanes may be named in the mask (they have exited).
	Exited           *sym.Term
	Epoch, WarpEpoch *sym.Term
	Inline           []token.Pos
}

// barrier records a barrier and advances the epochs; __syncwarp is also
// a warp event (its mask must cover the lanes that reach it).
func (x *executor) barrier(e *ir.Sync, mask Value, st *state) {
	x.t.Barriers = append(x.t.Barriers, &BarrierEvent{Node: e, Pos: e.P, PC: append([]*sym.Term(nil), st.PC...),
		Epoch: st.X.block, WarpEpoch: st.X.warp, Inline: append([]token.Pos(nil), x.inline...)})
	if e.Kind == ir.SyncWarp {
		if e.Mask == nil {
			mask = Value{T: sym.Const(32, 0xffffffff)}
		}
		x.warpEvent(e, mask, st)
	}
	one := sym.Const(64, 1)
	switch e.Kind {
	case ir.SyncBlock:
		st.X = epochs{sym.Add(st.X.block, one), sym.Add(st.X.warp, one), st.X.grid}
	case ir.SyncGrid:
		st.X = epochs{sym.Add(st.X.block, one), sym.Add(st.X.warp, one), sym.Add(st.X.grid, one)}
	case ir.SyncWarp, ir.SyncTile:
		st.X.warp = sym.Add(st.X.warp, one)
	}
}

// warpEvent records a collective whose mask is a 32-bit value.
func (x *executor) warpEvent(n ir.Expr, mask Value, st *state) {
	if mask.T == nil || mask.T.Width != 32 {
		return
	}
	x.t.WarpEvents = append(x.t.WarpEvents, &WarpEvent{Node: n, Pos: n.Pos(), Mask: mask.T,
		PC: append([]*sym.Term(nil), st.PC...), Exited: sym.BOr(x.exits...),
		Epoch: st.X.block, WarpEpoch: st.X.warp, Inline: append([]token.Pos(nil), x.inline...)})
}

// returnEpochs merges the epochs of an inlined callee's return states:
// ite over the conditions each return added to the caller's path.
func returnEpochs(fr *frame, st *state) epochs {
	var out *epochs
	for i := len(fr.returns) - 1; i >= 0; i-- {
		rs := fr.returns[i]
		if out == nil {
			e := rs.X
			out = &e
			continue
		}
		extra := sym.BAnd(rs.PC[min(len(st.PC), len(rs.PC)):]...)
		m := rs.X.merge(extra, *out)
		out = &m
	}
	if out == nil || out.block == nil {
		return st.X
	}
	return *out
}

// iterationEpochs registers the epochs of a loop's symbolic iteration k.
// The grid epoch stays e0's through a loop without a grid barrier.
func (x *executor) iterationEpochs(l *ir.Loop, k *sym.Term, e0 epochs) epochs {
	reg := func(kind string) *sym.Term {
		v := x.t.register(x.name(fmt.Sprintf("%s@%d", kind, x.posLabel(l.P))), 64, Choice, "barrier epoch", l.P, false)
		x.t.Vars[v.Name].Deps = []string{k.Name}
		if x.iterEpochs == nil {
			x.iterEpochs = map[string]bool{}
		}
		x.iterEpochs[v.Name] = true
		return v
	}
	e := epochs{block: reg("epoch"), warp: reg("wepoch"), grid: e0.grid}
	if hasGridSync(l) {
		e.grid = reg("gepoch")
	}
	return e
}

// loopEpochs defines the iteration epochs it (see epochs) from the epochs
// e0 at entry and those at the end of the iteration (next; nil when every
// path leaves the loop), and returns the epochs after the loop: after n
// iterations for a loop that runs a constant n (n >= 0; constTrips), after
// a uniform unknown number of them otherwise.
func (x *executor) loopEpochs(l *ir.Loop, e0, it epochs, next *state, k *sym.Term, n int64) epochs {
	var trips *sym.Term
	one := func(e0, ek, end *sym.Term) *sym.Term {
		// The iteration's epoch is the entry's plus its own count: a
		// witness picks it only as far as it picks the enclosing loop's
		// iteration epoch (which turns out unknown where that loop's
		// barriers per iteration are not constant).
		if info := x.t.Vars[ek.Name]; info != nil {
			for _, v := range e0.Vars() {
				if x.iterEpochs[v.Name] {
					info.Deps = append(info.Deps, v.Name)
				}
			}
		}
		d, exact := uint64(0), true
		if end != nil {
			d, exact = sym.Subst(end, map[string]*sym.Term{ek.Name: sym.Const(64, 0)}).Const()
		} else if hasSync(l) {
			exact = false
		}
		switch {
		case exact && d == 0:
			x.t.Relations = append(x.t.Relations, sym.Eq(ek, e0))
			return e0
		case exact && l.Kind != ir.DoWhileLoop:
			x.t.Relations = append(x.t.Relations, sym.Eq(ek, sym.Add(e0, sym.Mul(k, sym.Const(64, d)))))
			if n >= 0 {
				return sym.Add(e0, sym.Const(64, uint64(n)*d))
			}
			if trips == nil {
				trips = x.t.register(x.name(fmt.Sprintf("trips@%d", x.posLabel(l.P))), 64, Unknown, "trip count", l.P, false)
				x.t.Vars[trips.Name].Uniform = true
				// A kernel runs far fewer than 2^32 barriers: epochs never
				// wrap, so two epochs are equal only if they really are.
				x.t.Limits = append(x.t.Limits, sym.Ule(trips, sym.Const(64, maxBarriers)))
			}
			return sym.Add(e0, sym.Mul(trips, sym.Const(64, d)))
		}
		x.t.Vars[ek.Name].Class = Unknown
		return x.t.register(x.name(fmt.Sprintf("after.epoch@%d", x.posLabel(l.P))), 64, Unknown, "barrier epoch", l.P, false)
	}
	var endB, endW, endG *sym.Term
	if next != nil {
		endB, endW, endG = next.X.block, next.X.warp, next.X.grid
	}
	out := epochs{block: one(e0.block, it.block, endB), warp: one(e0.warp, it.warp, endW), grid: e0.grid}
	if it.grid != e0.grid {
		out.grid = one(e0.grid, it.grid, endG)
	}
	return out
}

// maxBarriers bounds the barriers one thread can execute in a loop.
const maxBarriers = 1 << 32

// hasSync reports whether a loop's body or update holds a barrier or a
// call (which may hold one).
func hasSync(l *ir.Loop) bool {
	return loopHolds(l, func(n ir.Node) bool {
		switch n.(type) {
		case *ir.Sync, *ir.Call:
			return true
		}
		return false
	})
}

// hasGridSync reports whether a loop's body or update holds a grid
// barrier or a call (which may hold one).
func hasGridSync(l *ir.Loop) bool {
	return loopHolds(l, func(n ir.Node) bool {
		switch n := n.(type) {
		case *ir.Sync:
			return n.Kind == ir.SyncGrid
		case *ir.Call:
			return true
		}
		return false
	})
}

// loopHolds reports whether a node of a loop's body or update matches.
func loopHolds(l *ir.Loop, match func(ir.Node) bool) bool {
	found := false
	visit := func(n ir.Node) bool {
		found = found || match(n)
		return !found
	}
	if l.Body != nil {
		ir.Inspect(l.Body, visit)
	}
	if l.Post != nil && !found {
		ir.Inspect(l.Post, visit)
	}
	return found
}

// halving relates a halving induction variable vk to its iteration k
// exactly (for v0 >= 0): vk = v0 >> (k·s) for v >>= s, and for v /= c
// with c a power of two. Another divisor leaves vk Loose.
func (x *executor) halving(vk, v0, k *sym.Term, op ir.BinOp, c int64) {
	s := c
	if op == ir.Div {
		if c&(c-1) != 0 {
			x.t.Vars[vk.Name].Loose = true
			return
		}
		s = int64(bits.TrailingZeros64(uint64(c)))
	}
	w := vk.Width
	sh := sym.Mul(k, sym.Const(64, uint64(s)))
	in := sym.Ult(sh, sym.Const(64, uint64(w)))
	shifted := sym.LShr(v0, sym.Trunc(sh, w))
	if w == 64 {
		shifted = sym.LShr(v0, sh)
	}
	exact := sym.Ite(in, shifted, sym.Const(w, 0))
	x.t.Relations = append(x.t.Relations, sym.Implies(sym.Sle(sym.Const(w, 0), v0), sym.Eq(vk, exact)))
}
