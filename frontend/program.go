package frontend

import (
	"fmt"

	"github.com/cudavet/cudavet/frontend/ir"
)

// program merges the units' results into one Program: a function defined
// in a header that several units include is kept once (the first unit in
// name order wins), and a template's generic form is dropped when some
// unit lowered an instantiation of it.
func (ld *loader) program(units []string, results []*tuResult) *ir.Program {
	p := &ir.Program{Fset: ld.fset, Diagnostics: ld.diags}
	canon := map[string]*ir.Func{}
	instantiated := map[string]bool{}
	for _, r := range results {
		if r.res == nil {
			continue
		}
		for _, f := range r.res.Funcs {
			if f.TemplateArgs != nil {
				instantiated[templateKey(ld, f)] = true
			}
		}
	}
	for _, r := range results {
		p.Stats.ParseTime += r.parseTime
		p.Stats.LowerTime += r.lowerTime
		if r.parseErr {
			p.Stats.ParseErrors++
		}
		if r.res == nil {
			continue
		}
		for _, f := range r.res.Funcs {
			key := funcKey(ld, f)
			if canon[key] != nil || (f.Generic && instantiated[templateKey(ld, f)]) {
				continue
			}
			canon[key] = f
			p.Funcs = append(p.Funcs, f)
		}
	}
	for _, r := range results {
		if r.res == nil {
			continue
		}
		for _, l := range r.res.Launches {
			if l.Kernel != nil {
				if c := canon[funcKey(ld, l.Kernel)]; c != nil {
					l.Kernel = c
				}
			}
			if c := canon[funcKey(ld, l.Caller)]; c == l.Caller {
				p.Launches = append(p.Launches, l)
			}
		}
	}
	ld.files2program(p, units)
	p.Sort()
	ld.stats(p)
	return p
}

func funcKey(ld *loader, f *ir.Func) string {
	return fmt.Sprintf("%s|%s", ld.fset.Position(f.P), f.Name)
}

func templateKey(ld *loader, f *ir.Func) string {
	return fmt.Sprintf("%s|%s", ld.fset.Position(f.P), f.Base)
}

// files2program lists the analysed files that were parsed or that hold
// lowered functions, and attaches each function to its file.
func (ld *loader) files2program(p *ir.Program, units []string) {
	want := map[string]bool{}
	for _, u := range units {
		want[u] = true
	}
	for _, f := range p.Funcs {
		if f.File != nil {
			want[f.File.Name] = true
			f.File.Funcs = append(f.File.Funcs, f)
		}
	}
	for name, f := range ld.files {
		if f != nil && want[name] {
			p.Files = append(p.Files, f)
		}
	}
	p.Stats.Files = len(units)
}

func (ld *loader) stats(p *ir.Program) {
	s := &p.Stats
	for _, f := range p.Funcs {
		switch f.Kind {
		case ir.Kernel:
			s.Kernels++
		case ir.Device:
			s.DeviceFuncs++
		case ir.Host:
			s.HostFuncs++
		}
		s.Stmts += f.Stats.Stmts
		s.UnknownStmts += f.Stats.UnknownStmts
		s.UnknownExprs += f.Stats.UnknownExprs
		for k, v := range f.Stats.Unknown {
			if s.Unknown == nil {
				s.Unknown = map[string]int{}
			}
			s.Unknown[k] += v
		}
	}
	s.Launches = len(p.Launches)
}
