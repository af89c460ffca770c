package solver

import "github.com/cudavet/cudavet/checkers/internal/sym"

// evaluator is sym.Eval with a memo: path conditions share subterms, and
// sym.Eval walks a term as a tree, which is exponential on deep sharing.
// Each operator is still computed by sym.Eval, on constant arguments, so
// the semantics are sym's own.
type evaluator struct {
	env     Model
	memo    map[*sym.Term]uint64
	shallow map[*sym.Term]*sym.Term // t's operator on constant arguments, reused
}

func (e *evaluator) eval(t *sym.Term) (uint64, error) {
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
	case sym.OpConst, sym.OpVar:
		return sym.Eval(t, e.env.Env())
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
	sh := e.shallow[t]
	if sh == nil {
		sh = &sym.Term{Op: t.Op, Width: t.Width, Signed: t.Signed, Args: make([]*sym.Term, len(t.Args))}
		for i, a := range t.Args {
			sh.Args[i] = &sym.Term{Op: sym.OpConst, Width: a.Width}
		}
		if e.shallow == nil {
			e.shallow = map[*sym.Term]*sym.Term{}
		}
		e.shallow[t] = sh
	}
	for i, a := range t.Args {
		v, err := e.eval(a)
		if err != nil {
			return 0, err
		}
		sh.Args[i].Val = v
	}
	return sym.Eval(sh, nil)
}
