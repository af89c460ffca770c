package annot

import (
	"cmp"
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// Diagnostic is a problem with an annotation. The caller reports it with
// category "annotation"; Pos is the position of the comment.
type Diagnostic struct {
	Pos     token.Pos
	Message string
}

// Set is the annotations that apply to one function: the file-scope
// directives of its file and its own. Every instantiation of a template
// shares one Set. A Set is read-only once Attach returns it.
type Set struct {
	Shapes  map[string]*Directive // Shape directives by parameter name
	Assumes []*Directive          // Assume directives, file scope first, each in source order
	Users   map[string]*Directive // User directives by size name
	Fixed   map[string]*Directive // Fixed directives by size name; no name is in both Users and Fixed
	Launch  *Directive            // the Launch directive; nil when there is none
}

func newSet() *Set {
	return &Set{Shapes: map[string]*Directive{}, Users: map[string]*Directive{}, Fixed: map[string]*Directive{}}
}

func (s *Set) clone() *Set {
	return &Set{
		Shapes:  maps.Clone(s.Shapes),
		Assumes: slices.Clip(s.Assumes),
		Users:   maps.Clone(s.Users),
		Fixed:   maps.Clone(s.Fixed),
		Launch:  s.Launch,
	}
}

// Directives returns the set's directives in position order.
func (s *Set) Directives() []*Directive {
	ds := slices.Concat(s.Assumes, slices.Collect(maps.Values(s.Shapes)),
		slices.Collect(maps.Values(s.Users)), slices.Collect(maps.Values(s.Fixed)))
	if s.Launch != nil {
		ds = append(ds, s.Launch)
	}
	slices.SortFunc(ds, func(a, b *Directive) int {
		return cmp.Or(cmp.Compare(a.Pos, b.Pos), cmp.Compare(a.Off, b.Off))
	})
	return ds
}

// Names returns every size name the set mentions (shape dimensions,
// assumptions, user and fixed sizes, launch configuration), sorted, each
// once. Those that are not parameters of the function are its free
// symbolic sizes.
func (s *Set) Names() []string {
	var ns []string
	add := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				ns = append(ns, Names(e)...)
			}
		}
	}
	for _, d := range s.Directives() {
		switch d.Kind {
		case User, Fixed:
			ns = append(ns, d.Name)
		}
		add(d.Dims...)
		add(d.Cond, d.Smem)
		add(d.Grid...)
		add(d.Block...)
	}
	slices.Sort(ns)
	return slices.Compact(ns)
}

