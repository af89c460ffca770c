package symex

import (
	"context"

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
	r, full, err := s.Check(ctx, t.query(pc, sym.BAnd(goal...)))
	if err != nil || r != solver.Sat {
		return m
	}
	for name, v := range m {
		full[name] = v
	}
	return full
}
