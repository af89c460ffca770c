package ir

import (
	"fmt"
	"go/token"
	"io"
	"strconv"
	"strings"
)

// Fprint writes f in the IR's textual form (see doc.go) to w. Positions are
// printed as "// file:line" comments after each function header when fset
// is not nil.
func Fprint(w io.Writer, fset *token.FileSet, f *Func) {
	p := &printer{w: w, fset: fset}
	p.fn(f)
}

// String returns the printed form of f without positions.
func (f *Func) String() string {
	var b strings.Builder
	Fprint(&b, nil, f)
	return b.String()
}

// ExprString returns the printed form of e.
func ExprString(e Expr) string {
	p := &printer{}
	return p.expr(e)
}

type printer struct {
	w      io.Writer
	fset   *token.FileSet
	indent int
}

func (p *printer) line(format string, args ...any) {
	fmt.Fprintf(p.w, "%s%s\n", strings.Repeat("  ", p.indent), fmt.Sprintf(format, args...))
}

func (p *printer) fn(f *Func) {
	var params []string
	for _, v := range f.Params {
		params = append(params, varDecl(v))
	}
	head := fmt.Sprintf("%s %s(%s) %s", f.Kind, f.Name, strings.Join(params, ", "), f.Result)
	if f.Generic {
		head += " generic"
	}
	if f.LaunchBounds > 0 {
		head += fmt.Sprintf(" launch_bounds(%d)", f.LaunchBounds)
	}
	if p.fset != nil && f.P.IsValid() {
		pos := p.fset.Position(f.P)
		head += fmt.Sprintf(" // %s:%d", shortName(pos.Filename), pos.Line)
	}
	if f.Body == nil {
		p.line("%s;", head)
		return
	}
	p.line("%s {", head)
	p.indent++
	p.stmts(f.Body.Stmts)
	p.indent--
	p.line("}")
}

func shortName(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}

func varDecl(v *Var) string {
	s := v.Name + " " + v.Type.String()
	if v.Ref {
		s += "&"
	}
	if v.Kind != ParamVar && v.Kind != LocalVar {
		s += " " + v.Kind.String()
	}
	if v.Value != nil {
		s += " const=" + strconv.FormatInt(*v.Value, 10)
	}
	return s
}

func (p *printer) stmts(ss []Stmt) {
	for _, s := range ss {
		p.stmt(s)
	}
}

func (p *printer) block(head string, b *Block) {
	p.line("%s {", head)
	p.indent++
	if b != nil {
		p.stmts(b.Stmts)
	}
	p.indent--
	p.line("}")
}

func (p *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *Block:
		p.block("block", s)
	case *DeclStmt:
		if s.Init != nil {
			p.line("decl %s = %s", varDecl(s.Var), p.expr(s.Init))
		} else {
			p.line("decl %s", varDecl(s.Var))
		}
	case *Assign:
		name := s.Var.Name
		if s.Field != "" {
			name += "." + s.Field
		}
		p.line("%s = %s", name, p.expr(s.X))
	case *Store:
		lhs := fmt.Sprintf("%s[%s]", p.expr(s.Ptr), p.expr(s.Index))
		if s.Field != "" {
			lhs += "." + s.Field
		}
		p.line("store %s = %s", lhs, p.expr(s.Val))
	case *ExprStmt:
		p.line("%s", p.expr(s.X))
	case *If:
		p.ifStmt("if", s)
	case *Loop:
		p.loop(s)
	case *Switch:
		p.line("switch %s {", p.expr(s.Tag))
		for _, c := range s.Cases {
			p.stmt(c)
		}
		p.line("}")
	case *Case:
		if s.Default {
			p.line("default:")
		} else {
			var vs []string
			for _, v := range s.Values {
				vs = append(vs, p.expr(v))
			}
			p.line("case %s:", strings.Join(vs, ", "))
		}
		p.indent++
		p.stmts(s.Body)
		p.indent--
	case *Break:
		p.line("break")
	case *Continue:
		p.line("continue")
	case *Return:
		if s.X != nil {
			p.line("return %s", p.expr(s.X))
		} else {
			p.line("return")
		}
	case *Assume:
		p.line("assume %s", p.expr(s.Cond))
	case *Launch:
		p.line("%s", p.launch(s))
	case *UnknownStmt:
		p.line("unknown %q", s.Reason)
	default:
		p.line("<%T>", s)
	}
}

func (p *printer) ifStmt(kw string, s *If) {
	p.line("%s %s {", kw, p.expr(s.Cond))
	p.indent++
	if s.Then != nil {
		p.stmts(s.Then.Stmts)
	}
	p.indent--
	switch e := s.Else.(type) {
	case nil:
		p.line("}")
	case *If:
		p.line("} else")
		p.ifStmt("if", e)
	case *Block:
		p.line("} else {")
		p.indent++
		p.stmts(e.Stmts)
		p.indent--
		p.line("}")
	default:
		p.line("} else")
		p.stmt(e)
	}
}

func (p *printer) loop(s *Loop) {
	head := s.Kind.String()
	if s.Init != nil && len(s.Init.Stmts) > 0 {
		p.block(head+" init", s.Init)
	}
	cond := "true"
	if s.Cond != nil {
		cond = p.expr(s.Cond)
	}
	p.block(fmt.Sprintf("%s cond %s", head, cond), s.Body)
	if s.Post != nil && len(s.Post.Stmts) > 0 {
		p.block(head+" post", s.Post)
	}
}

