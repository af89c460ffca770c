package symex

import (
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Stored-value bounds: a load from a static __shared__ variable reads a
// value some thread of the block stored there (shared memory starts
// undefined, so a read of what no store wrote is the uninit checker's
// business, not a value to reason about). When every write of the region
// is a store whose value the engine knows, the loaded value lies in the
// union of the stored values' ranges: a limit on the load's variable,
// which anchors nothing (a check that needs a particular value stays
// data-dependent), but lets a check that holds at every value the block
// can store be decided (a threshold bin read back from shared memory and
// used as an index, bug_refine_rounds_shared_index.cu).
//
// The bound is kept out where the engine cannot see every write: a
// region whose address reached a call not inlined, an intrinsic or an
// inline-asm statement, memory (a stored pointer), an integer, a struct
// field or a merge of pointers into different regions (clobbered: a
// store through a pointer of lost region may reach it); an atomic or a
// copy (no stored value); a store of another width than the load; a
// truncated execution, or one with calls of a callee not resolved (a
// lambda names the kernel's __shared__ variables); a __shared__ variable
// of a function some call did not inline (cutShared); and
// dynamic (extern) shared memory, whose arrays alias one another. A
// pointer the engine never saw come
// from a region (a load of a pointer, an opaque call's result) is taken
// not to point into one whose address never escaped.

// clobber records that the region a value points into may be written by
// code the engine does not execute.
func (x *executor) clobber(v Value) {
	if v.Ptr != nil && v.Ptr.Region != nil {
		if x.clobbered == nil {
			x.clobbered = map[*Region]bool{}
		}
		x.clobbered[v.Ptr.Region] = true
	}
}

// boundSharedLoads adds, for each integer load of a static __shared__
// variable all of whose writes are known stores of its width, the range
// of the stored values to the trace's limits.
func (x *executor) boundSharedLoads() {
	t := x.t
	if t.Stats.Truncated || x.unresolvedCalls {
		// A call not resolved may be a lambda that stores to the
		// kernel's __shared__ variables by name.
		return
	}
	for _, a := range t.Accesses {
		if a.StoredIn != nil {
			// Its address is in memory: a pointer loaded back writes
			// through a region the engine no longer knows.
			x.clobber(Value{Ptr: &Pointer{Region: a.StoredIn}})
		}
	}
	type span struct {
		size       int64
		lo, hi     int64
		ok, signed bool
	}
	spans := map[*Region]*span{}
	bad := map[*Region]bool{}
	global := append(append([]*sym.Term(nil), t.Assumptions...), t.Limits...)
	for _, a := range t.Accesses {
		r := a.Region
		if !a.Write || !staticShared(r) || bad[r] || x.clobbered[r] || x.cut[r.Var] {
			continue
		}
		it, isInt := a.Elem.(*ir.IntType)
		if _, store := a.Node.(*ir.Store); !store || !isInt || a.Stored == nil || a.StoredIn != nil ||
			a.Stored.IsBool() || a.Stored.Width != it.Bits || int64(it.Bits/8) != a.Size {
			bad[r] = true
			continue
		}
		s := spans[r]
		if s == nil {
			s = &span{size: a.Size, signed: it.Signed}
			spans[r] = s
		}
		if s.size != a.Size || s.signed != it.Signed {
			bad[r] = true
			continue
		}
		cs := append(append([]*sym.Term(nil), global...), a.PC...)
		var lo, hi int64
		var ok bool
		if it.Signed {
			lo, hi, ok = sym.SignedBounds(cs, a.Stored)
		} else {
			var ulo, uhi uint64
			ulo, uhi, ok = sym.Bounds(cs, a.Stored)
			ok = ok && uhi < 1<<63
			lo, hi = int64(ulo), int64(uhi)
		}
		if !ok {
			// The store's path is refuted (it never runs) or its value
			// has no bound worth keeping.
			if _, _, feasible := sym.Bounds(cs, sym.Const(32, 0)); feasible {
				bad[r] = true
			}
			continue
		}
		if !s.ok {
			s.lo, s.hi, s.ok = lo, hi, true
			continue
		}
		s.lo, s.hi = min(s.lo, lo), max(s.hi, hi)
	}
	for _, a := range t.Accesses {
		r := a.Region
		s := spans[r]
		if a.Write || a.Value == nil || s == nil || !s.ok || bad[r] || x.clobbered[r] || x.cut[r.Var] || a.Size != s.size {
			continue
		}
		it, isInt := a.Elem.(*ir.IntType)
		if !isInt || it.Signed != s.signed || a.Value.Width != it.Bits {
			continue
		}
		w := a.Value.Width
		if s.signed {
			t.Limits = append(t.Limits, sym.Sle(sym.Int(w, s.lo), a.Value), sym.Sle(a.Value, sym.Int(w, s.hi)))
		} else {
			t.Limits = append(t.Limits, sym.Ule(sym.Const(w, uint64(s.lo)), a.Value), sym.Ule(a.Value, sym.Const(w, uint64(s.hi))))
		}
	}
}

// staticShared reports whether r is a __shared__ variable of fixed size
// (not extern __shared__ memory, whose arrays alias).
func staticShared(r *Region) bool {
	if r == nil || r.Space != ir.Shared || r.Var == nil || r.Var.Kind != ir.SharedVar {
		return false
	}
	if at, ok := r.Var.Type.(*ir.ArrayType); ok {
		return at.Len >= 0
	}
	return true
}

// cutShared records the static __shared__ variables declared by f and the
// functions it calls, which a call of f not inlined may store to.
func (x *executor) cutShared(f *ir.Func) {
	ir.InspectReachable(f, func(n ir.Node) bool {
		if d, ok := n.(*ir.DeclStmt); ok && d.Var.Kind == ir.SharedVar {
			if x.cut == nil {
				x.cut = map[*ir.Var]bool{}
			}
			x.cut[d.Var] = true
		}
		return true
	})
}
