package nilptr

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/cudair"
	"github.com/cudavet/cudavet/checkers/internal/checkdoc"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/checkers/internal/witness"
	"github.com/cudavet/cudavet/checkers/symexec"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports accesses through pointers that can be nullptr.
var Analyzer = &analysis.Analyzer{
	Name:       "nilptr",
	Doc:        checkdoc.Doc(doc, "nilptr"),
	URL:        "https://pkg.go.dev/github.com/cudavet/cudavet/checkers/nilptr",
	Requires:   []*analysis.Analyzer{cudair.Analyzer, symexec.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf(cudair.Counts(nil)),
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[symexec.Analyzer].(*symexec.Result)
	// A kernel's belief that a parameter may be null is its comparisons
	// of it with nullptr; a parameter it never compares is not null.
	unchecked := map[string]*sym.Term{}
	for _, r := range res.Runs {
		for _, reg := range r.Trace.Regions {
			if reg.NullBelief && len(reg.NullChecks) == 0 {
				unchecked[reg.Null.Name] = sym.False
			}
		}
	}
	violation := func(a *symex.Access) *sym.Term {
		if a.Null == nil {
			return sym.False
		}
		return sym.Subst(a.Null, unchecked)
	}
	// An access through a pointer that is never null is a check decided
	// by construction (proved safe), not a skipped one: it leaves the
	// kernel's verdict complete.
	skip := func(a *symex.Access) string {
		if v := violation(a); !v.IsFalse() && flagGuarded(res, a, v) {
			return "checks skipped (a flag may stand for the pointer the kernel checks)"
		}
		return ""
	}
	return res.CheckAccesses("nilptr", violation, skip, func(r *symexec.Run, a *symex.Access, w *symex.Witness, viol *sym.Term) {
		pass.Report(diagnostic(pass, r, a, w, viol))
	}), nil
}

func diagnostic(pass *analysis.Pass, r *symexec.Run, a *symex.Access, w *symex.Witness, viol *sym.Term) analysis.Diagnostic {
	msg := symex.Describe(a, witness.Text) + " dereferences " + who(pass, r, a, viol)
	// Sizes do not make a pointer null: they stay in the witness.
	relevant := append(append([]*sym.Term(nil), a.PC...), viol)
	d := analysis.Diagnostic{Pos: a.Pos, Category: "nilptr", Message: msg}
	if flags := path(r.Trace, w, relevant); flags != "" {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: a.Pos, Message: witness.Prefix + "path " + flags})
	}
	d.Related = append(d.Related, witness.Related(r.Trace, w, a.Pos, r.Context)...)
	d.Related = append(d.Related, r.Related()...)
	if a.Region.NullBelief {
		for _, p := range a.Region.NullChecks {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: "the kernel compares " + a.Region.Name + " with nullptr here"})
		}
	}
	for _, call := range a.Inline {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: call, Message: "inlined from this call"})
	}
	return d
}

// who says which pointer is null and why: the parameter and the launch's
// condition, the kernel's own checks, or a null the kernel made.
func who(pass *analysis.Pass, r *symexec.Run, a *symex.Access, viol *sym.Term) string {
	reg := a.Region
	name := reg.Name
	if reg.Null == nil || a.Null.Key() != reg.Null.Key() {
		if cond := condText(r.Trace, viol); cond != "" {
			return "a pointer into " + name + " that is nullptr when " + cond
		}
		return "a pointer into " + name + " that is nullptr on this path"
	}
	if reg.NullBelief {
		var lines []string
		for _, p := range reg.NullChecks {
			lines = append(lines, fmt.Sprint(pass.Fset.Position(p).Line))
		}
		lines = uniq(lines)
		where := "line " + strings.Join(lines, ", ")
		if len(lines) > 1 {
			where = "lines " + strings.Join(lines, ", ")
		}
		return fmt.Sprintf("%s on a path without the null check the kernel makes at %s", name, where)
	}
	site := "the " + r.Context
	if r.Site != nil {
		p := pass.Fset.Position(r.Site.Launch.P)
		site = fmt.Sprintf("the launch in %s at %s:%d", r.Site.Launch.Caller.Name, filepath.Base(p.Filename), p.Line)
	}
	if viol.IsTrue() {
		return fmt.Sprintf("%s, which %s passes as nullptr", name, site)
	}
	cond := condText(r.Trace, viol)
	if cond == "" {
		return fmt.Sprintf("%s, which %s can pass as nullptr", name, site)
	}
	return fmt.Sprintf("%s, which %s passes as nullptr when %s", name, site, cond)
}

// condText prints a boolean condition over flags with the names the code
// gives them (!bias.has_value(), !has_residual || !scale.has_value());
// "" when it is not such a condition or too long to read.
func condText(tr *symex.Trace, t *sym.Term) string {
	var text func(t *sym.Term, outer bool) (string, bool)
	text = func(t *sym.Term, outer bool) (string, bool) {
		switch t.Op {
		case sym.OpConst:
			if t.Width == 0 {
				return fmt.Sprint(t.IsTrue()), true
			}
		case sym.OpVar:
			if info := tr.Var(t.Name); info != nil && t.Width == 0 {
				return info.Display, true
			}
		case sym.OpBNot:
			s, ok := text(t.Args[0], false)
			if strings.ContainsAny(s, " ") {
				s = "(" + s + ")"
			}
			return "!" + s, ok
		case sym.OpBAnd, sym.OpBOr:
			sep := " && "
			if t.Op == sym.OpBOr {
				sep = " || "
			}
			var parts []string
			for _, arg := range t.Args {
				s, ok := text(arg, false)
				if !ok {
					return "", false
				}
				parts = append(parts, s)
			}
			s := strings.Join(parts, sep)
			if !outer {
				s = "(" + s + ")"
			}
			return s, true
		}
		return "", false
	}
	s, ok := text(t, true)
	if !ok || len(s) > 120 {
		return ""
	}
	return s
}

// path names the values of the flags (boolean sizes) the path and the
// violation depend on, as the witness chose them.
func path(tr *symex.Trace, w *symex.Witness, relevant []*sym.Term) string {
	seen := map[string]bool{}
	var out []string
	for _, t := range relevant {
		for _, v := range t.Vars() {
			info := tr.Var(v.Name)
			if seen[v.Name] || info == nil || v.Width != 0 || (info.Class != symex.User && info.Class != symex.Fixed) {
				continue
			}
			seen[v.Name] = true
			if val, ok := w.Model[v.Name]; ok {
				out = append(out, fmt.Sprintf("%s = %v", info.Display, val != 0))
			}
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

func uniq(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// flagGuarded reports an access whose null condition is only the
// kernel's belief (no launch says the pointer may be null) and whose
// path depends on a flag the launch or the annotations give (has_bias):
// the flag may be what the caller sets exactly when the pointer is
// there, which the belief cannot know.
func flagGuarded(res *symexec.Result, a *symex.Access, viol *sym.Term) bool {
	belief := map[string]bool{}
	for _, r := range res.Runs {
		for _, reg := range r.Trace.Regions {
			if reg.NullBelief {
				belief[reg.Null.Name] = true
			}
		}
	}
	fromBelief := false
	for _, v := range viol.Vars() {
		fromBelief = fromBelief || belief[v.Name]
	}
	if !fromBelief {
		return false
	}
	for _, r := range res.Runs {
		for _, t := range a.PC {
			for _, v := range t.Vars() {
				info := r.Trace.Var(v.Name)
				if v.Width == 0 && !belief[v.Name] && info != nil && (info.Class == symex.User || info.Class == symex.Fixed) {
					return true
				}
			}
		}
	}
	return false
}