// String returns the set's directives in canonical form, one a line, in
// position order (for -dump and tests).
func (s *Set) String() string {
	var b strings.Builder
	for _, d := range s.Directives() {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// Attach parses the directives of file and attaches them to funcs (those
// outside file are left out). A directive applies to
//   - the innermost function it lies in (from the name to the end of the
//     body: parameter list, a parameter's line, the body), or whose body
//     ends on its line (a trailing comment);
//   - else the next function, when no blank line separates the directive
//     from the function's name (template headers, attributes and other
//     comments may);
//   - else every function of the file (file scope): assume, user and
//     fixed only; a file-scope shape or launch is an error.
//
// Functions are grouped by position, so every instantiation of a template
// maps to the same *Set; every function of funcs in file gets a Set, empty
// when nothing applies. Diagnostics come one per bad directive, sorted by
// position; ignore directives are left to checkers/driver.
func Attach(file *ir.File, funcs []*ir.Func) (map[*ir.Func]*Set, []Diagnostic) {
	a := &attacher{tf: file.Tok}
	a.groupFuncs(file, funcs)
	var fileScope []*Directive
	for _, dir := range file.Directives {
		ds, errs := Parse(dir.Text)
		for _, e := range errs {
			a.report(dir.Pos, e.Off, e.Error())
		}
		g := a.locate(dir)
		for _, d := range ds {
			d.Pos = dir.Pos
			switch {
			case d.Kind == Ignore:
				// checkers/driver's business.
			case g != nil:
				g.own = append(g.own, d)
			case d.Kind == Shape || d.Kind == Launch:
				a.report(d.Pos, d.Off, fmt.Sprintf("cudavet:%s applies to no function: write it right before "+
					"the function (no blank line between) or inside it", d.Kind))
			default:
				fileScope = append(fileScope, d)
			}
		}
	}
	base := newSet()
	for _, d := range fileScope {
		a.add(base, d, nil)
	}
	sets := map[*ir.Func]*Set{}
	for _, g := range a.groups {
		s := base.clone()
		for _, d := range g.own {
			a.add(s, d, g.funcs)
		}
		for _, f := range g.funcs {
			sets[f] = s
		}
	}
	slices.SortStableFunc(a.diags, func(x, y diag) int {
		return cmp.Or(cmp.Compare(x.Pos, y.Pos), cmp.Compare(x.off, y.off))
	})
	out := make([]Diagnostic, len(a.diags))
	for i, d := range a.diags {
		out[i] = d.Diagnostic
	}
	return sets, out
}

// attacher holds the state of one Attach call.
type attacher struct {
	tf     *token.File // nil in hand-made files without one: no line rules then
	groups []*group    // by position
	diags  []diag
}

// group is the functions sharing one position (a template's
// instantiations) and the directives attached to them.
type group struct {
	p, end token.Pos // name and end of the body; end ≥ p
	funcs  []*ir.Func
	own    []*Directive
}

// diag is a Diagnostic with the directive's offset in its comment, which
// orders several diagnostics of one comment.
type diag struct {
	Diagnostic
	off int
}

func (a *attacher) report(pos token.Pos, off int, msg string) {
	a.diags = append(a.diags, diag{Diagnostic{Pos: pos, Message: msg}, off})
}

// groupFuncs groups the functions of funcs that lie in file by position.
func (a *attacher) groupFuncs(file *ir.File, funcs []*ir.Func) {
	byPos := map[token.Pos]*group{}
	for _, f := range funcs {
		if a.tf != nil && !a.valid(f.P) || a.tf == nil && f.File != file {
			continue
		}
		g := byPos[f.P]
		if g == nil {
			g = &group{p: f.P, end: max(f.EndPos, f.P)}
			byPos[f.P] = g
			a.groups = append(a.groups, g)
		}
		g.funcs = append(g.funcs, f)
	}
	slices.SortFunc(a.groups, func(x, y *group) int { return cmp.Compare(x.p, y.p) })
}

// locate returns the group a directive attaches to, or nil for file scope.
func (a *attacher) locate(dir *ir.Directive) *group {
	pos := dir.Pos
	var in, prev, next *group
	for _, g := range a.groups {
		switch {
		case g.p <= pos && pos <= g.end:
			if in == nil || g.p > in.p {
				in = g
			}
		case g.end < pos:
			if prev == nil || g.end > prev.end {
				prev = g
			}
		case next == nil || g.p < next.p:
			next = g
		}
	}
	end := pos
	if dir.End > pos && a.valid(dir.End) {
		end = dir.End
	}
	switch {
	case in != nil:
		return in
	case prev != nil && a.valid(pos) && a.tf.Line(prev.end) == a.tf.Line(pos):
		return prev
	case next != nil && !a.blankLineBetween(end, next.p):
		return next
	}
	return nil
}

// valid reports whether pos lies in the file (line rules apply).
func (a *attacher) valid(pos token.Pos) bool {
	return a.tf != nil && a.tf.Base() <= int(pos) && int(pos) <= a.tf.Base()+a.tf.Size()
}

// blankLineBetween reports whether a blank line lies strictly between the
// lines of from and to. Without the source text a line is judged by its
// length: "\n" or "\r\n" (so a line of blanks counts as text, and so
// does, wrongly, a one-character line).
func (a *attacher) blankLineBetween(from, to token.Pos) bool {
	if !a.valid(from) || !a.valid(to) {
		return false
	}
	for l := a.tf.Line(from) + 1; l < a.tf.Line(to); l++ {
		end := a.tf.Base() + a.tf.Size()
		if l < a.tf.LineCount() {
			end = int(a.tf.LineStart(l + 1))
		}
		if end-int(a.tf.LineStart(l)) <= 2 {
			return true
		}
	}
	return false
}

// line returns the line of pos for messages, 0 when unknown.
func (a *attacher) line(pos token.Pos) int {
	if !a.valid(pos) {
		return 0
	}
	return a.tf.Line(pos)
}

// where returns " (line N)" for an earlier directive, or "".
func (a *attacher) where(d *Directive) string {
	if l := a.line(d.Pos); l > 0 {
		return fmt.Sprintf(" (line %d)", l)
	}
	return ""
}

// add adds d to s, checking it against fs (the functions it is attached
// to; nil at file scope) and against what s holds, and reports d instead
// when it is wrong.
func (a *attacher) add(s *Set, d *Directive, fs []*ir.Func) {
	var msg string
	switch d.Kind {
	case Shape:
		msg = a.addShape(s, d, fs)
	case Assume:
		s.Assumes = append(s.Assumes, d)
	case User:
		msg = a.addUser(s, d, fs)
	case Fixed:
		msg = a.addFixed(s, d, fs)
	case Launch:
		msg = a.addLaunch(s, d, fs)
	}
	if msg != "" {
		a.report(d.Pos, d.Off, "cudavet:"+d.Kind.String()+": "+msg)
	}
}

func (a *attacher) addShape(s *Set, d *Directive, fs []*ir.Func) string {
	for _, f := range fs {
		v := param(f, d.Name)
		if v == nil {
			return fmt.Sprintf("%s is not a parameter of %s", d.Name, funcName(f))
		}
		if !regionType(v.Type) {
			return fmt.Sprintf("parameter %s of %s has type %s, not a pointer, array or tensor", d.Name, funcName(f), v.Type)
		}
	}
	if prev := s.Shapes[d.Name]; prev != nil {
		return fmt.Sprintf("second shape for %s%s", d.Name, a.where(prev))
	}
	s.Shapes[d.Name] = d
	return ""
}

func (a *attacher) addLaunch(s *Set, d *Directive, fs []*ir.Func) string {
	for _, f := range fs {
		if f.Kind != ir.Kernel {
			return fmt.Sprintf("%s is a %s function, not a kernel", funcName(f), f.Kind)
		}
	}
	if s.Launch != nil {
		return "second launch configuration" + a.where(s.Launch)
	}
	s.Launch = d
	return ""
}

func (a *attacher) addUser(s *Set, d *Directive, fs []*ir.Func) string {
	if msg := sizeParam(d.Name, fs); msg != "" {
		return msg
	}
	if f := s.Fixed[d.Name]; f != nil {
		return fmt.Sprintf("%s is also declared fixed%s", d.Name, a.where(f))
	}
	prev := s.Users[d.Name]
	switch {
	case prev == nil || prev.DefaultRange && !d.DefaultRange:
		s.Users[d.Name] = d // an explicit range refines the default one
	case !prev.DefaultRange && !d.DefaultRange && (prev.Lo != d.Lo || prev.Hi != d.Hi):
		return fmt.Sprintf("%s contradicts %s%s", rangeText(d), rangeText(prev), a.where(prev))
	}
	return ""
}

func (a *attacher) addFixed(s *Set, d *Directive, fs []*ir.Func) string {
	if msg := sizeParam(d.Name, fs); msg != "" {
		return msg
	}
	if u := s.Users[d.Name]; u != nil {
		return fmt.Sprintf("%s is also declared user-controlled%s", d.Name, a.where(u))
	}
	prev := s.Fixed[d.Name]
	switch {
	case prev == nil:
		s.Fixed[d.Name] = d
	case !sameValues(prev.Values, d.Values):
		return fmt.Sprintf("%s contradicts %s%s", strings.TrimPrefix(d.String(), "fixed "),
			strings.TrimPrefix(prev.String(), "fixed "), a.where(prev))
	}
	return ""
}

// rangeText spells a user range for messages.
func rangeText(d *Directive) string {
	return fmt.Sprintf("%s in [%d, %d]", d.Name, d.Lo, d.Hi)
}

// sameValues reports whether two value lists hold the same values.
func sameValues(x, y []int64) bool {
	x, y = slices.Clone(x), slices.Clone(y)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// sizeParam returns a message when name is a parameter of one of fs whose
// type cannot hold a size.
func sizeParam(name string, fs []*ir.Func) string {
	for _, f := range fs {
		if v := param(f, name); v != nil && !sizeType(v.Type) {
			return fmt.Sprintf("parameter %s of %s has type %s, not an integer", name, funcName(f), v.Type)
		}
	}
	return ""
}

// param returns f's parameter named name, or nil.
func param(f *ir.Func, name string) *ir.Var {
	for _, v := range f.Params {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// regionType reports whether a parameter of type t may point to a
// region: a pointer, array or tensor, or a type the lowering does not
// know (never judged wrong).
func regionType(t ir.Type) bool {
	switch t.(type) {
	case *ir.PointerType, *ir.ArrayType, *ir.TensorType, *ir.TypeParam, *ir.UnknownType, nil:
		return true
	}
	return false
}

// sizeType reports whether a parameter of type t may hold a size.
func sizeType(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntType, *ir.BoolType, *ir.TypeParam, *ir.UnknownType, nil:
		return true
	}
	return false
}

// funcName names a function in messages: without template arguments, as
// all instantiations share the directive.
func funcName(f *ir.Func) string {
	if f.Base != "" {
		return f.Base
	}
	return f.Name
}
