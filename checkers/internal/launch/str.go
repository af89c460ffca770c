package launch

import (
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/frontend/ir"
)

// strval is a host string. A literal's text is known; any other string
// (a parameter such as kv_cache_dtype, a call's result) is opaque, and
// its comparison with a literal is one unknown per (string, literal),
// shared by every comparison of that string with that literal. A
// launcher that checks `if (dtype == "fp8") TORCH_CHECK(...)` and later
// launches under the same test therefore launches only on paths where
// the check passed; with one unknown per comparison the two tests were
// independent, and the launch was reached without the check.
type strval struct {
	name  string // the variable's name, for -dump=sizes
	lit   string
	known bool
}

// isStringType reports whether t is a std::string, std::string_view or
// c10::string_view (references are lowered to their referent).
func isStringType(t ir.Type) bool {
	st, ok := t.(*ir.StructType)
	if !ok {
		return false
	}
	n := strings.TrimPrefix(st.Name, "const ")
	for _, s := range []string{"basic_string", "std::string", "string_view", "basic_string_view"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// stringOperand is the string value of e, a comparison's operand: a
// string-typed value or a literal (also through the conversion that
// builds a std::string from it).
func (x *executor) stringOperand(e ir.Expr, v value) *strval {
	if v.str != nil {
		return v.str
	}
	if l, ok := ir.StripConvert(e).(*ir.StringLit); ok {
		return &strval{lit: l.Val, known: true}
	}
	return nil
}

// strEq is the truth of a == b, or nil when neither is a string whose
// comparison the launch model follows.
func (x *executor) strEq(a, b *strval) *sym.Term {
	switch {
	case a == nil || b == nil:
		return nil
	case a == b:
		return sym.BoolConst(true)
	case a.known && b.known:
		return sym.BoolConst(a.lit == b.lit)
	case a.known:
		a, b = b, a
	case !b.known:
		return nil // two opaque strings
	}
	m := x.streq[a]
	if m == nil {
		m = map[string]*sym.Term{}
		x.streq[a] = m
	}
	if t, ok := m[b.lit]; ok {
		return t
	}
	t := x.newVar(a.name+` == "`+b.lit+`"`, false, choiceVar, 0, false, 0)
	// A string equals at most one literal: facts in a fixed order.
	others := make([]string, 0, len(m))
	for l := range m {
		others = append(others, l)
	}
	sort.Strings(others)
	for _, l := range others {
		x.facts = append(x.facts, sym.BNot(sym.BAnd(t, m[l])))
	}
	m[b.lit] = t
	return t
}
