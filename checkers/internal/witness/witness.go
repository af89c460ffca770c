// Package witness formats what the symbolic checkers report: a C-like
// text of an IR expression, the sizes that trigger a violation ("when
// num_tokens >= 74899 with d = 14336"), and the witness (launch, thread,
// sizes) as related information for the CLI, JSON and the editor.
package witness

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"golang.org/x/tools/go/analysis"
)

// Prefix starts the message of every related entry that carries the
// witness, so that `-witness=false` can hide them.
const Prefix = "witness: "

// Value returns the value of a variable in the witness, read by its
// signedness.
func Value(info *symex.VarInfo, w *symex.Witness) (int64, bool) {
	v, ok := w.Model[info.Term.Name]
	if !ok {
		return 0, false
	}
	if info.Signed && info.Term.Width > 0 {
		return sym.SignExtend(v, info.Term.Width), true
	}
	return int64(v), true
}

// When describes the sizes of a violation: "when M >= 74899 with OC =
// 28672", or "with M = 3, OC = 28672" without a threshold. Only the sizes
// the violation or its path depends on are named (see symex.Trace.Sizes),
// fixed before user.
func When(tr *symex.Trace, w *symex.Witness, relevant []*sym.Term) string {
	return when(tr, w, relevant, true)
}

// WhenAt is When for violations that need not persist for larger sizes
// (a misalignment at hidden_size = 4098 is gone at 4100): the threshold
// is named as the value it is, "when hidden_size = 4098".
func WhenAt(tr *symex.Trace, w *symex.Witness, relevant []*sym.Term) string {
	return when(tr, w, relevant, false)
}

func when(tr *symex.Trace, w *symex.Witness, relevant []*sym.Term, monotone bool) string {
	var fixed, user []string
	for _, info := range tr.Sizes(relevant) {
		if selector(info) || (w.Threshold != nil && w.Threshold.Var == info) {
			continue
		}
		val, ok := Value(info, w)
		if !ok {
			continue
		}
		s := fmt.Sprintf("%s = %d", name(info), val)
		if o := origin(info, w, val); o != "" {
			s += " (" + o + ")"
		}
		if info.Class == symex.Fixed {
			fixed = append(fixed, s)
		} else {
			user = append(user, s)
		}
	}
	sort.Strings(fixed)
	sort.Strings(user)
	rest := append(fixed, user...)
	var b strings.Builder
	if th := w.Threshold; th != nil {
		val := int64(th.Value)
		if th.Var.Signed && th.Var.Term.Width > 0 {
			val = sym.SignExtend(th.Value, th.Var.Term.Width)
		}
		op := ">="
		if !monotone {
			op = "="
		}
		fmt.Fprintf(&b, "when %s %s %d", name(th.Var), op, val)
		if len(rest) > 0 {
			b.WriteString(" with " + strings.Join(rest, ", "))
		}
		return b.String()
	}
	if len(rest) > 0 {
		return "with " + strings.Join(rest, ", ")
	}
	return ""
}

// name is a size's display name with its source when the source says
// more than the name ("M (rows of input)").
func name(info *symex.VarInfo) string {
	if info.Source == "" || info.Source == info.Display {
		return info.Display
	}
	return info.Display + " (" + info.Source + ")"
}

// selector reports the profile selector of a launch (see launch), which
// messages name through the origins of the fixed sizes.
func selector(info *symex.VarInfo) bool {
	return info.Profile != nil && info.Profile == info.Term
}

// origin names the profile and formula of a fixed size's value in the
// witness: "Llama-3-8B: 2 × intermediate_size".
func origin(info *symex.VarInfo, w *symex.Witness, val int64) string {
	if info.Profile == nil || info.Origins == nil {
		return ""
	}
	p, ok := w.Model[info.Profile.Name]
	if !ok {
		return ""
	}
	return info.Origins[[2]int64{int64(p), val}]
}

// Related returns the witness as related entries at pos: the launch
// configuration, the thread, and the sizes.
func Related(tr *symex.Trace, w *symex.Witness, pos token.Pos, context string) []analysis.RelatedInformation {
	// A dimension the witness does not mention is unconstrained: show the
	// smallest legal value (1 for sizes, 0 for indices).
	get := func(name string) string {
		if v, ok := w.Model[name]; ok {
			return fmt.Sprint(v)
		}
		if strings.HasPrefix(name, "gridDim") || strings.HasPrefix(name, "blockDim") {
			return "1"
		}
		return "0"
	}
	dim3 := func(prefix string) string {
		return fmt.Sprintf("(%s, %s, %s)", get(prefix+".x"), get(prefix+".y"), get(prefix+".z"))
	}
	out := []analysis.RelatedInformation{
		{Pos: pos, Message: Prefix + fmt.Sprintf("launch grid %s block %s", dim3("gridDim"), dim3("blockDim"))},
		{Pos: pos, Message: Prefix + fmt.Sprintf("thread blockIdx %s threadIdx %s", dim3("blockIdx"), dim3("threadIdx"))},
	}
	var sizes []string
	for _, info := range tr.SortedVars() {
		if info.Class != symex.Fixed && info.Class != symex.User {
			continue
		}
		v, ok := Value(info, w)
		switch {
		case ok && selector(info):
			sizes = append(sizes, "model="+strings.ReplaceAll(info.Origins[[2]int64{v, v}], " ", "_"))
		case ok:
			sizes = append(sizes, fmt.Sprintf("%s=%d", info.Display, v))
		}
	}
	for _, r := range tr.Regions {
		if r.LenVar == nil || r.LenVar.Op == sym.OpConst {
			continue
		}
		if v, err := sym.Eval(r.LenVar, w.Model.Env()); err == nil {
			sizes = append(sizes, fmt.Sprintf("len(%s)=%d", r.Name, int64(v)))
		}
	}
	if len(sizes) > 0 {
		out = append(out, analysis.RelatedInformation{Pos: pos, Message: Prefix + "sizes " + strings.Join(sizes, " ")})
	}
	// The entries of index tensors the witness chose (a block table's
	// block), which the sizes alone do not show.
	var data []string
	for _, info := range tr.SortedVars() {
		if info.Class != symex.Data || !info.Index {
			continue
		}
		if v, ok := Value(info, w); ok {
			data = append(data, fmt.Sprintf("%s=%d", info.Display, v))
		}
	}
	if len(data) > 0 {
		out = append(out, analysis.RelatedInformation{Pos: pos, Message: Prefix + "data " + strings.Join(data, " ")})
	}
	if context != "" {
		out = append(out, analysis.RelatedInformation{Pos: pos, Message: Prefix + "context " + context})
	}
	return append(out, ReproRelated(tr, w, pos)...)
}
