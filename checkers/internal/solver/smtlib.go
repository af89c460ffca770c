package solver

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
)

// SMTLIB returns q as an SMT-LIB2 script in QF_BV: a declare-fun per
// variable, a define-fun per shared compound subterm (so the text stays
// linear in the size of the term DAG), an assert per constraint, the goal's
// assert, and check-sat. sym's overflow predicates are not SMT-LIB 2.6
// operators and are written out with wider arithmetic (mulovf_s: the
// 2w-bit product differs from the sign extension of its low w bits). Z3
// and other solvers read the text as is; `cudavet -dump=queries` prints it.
func SMTLIB(q Query) string {
	vars, err := q.Vars()
	if err != nil {
		return "; invalid query: " + err.Error() + "\n"
	}
	w := smtWriter{refs: map[string]int{}, names: map[string]string{}, prefix: "t!"}
	for prefixTaken(vars, w.prefix) {
		w.prefix = "_" + w.prefix
	}
	w.b.WriteString("(set-logic QF_BV)\n")
	for _, v := range vars {
		fmt.Fprintf(&w.b, "(declare-fun %s () %s)\n", symbol(v.Name), smtSort(v.Width))
	}
	for _, t := range q.Terms() {
		w.count(t, 1)
	}
	for _, t := range q.Terms() {
		w.define(t)
	}
	for _, c := range q.Constraints {
		fmt.Fprintf(&w.b, "(assert %s)\n", w.expr(c))
	}
	if q.Goal != nil {
		fmt.Fprintf(&w.b, "(assert %s) ; goal\n", w.expr(q.Goal))
	}
	w.b.WriteString("(check-sat)\n")
	return w.b.String()
}

type smtWriter struct {
	b      strings.Builder
	refs   map[string]int    // uses of each compound subterm, by Key
	names  map[string]string // define-fun name of each shared subterm, by Key
	prefix string            // of define-fun names, unlike any variable's
}

func prefixTaken(vars []*sym.Term, prefix string) bool {
	for _, v := range vars {
		if strings.HasPrefix(v.Name, prefix) {
			return true
		}
	}
	return false
}

func leaf(t *sym.Term) bool { return t.Op == sym.OpConst || t.Op == sym.OpVar }

// count adds n uses of t; the first visit of a subterm counts its
// arguments. Overflow predicates use their arguments twice or more.
func (w *smtWriter) count(t *sym.Term, n int) {
	if leaf(t) {
		return
	}
	w.refs[t.Key()] += n
	if w.refs[t.Key()] > n {
		return
	}
	uses := 1
	if t.Op == sym.OpAddOvf || t.Op == sym.OpSubOvf || t.Op == sym.OpMulOvf {
		uses = 2
	}
	for _, a := range t.Args {
		w.count(a, uses)
	}
}

// define writes define-fun lines for t's shared subterms, innermost first.
func (w *smtWriter) define(t *sym.Term) {
	if leaf(t) || w.names[t.Key()] != "" {
		return
	}
	for _, a := range t.Args {
		w.define(a)
	}
	if w.refs[t.Key()] > 1 {
		name := w.prefix + strconv.Itoa(len(w.names)+1)
		fmt.Fprintf(&w.b, "(define-fun %s () %s %s)\n", name, smtSort(t.Width), w.expr(t))
		w.names[t.Key()] = name
	}
}

func (w *smtWriter) expr(t *sym.Term) string {
	if name := w.names[t.Key()]; name != "" {
		return name
	}
	switch t.Op {
	case sym.OpConst:
		if t.IsBool() {
			return strconv.FormatBool(t.Val != 0)
		}
		return fmt.Sprintf("(_ bv%d %d)", t.Val, t.Width)
	case sym.OpVar:
		return symbol(t.Name)
	case sym.OpZExt, sym.OpSExt:
		ext := map[sym.Op]string{sym.OpZExt: "zero_extend", sym.OpSExt: "sign_extend"}[t.Op]
		return fmt.Sprintf("((_ %s %d) %s)", ext, t.Width-t.Args[0].Width, w.expr(t.Args[0]))
	case sym.OpTrunc:
		return fmt.Sprintf("((_ extract %d 0) %s)", t.Width-1, w.expr(t.Args[0]))
	case sym.OpAddOvf, sym.OpSubOvf, sym.OpMulOvf:
		return overflowText(t, w.expr(t.Args[0]), w.expr(t.Args[1]))
	}
	args := make([]string, len(t.Args))
	for i, a := range t.Args {
		args[i] = w.expr(a)
	}
	return "(" + t.Op.String() + " " + strings.Join(args, " ") + ")"
}

// overflowText writes an overflow predicate on x and y (w bits) in plain
// QF_BV.
func overflowText(t *sym.Term, x, y string) string {
	w := t.Args[0].Width
	neg := func(e string) string { return fmt.Sprintf("(bvslt %s (_ bv0 %d))", e, w) }
	switch {
	case t.Op == sym.OpAddOvf && !t.Signed: // the sum wraps below x
		return fmt.Sprintf("(bvult (bvadd %s %s) %s)", x, y, x)
	case t.Op == sym.OpSubOvf && !t.Signed:
		return fmt.Sprintf("(bvult %s %s)", x, y)
	case t.Op == sym.OpMulOvf && !t.Signed: // the high half of the 2w-bit product is not 0
		return fmt.Sprintf("(not (= ((_ extract %d %d) (bvmul ((_ zero_extend %d) %s) ((_ zero_extend %d) %s))) (_ bv0 %d)))",
			2*w-1, w, w, x, w, y, w)
	case t.Op == sym.OpAddOvf: // same signs in, another sign out
		return fmt.Sprintf("(and (= %s %s) (distinct %s %s))", neg(x), neg(y), neg("(bvadd "+x+" "+y+")"), neg(x))
	case t.Op == sym.OpSubOvf: // different signs in, the result's sign is not x's
		return fmt.Sprintf("(and (distinct %s %s) (distinct %s %s))", neg(x), neg(y), neg("(bvsub "+x+" "+y+")"), neg(x))
	default: // the 2w-bit product is not the sign extension of its low half
		return fmt.Sprintf("(let ((p (bvmul ((_ sign_extend %d) %s) ((_ sign_extend %d) %s)))) (not (= p ((_ sign_extend %d) ((_ extract %d 0) p)))))",
			w, x, w, y, w, w-1)
	}
}

func smtSort(w int) string {
	if w == 0 {
		return "Bool"
	}
	return fmt.Sprintf("(_ BitVec %d)", w)
}

// symbol returns name as an SMT-LIB symbol: as is when it is a simple
// symbol, else quoted in bars ('|' and '\' cannot be quoted; they become '_').
func symbol(name string) string {
	simple := name != "" && (name[0] < '0' || name[0] > '9')
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("~!@$%^&*_-+=<>.?/", r)) {
			simple = false
		}
	}
	if simple {
		return name
	}
	return "|" + strings.NewReplacer("|", "_", `\`, "_").Replace(name) + "|"
}
