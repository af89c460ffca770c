package symex

import (
	"context"

	"github.com/cudavet/cudavet/checkers/internal/solver"
	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// maxEveryValue is the most values of an unknown input everyValue
// enumerates: a byte, a radix bin, a warp lane's worth of choices.
const maxEveryValue = 512

// everyValue decides a violation that needs particular values of its one
// unknown input for a fixed choice of thread and iteration, but holds for
// every value that input can take with a choice made per value:
//
//	∃ anchored. ∀ v ∈ [lo, hi]. ∃ choice. global ∧ pc ∧ viol
//
// A threshold bin one thread stored in shared memory and every thread
// reads back as an index (v in 0..255 by the values stored,
// stored.go) names a location that, whatever the bin, the next round's
// clearing thread of that bin writes: a race for every value, though no
// single clearing thread collides with every value. v's range is an
// over-approximation of its values (its type, the limits of the stored
// values, the path's bounds), so every value of it violating is every
// value the kernel can load violating. The anchored inputs stay those
// of m0, the model the search found first; a value the path excludes
// under them is not asked. Other unknown inputs may appear only on the
// path, where they decide whether the access is reached (as
// reachedOverrun allows), not in the violation. It returns the model
// whose anchored values violate for every value, nil if there is none.
func (t *Trace) everyValue(ctx context.Context, s solver.Solver, pc []*sym.Term, viol *sym.Term, m0 solver.Model, anch map[string]bool) (solver.Model, error) {
	unk := t.unknownInputs(viol.Vars(), anch)
	if len(unk) != 1 {
		return nil, nil
	}
	if m0 == nil {
		// The search stopped at a strengthened goal: any violating model
		// gives the anchored values to hold.
		r, m, err := s.Check(ctx, t.query(pc, viol))
		if err != nil || r != solver.Sat {
			return nil, err
		}
		m0 = m
	}
	v := unk[0]
	lo, hi, ok := sym.Bounds(append(t.global(), pc...), v)
	if !ok || hi-lo >= maxEveryValue {
		return nil, nil
	}
	fixed := append([]*sym.Term(nil), pc...)
	for name, val := range m0 {
		if info := t.Vars[name]; info != nil && anch[name] {
			fixed = append(fixed, fix(info.Term, val))
		}
	}
	// The ends first: a value the violation misses is most often one.
	order := []uint64{lo}
	if hi != lo {
		order = append(order, hi)
	}
	for k := lo + 1; k < hi; k++ {
		order = append(order, k)
	}
	admissible := 0
	for _, k := range order {
		at := append(append([]*sym.Term(nil), fixed...), fix(v, k))
		r, _, err := s.Check(ctx, t.query(at, viol))
		if err != nil || r == solver.Unknown {
			return nil, err
		}
		if r == solver.Sat {
			admissible++
			continue
		}
		// Unsat: k misses the violation, unless the path never loads it.
		r, _, err = s.Check(ctx, t.query(at, sym.BoolConst(true)))
		if err != nil || r != solver.Unsat {
			return nil, err
		}
	}
	if admissible == 0 {
		return nil, nil
	}
	return m0, nil
}
