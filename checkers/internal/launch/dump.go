package launch

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Dump writes every launch site of prog under cfg (the CLI's -dump=sizes):
// where it is, the entry it is reached from, and each size its spec uses
// with its class and source; then what the launch leaves unresolved.
//
//	kernel.cu:31: dequant_epilogue_kernel from dequant_epilogue
//	  M           user     rows of in_feats
//	  OC          fixed    columns of qweight
func Dump(w io.Writer, prog *ir.Program, cfg *Config) {
	res := Analyze(prog, cfg)
	var sites []*Site
	for _, ss := range res.Sites {
		sites = append(sites, ss...)
	}
	// One launch of a template dispatch is a site per instantiation:
	// ordered by kernel name too, so that the output does not follow the
	// map's order.
	sort.SliceStable(sites, func(i, j int) bool {
		a, b := sites[i], sites[j]
		if a.Launch.P != b.Launch.P {
			return a.Launch.P < b.Launch.P
		}
		if a.Launch.Kernel.Name != b.Launch.Kernel.Name {
			return a.Launch.Kernel.Name < b.Launch.Kernel.Name
		}
		return a.Entry.Name < b.Entry.Name
	})
	for _, s := range sites {
		pos := prog.Fset.Position(s.Launch.P)
		fmt.Fprintf(w, "%s:%d: %s from %s\n", pos.Filename, pos.Line, s.Launch.Kernel.Name, s.Entry.Name)
		vars := append([]*symex.VarInfo(nil), s.Spec.Vars...)
		sort.SliceStable(vars, func(i, j int) bool { return vars[i].Display < vars[j].Display })
		for _, v := range vars {
			if v.Profile != nil && v.Profile == v.Term {
				continue // the profile selector
			}
			src := v.Source
			if src == "" && v.Class != symex.Unknown {
				src = "(by its name)"
			}
			fmt.Fprintf(w, "  %-24s %-8s %s\n", v.Display, v.Class, src)
		}
		display := map[string]string{}
		for _, v := range s.Spec.Vars {
			display[v.Term.Name] = v.Display
		}
		for _, p := range s.Launch.Kernel.Params {
			if n := s.Spec.Nulls[p]; n != nil && !n.IsFalse() {
				fmt.Fprintf(w, "  %-24s %-8s %s\n", "null("+p.Name+")", "when", condText(n, display))
			}
		}
		if len(s.Unresolved) > 0 {
			fmt.Fprintf(w, "  unresolved: %s\n", strings.Join(s.Unresolved, ", "))
		}
		if s.NotApplicable != "" {
			fmt.Fprintf(w, "  not applicable: %s\n", s.NotApplicable)
		}
	}
	if len(res.Cut) > 0 {
		var ks []string
		for k := range res.Cut {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			fmt.Fprintf(w, "cut: %d %s\n", res.Cut[k], k)
		}
	}
}

// condText prints a null condition with the code's names
// (!bias.has_value()); other terms print as sym does.
func condText(t *sym.Term, display map[string]string) string {
	switch {
	case t.IsTrue():
		return "always"
	case t.Op == sym.OpVar && display[t.Name] != "":
		return display[t.Name]
	case t.Op == sym.OpBNot:
		return "!" + condText(t.Args[0], display)
	case t.Op == sym.OpBAnd || t.Op == sym.OpBOr:
		sep := " && "
		if t.Op == sym.OpBOr {
			sep = " || "
		}
		var parts []string
		for _, a := range t.Args {
			parts = append(parts, "("+condText(a, display)+")")
		}
		return strings.Join(parts, sep)
	}
	return t.String()
}