func (p *printer) launch(s *Launch) string {
	name := s.Name
	if s.Kernel != nil {
		name = s.Kernel.Name
	}
	cfg := []string{p.expr(s.Grid), p.expr(s.Block), p.expr(s.Smem)}
	if s.Stream != nil {
		cfg = append(cfg, p.expr(s.Stream))
	}
	return fmt.Sprintf("launch %s<<<%s>>>(%s)", name, strings.Join(cfg, ", "), p.exprs(s.Args))
}

func (p *printer) exprs(es []Expr) string {
	var out []string
	for _, e := range es {
		out = append(out, p.expr(e))
	}
	return strings.Join(out, ", ")
}

func (p *printer) expr(e Expr) string {
	switch e := e.(type) {
	case nil:
		return "<nil>"
	case *Const:
		if _, ok := e.T.(*BoolType); ok {
			return strconv.FormatBool(e.Val != 0)
		}
		if t, ok := e.T.(*IntType); ok && (t.Bits != 32 || !t.Signed) {
			return fmt.Sprintf("%d:%s", e.Val, t)
		}
		return strconv.FormatInt(e.Val, 10)
	case *FloatConst:
		return strconv.FormatFloat(e.Val, 'g', -1, 64) + ":" + e.T.String()
	case *StringLit:
		return strconv.Quote(e.Val)
	case *VarRef:
		return e.Var.Name
	case *Builtin:
		if e.Kind == WarpSize {
			return "warpSize"
		}
		return e.Kind.String() + "." + "xyz"[e.Dim:e.Dim+1]
	case *TemplateParamRef:
		return "$" + e.Name
	case *Unary:
		return e.Op.String() + p.expr(e.X)
	case *Binary:
		return fmt.Sprintf("(%s %s%s %s)", p.expr(e.X), e.Op, typeSuffix(e), p.expr(e.Y))
	case *Convert:
		return fmt.Sprintf("(%s)%s", e.T, p.expr(e.X))
	case *Cond:
		return fmt.Sprintf("(%s ? %s : %s)", p.expr(e.C), p.expr(e.X), p.expr(e.Y))
	case *Load:
		s := fmt.Sprintf("%s[%s]", p.expr(e.Ptr), p.expr(e.Index))
		if e.Field != "" {
			s += "." + e.Field
		}
		return s
	case *PtrAdd:
		return fmt.Sprintf("(%s +p %s)", p.expr(e.Ptr), p.expr(e.Off))
	case *PtrDiff:
		return fmt.Sprintf("(%s -p %s)", p.expr(e.X), p.expr(e.Y))
	case *AddrOf:
		return "&" + e.Var.Name
	case *Field:
		return p.expr(e.X) + "." + e.Name
	case *Dim3Lit:
		return fmt.Sprintf("dim3(%s, %s, %s)", p.expr(e.X), p.expr(e.Y), p.expr(e.Z))
	case *InitList:
		return "{" + p.exprs(e.Elems) + "}"
	case *Call:
		return p.call(e)
	case *Closure:
		return "closure"
	case *Intrinsic:
		return fmt.Sprintf("%s(%s)", e.Name, p.exprs(e.Args))
	case *Atomic:
		args := []Expr{e.Val}
		if e.Cmp != nil {
			args = []Expr{e.Cmp, e.Val}
		}
		return fmt.Sprintf("atomic%s%s(&%s[%s], %s)", e.Op, scopeSuffix(e.Scope), p.expr(e.Ptr), p.expr(e.Index), p.exprs(args))
	case *Warp:
		return fmt.Sprintf("warp.%s(mask=%s, %s, lane=%s, width=%s)", e.Op, p.expr(e.Mask), p.expr(e.Val), p.expr(e.Lane), p.expr(e.Width))
	case *Sync:
		s := e.Kind.String()
		if e.Reduce != "" {
			s += "_" + e.Reduce + "(" + p.expr(e.Pred) + ")"
		} else if e.Mask != nil {
			s += "(" + p.expr(e.Mask) + ")"
		} else {
			s += "()"
		}
		return s
	case *Unknown:
		return fmt.Sprintf("unknown(%q)", e.Reason)
	case *FuncRef:
		if e.Fn != nil {
			return "&" + e.Fn.Name
		}
		return "&" + e.Name
	}
	return fmt.Sprintf("<%T>", e)
}

func typeSuffix(e *Binary) string {
	if e.Op.IsComparison() || e.Op == LAnd || e.Op == LOr {
		return ""
	}
	if t, ok := e.T.(*IntType); ok && (t.Bits != 32 || !t.Signed) {
		return ":" + t.String()
	}
	if _, ok := e.T.(*FloatType); ok {
		return "f"
	}
	return ""
}

func scopeSuffix(s string) string {
	if s == "" {
		return ""
	}
	return "_" + s
}

func (p *printer) call(e *Call) string {
	name := e.Name
	if e.Fn != nil {
		name = e.Fn.Name
	}
	if e.Closure != nil {
		var b strings.Builder
		sub := &printer{w: &b, fset: p.fset, indent: p.indent + 1}
		sub.stmts(e.Closure.Body.Stmts)
		return fmt.Sprintf("call closure(%s) {\n%s%s}", p.exprs(e.Args), b.String(), strings.Repeat("  ", p.indent))
	}
	if len(e.TypeArgs) > 0 {
		var ts []string
		for _, t := range e.TypeArgs {
			ts = append(ts, t.String())
		}
		name += "<" + strings.Join(ts, ", ") + ">"
	}
	if e.Recv != nil {
		return fmt.Sprintf("%s.%s(%s)", p.expr(e.Recv), name, p.exprs(e.Args))
	}
	return fmt.Sprintf("call %s(%s)", name, p.exprs(e.Args))
}
