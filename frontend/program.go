package frontend

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/cudavet/cudavet/frontend/ir"
)

// program merges the units' results into one Program: a function defined
// in a header that several units include is kept once (the first unit in
// name order wins), and a template's generic form is dropped when some
// unit lowered an instantiation of it.
func (ld *loader) program(units []string, results []*tuResult) *ir.Program {
	p := &ir.Program{Fset: ld.fset, Diagnostics: ld.sortedDiags()}
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
	p.Unlinked = link(results, canon)
	p.Funcs = ld.launchersOnly(p.Funcs)
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

// link resolves the calls one unit makes to host functions another unit
// defines (ir.Call.Link: a .cpp binding that fills a params struct and
// calls the launcher of a .cu), so that the launcher is analysed from the
// binding, with the tensors' sizes, and the launches that name their
// kernel by its symbol (ir.Launch.KernelLink: a TVM-FFI launcher of a
// cubin compiled from a .cu). Every unit's functions are visited:
// calls inside a non-canonical copy of a header function are followed too.
// It returns the USRs called or launched that no unit defines, sorted.
func link(results []*tuResult, canon map[string]*ir.Func) []string {
	defs, kernels := map[string]*ir.Func{}, map[string]*ir.Func{}
	for _, f := range canon {
		if f.USR != "" && f.Body != nil && f.Kind == ir.Host {
			defs[f.USR] = f
		}
		if f.USR != "" && f.Body != nil && f.Kind == ir.Kernel {
			kernels[f.USR] = f
		}
	}
	unlinked := map[string]bool{}
	for _, r := range results {
		if r.res == nil {
			continue
		}
		for _, l := range r.res.Launches {
			if l.Kernel == nil && l.KernelLink != "" {
				if k := kernels[l.KernelLink]; k != nil {
					l.Kernel = k
				} else {
					unlinked[l.KernelLink] = true
				}
			}
		}
		for _, f := range r.res.Funcs {
			if f.Body == nil || f.Kind != ir.Host {
				continue
			}
			ir.Inspect(f.Body, func(n ir.Node) bool {
				if c, ok := n.(*ir.Call); ok && c.Fn == nil && c.Link != "" {
					if d := defs[c.Link]; d != nil && d != f && len(d.Params) == len(c.Args) {
						c.Fn = d
					} else if d == nil {
						unlinked[c.Link] = true
					}
				}
				return true
			})
		}
	}
	return slices.Sorted(maps.Keys(unlinked))
}

// launchersOnly drops the host functions that neither launch a kernel nor
// call, directly or through other host functions, one that does: the
// lowering keeps a host function calling into another unit until the
// program shows whether that unit's definition launches. Functions are
// keyed as the merge keys them (a call may name another unit's copy of a
// header function).
func (ld *loader) launchersOnly(funcs []*ir.Func) []*ir.Func {
	keys := map[*ir.Func]string{}
	key := func(f *ir.Func) string {
		k, ok := keys[f]
		if !ok {
			k = funcKey(ld, f)
			keys[f] = k
		}
		return k
	}
	keep := map[string]bool{}
	var hosts []*ir.Func
	for _, f := range funcs {
		if f.Kind != ir.Host || f.Body == nil {
			continue
		}
		hosts = append(hosts, f)
		ir.Inspect(f.Body, func(n ir.Node) bool {
			if _, ok := n.(*ir.Launch); ok {
				keep[key(f)] = true
			}
			return !keep[key(f)]
		})
	}
	for changed := true; changed; {
		changed = false
		for _, f := range hosts {
			k := key(f)
			if keep[k] {
				continue
			}
			ir.Inspect(f.Body, func(n ir.Node) bool {
				if c, ok := n.(*ir.Call); ok && c.Fn != nil && keep[key(c.Fn)] {
					keep[k], changed = true, true
				}
				return !keep[k]
			})
		}
	}
	out := funcs[:0:0]
	for _, f := range funcs {
		if f.Kind != ir.Host || f.Body == nil || keep[key(f)] {
			out = append(out, f)
		}
	}
	return out
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

// sortedDiags returns the diagnostics in the order of their file name,
// line, column, category and message: units finish in any order, and a
// header's diagnostic is made by each unit that includes it.
func (ld *loader) sortedDiags() []*ir.Diagnostic {
	ds := slices.Clone(ld.diags)
	slices.SortStableFunc(ds, func(a, b *ir.Diagnostic) int {
		pa, pb := ld.fset.Position(a.Pos), ld.fset.Position(b.Pos)
		if c := cmp.Compare(pa.Filename, pb.Filename); c != 0 {
			return c
		}
		if c := cmp.Compare(pa.Line, pb.Line); c != 0 {
			return c
		}
		if c := cmp.Compare(pa.Column, pb.Column); c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(a.Category, b.Category), cmp.Compare(a.Message, b.Message))
	})
	return ds
}
