package solver

import (
	"fmt"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// evaluator is sym.Eval with a memo: path conditions share subterms, and
// sym.Eval walks a term as a tree, which is exponential on deep sharing.
// Each operator is still computed by sym's own semantics (sym.Apply on
// the arguments' values).
type evaluator struct {
	env  Model
	memo map[*sym.Term]uint64
}

func (e *evaluator) eval(t *sym.Term) (uint64, error) {
	if t.Op == sym.OpConst {
		return t.Val, nil
	}
	if v, ok := e.memo[t]; ok {
		return v, nil
	}
	v, err := e.compute(t)
	if err != nil {
		return 0, err
	}
	e.memo[t] = v
	return v, nil
}

func (e *evaluator) compute(t *sym.Term) (uint64, error) {
	switch t.Op {
	case sym.OpVar:
		v, ok := e.env[t.Name]
		if !ok {
			return 0, fmt.Errorf("sym: no value for %s", t.Name)
		}
		return sym.VarValue(t, v), nil
	case sym.OpIte:
		c, err := e.eval(t.Args[0])
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return e.eval(t.Args[1])
		}
		return e.eval(t.Args[2])
	case sym.OpBAnd, sym.OpBOr:
		stop := uint64(0) // the value that decides a conjunction
		if t.Op == sym.OpBOr {
			stop = 1
		}
		for _, a := range t.Args {
			v, err := e.eval(a)
			if err != nil || v == stop {
				return v, err
			}
		}
		return 1 - stop, nil
	}
	var buf [3]uint64 // no operator has more operands: no allocation
	args := buf[:0]
	for _, a := range t.Args {
		v, err := e.eval(a)
		if err != nil {
			return 0, err
		}
		args = append(args, v)
	}
	return sym.Apply(t, args), nil
}
