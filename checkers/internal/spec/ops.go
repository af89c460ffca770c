package spec

import (
	"fmt"
	"sort"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

func asInt(t *sym.Term) *sym.Term {
	if t.IsBool() {
		return sym.Ite(t, sym.Int(64, 1), sym.Int(64, 0))
	}
	return t
}

func asBool(t *sym.Term) *sym.Term {
	if t.IsBool() {
		return t
	}
	return sym.Ne(t, sym.Int(64, 0))
}

func unary(op string, x *sym.Term) *sym.Term {
	switch op {
	case "-":
		return sym.Neg(asInt(x))
	case "~":
		return sym.Not(asInt(x))
	case "!":
		return sym.BNot(asBool(x))
	}
	return asInt(x)
}

func binary(op string, x, y *sym.Term) (*sym.Term, error) {
	switch op {
	case "&&":
		return sym.BAnd(asBool(x), asBool(y)), nil
	case "||":
		return sym.BOr(asBool(x), asBool(y)), nil
	}
	x, y = asInt(x), asInt(y)
	switch op {
	case "+":
		return sym.Add(x, y), nil
	case "-":
		return sym.Sub(x, y), nil
	case "*":
		return sym.Mul(x, y), nil
	case "/":
		return sym.SDiv(x, y), nil
	case "%":
		return sym.SRem(x, y), nil
	case "<<":
		return sym.Shl(x, y), nil
	case ">>":
		return sym.AShr(x, y), nil
	case "&":
		return sym.And(x, y), nil
	case "|":
		return sym.Or(x, y), nil
	case "^":
		return sym.Xor(x, y), nil
	case "==":
		return sym.Eq(x, y), nil
	case "!=":
		return sym.Ne(x, y), nil
	case "<":
		return sym.Slt(x, y), nil
	case "<=":
		return sym.Sle(x, y), nil
	case ">":
		return sym.Sgt(x, y), nil
	case ">=":
		return sym.Sge(x, y), nil
	}
	return nil, fmt.Errorf("unsupported operator %s", op)
}

func call(fn string, a []*sym.Term) (*sym.Term, error) {
	switch fn {
	case "min":
		return sym.Ite(sym.Slt(a[0], a[1]), a[0], a[1]), nil
	case "max":
		return sym.Ite(sym.Slt(a[0], a[1]), a[1], a[0]), nil
	case "ceil_div":
		return sym.SDiv(sym.Sub(sym.Add(a[0], a[1]), sym.Int(64, 1)), a[1]), nil
	}
	return nil, fmt.Errorf("unsupported function %s", fn)
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
