package symex

import (
	"context"

	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// maxRegionBytes bounds every region in a completion query: no buffer
// exceeds an H200's memory (2^47 bytes is far above it, and only ties the
// lengths into the query).
const maxRegionBytes = 1 << 47

// complete extends a violation's model to the launch a reproducer needs:
// the geometry, the scalar parameters and every region's length, with
// the model's values fixed. The solver's slicing leaves out of m the
// variables unrelated to the violation; they still need values that
// satisfy the assumptions. On failure it returns m.
//
//	∃ rest. assumptions ∧ pc ∧ viol ∧ (v = m(v) for v in m) ∧ (bytes(r) ≤ 2^47 for every region r)
func (t *Trace) complete(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, m solver.Model) solver.Model {
	goal := []*sym.Term{viol}
	for name, v := range m {
		info := t.Vars[name]
		if info == nil {
			continue
		}
		if info.Term.IsBool() {
			if v&1 != 0 {
				goal = append(goal, info.Term)
			} else {
				goal = append(goal, sym.BNot(info.Term))
			}
			continue
		}
		goal = append(goal, sym.Eq(info.Term, sym.Const(info.Term.Width, v)))
	}
	for _, r := range t.Regions {
		if r.Bytes != nil && r.Bytes.Op != sym.OpConst {
			goal = append(goal, sym.Ule(r.Bytes, sym.Const(r.Bytes.Width, maxRegionBytes)))
		}
	}
	if t.Spec != nil && t.Spec.Smem != nil && t.Spec.Smem.Op != sym.OpConst {
		goal = append(goal, sym.Ule(t.Spec.Smem, sym.Const(t.Spec.Smem.Width, 1<<20)))
	}
	// A buffer the witness leaves free (no launcher check relates it to
	// the others) is asked to be as large as the largest one it fixes, so
	// that a reproducer does not trip over a short output first (and at
	// most twice that, so the buffers fit a GPU); without
	// that wish if it cannot hold.
	r, full, err := s.Check(ctx, t.query(pc, sym.BAnd(append(t.generous(m), goal...)...)))
	if err != nil || r != solver.Sat {
		r, full, err = s.Check(ctx, t.query(pc, sym.BAnd(goal...)))
		if err == nil && r == solver.Sat && t.modelBytes(merged(full, m)) >= uint64(model.DeviceMemory) {
			// The solver put a buffer the violation does not size at a
			// corner (141 GB: a null pointer's witness no GPU but an
			// H200 holds): ask for the free buffers at most a bound,
			// growing until one holds.
			for _, bound := range []uint64{smallRegionBytes, 1 << 30, 16 << 30} {
				if r2, got, err2 := s.Check(ctx, t.query(pc, sym.BAnd(append(t.capped(m, bound), goal...)...))); err2 == nil && r2 == solver.Sat {
					full = got
					break
				}
			}
		}
	}
	if err != nil || r != solver.Sat {
		return m
	}
	return merged(full, m)
}

// merged returns full with m's values over it.
func merged(full, m solver.Model) solver.Model {
	for name, v := range m {
		full[name] = v
	}
	return full
}

// capped returns, for each region whose length m leaves free, that it
// holds at most bound bytes.
func (t *Trace) capped(m solver.Model, bound uint64) []*sym.Term {
	var out []*sym.Term
	for _, r := range t.Regions {
		if r.Bytes != nil && !fixedBy(r.Bytes, m) {
			out = append(out, sym.Ule(r.Bytes, sym.Const(r.Bytes.Width, bound)))
		}
	}
	return out
}

// fixedBy reports whether m gives every variable of e a value.
func fixedBy(e *sym.Term, m solver.Model) bool {
	for _, v := range e.Vars() {
		if _, ok := m[v.Name]; !ok {
			return false
		}
	}
	return true
}

// generous returns, for each region whose length m leaves free, that it
// holds as many bytes as the largest region m fixes, up to twice that;
// at most smallRegionBytes when m fixes none.
func (t *Trace) generous(m solver.Model) []*sym.Term {
	var largest uint64
	for _, r := range t.Regions {
		if r.Bytes != nil && fixedBy(r.Bytes, m) {
			if b, err := sym.Eval(r.Bytes, m.Env()); err == nil && b > largest && b <= maxRegionBytes {
				largest = b
			}
		}
	}
	var out []*sym.Term
	for _, r := range t.Regions {
		switch {
		case r.Bytes == nil || fixedBy(r.Bytes, m):
		case largest > 0:
			out = append(out, sym.Uge(r.Bytes, sym.Const(r.Bytes.Width, largest)),
				sym.Ule(r.Bytes, sym.Const(r.Bytes.Width, 2*largest)))
		default:
			// The violation fixes no buffer (a race or an uninitialised
			// read in shared memory): small buffers, so that the grid they
			// size is small and a sanitizer finishes.
			out = append(out, sym.Ule(r.Bytes, sym.Const(r.Bytes.Width, smallRegionBytes)))
		}
	}
	return out
}

// smallRegionBytes bounds the free regions of a completion whose model
// fixes none.
const smallRegionBytes = 16 << 20

// completeLauncher extends w.Launch to the inputs of the launcher the
// spec comes from: the launch's variables keep their values; the
// launcher's other inputs (a tensor the kernel does not take, a
// dimension it does not use) take values that its checks on the path
// and the shapes' relations accept, at most launcherSmall where they
// can. It sets w.Host when they can hold together; when not, the
// launcher never makes this launch with these values, and a reproducer
// can only launch the kernel alone.
func (t *Trace) completeLauncher(ctx context.Context, s solver.Solver, w *Witness) {
	if t.Spec == nil || t.Spec.Launcher == nil || w.Launch == nil {
		return
	}
	l := t.Spec.Launcher
	ctx = solver.WithoutCache(ctx)
	goal := append(append([]*sym.Term(nil), l.Facts()...), t.Spec.Assume...)
	vars := map[string]*sym.Term{}
	add := func(ts ...*sym.Term) {
		for _, e := range ts {
			if e != nil {
				for _, v := range e.Vars() {
					vars[v.Name] = v
				}
			}
		}
	}
	// A parameter's variable that no fact mentions stays out of the model
	// (a reproducer takes 1 for a dimension).
	add(goal...)
	var small []*sym.Term
	for name, v := range vars {
		if val, ok := w.Launch[name]; ok {
			goal = append(goal, fix(v, val))
		} else if !v.IsBool() {
			small = append(small, sym.Sle(sym.Int(v.Width, 0), v), sym.Sle(v, sym.Int(v.Width, launcherSmall)))
		}
	}
	r, m, err := s.Check(ctx, solver.Query{Goal: sym.BAnd(append(small, goal...)...)})
	if err != nil || r != solver.Sat {
		r, m, err = s.Check(ctx, solver.Query{Goal: sym.BAnd(goal...)})
	}
	if err != nil || r != solver.Sat {
		return
	}
	w.Host = solver.Model{}
	for name, v := range m {
		if _, ok := w.Launch[name]; !ok {
			w.Host[name] = v
		}
	}
}

// launcherSmall bounds the launcher inputs a completion picks freely.
const launcherSmall = 4096
