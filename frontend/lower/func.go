package lower

import (
	"fmt"
	"go/token"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// funcLowerer lowers one function body. Side effects met inside an
// expression (i++, nested assignments, stores done by intrinsics) are
// collected in pre and emitted before the statement being lowered.
type funcLowerer struct {
	l          *tuLowerer
	tu         clang.TranslationUnit
	f          *ir.Func
	vars       map[string]*ir.Var      // by declaration key
	typeParams map[string]bool         // generic: template type parameter names
	valParams  map[string]bool         // generic: non-type template parameter names
	funcVals   map[*ir.Var]*ir.FuncRef // variables initialised with a function
	def        clang.Cursor            // the definition being lowered
	lambdas    map[uint32][]lambdaDef  // lambda call operators lowered, by cursor hash
	pre        []ir.Stmt
	tmp        int
	stmtPos    token.Pos // position of the statement being lowered (fallback)
}

func newFuncLowerer(l *tuLowerer, f *ir.Func) *funcLowerer {
	return &funcLowerer{l: l, tu: l.tu, f: f, vars: map[string]*ir.Var{}}
}

// lower fills in the function's parameters and body from its definition.
func (fl *funcLowerer) lower(def clang.Cursor) {
	fl.def = def
	fl.stmtPos = fl.f.P
	if fl.f.Generic {
		// A member of a class template: the class's parameters are as
		// symbolic as the function's own.
		for _, t := range classTemplates(def) {
			for _, ch := range t.Children() {
				fl.templateParam(ch)
			}
		}
	}
	body := clang.NewNullCursor()
	for _, ch := range def.Children() {
		switch ch.Kind() {
		case clang.Cursor_TemplateTypeParameter, clang.Cursor_NonTypeTemplateParameter:
			fl.templateParam(ch)
		case clang.Cursor_ParmDecl:
			fl.param(ch)
		case clang.Cursor_CompoundStmt:
			body = ch
		}
	}
	fl.f.Result = fl.typeOf(def.ResultType())
	if fl.f.Generic {
		fl.f.Result = fl.typeOf(def.Type().ResultType())
	}
	if !body.IsNull() {
		fl.f.Body = fl.block(body)
	}
}

// templateParam records a template parameter of the generic function.
func (fl *funcLowerer) templateParam(c clang.Cursor) {
	switch c.Kind() {
	case clang.Cursor_TemplateTypeParameter:
		fl.typeParam(c.Spelling())
	case clang.Cursor_NonTypeTemplateParameter:
		if fl.valParams == nil {
			fl.valParams = map[string]bool{}
		}
		fl.valParams[c.Spelling()] = true
	}
}

func (fl *funcLowerer) typeParam(name string) {
	if fl.typeParams == nil {
		fl.typeParams = map[string]bool{}
	}
	fl.typeParams[name] = true
}

func (fl *funcLowerer) typeOf(t clang.Type) ir.Type { return fl.l.typeOf(t, fl) }

func (fl *funcLowerer) param(c clang.Cursor) {
	v := &ir.Var{
		Name:  c.Spelling(),
		Type:  fl.declType(c),
		Kind:  ir.ParamVar,
		P:     fl.pos(c),
		Index: len(fl.f.Params),
		Ref:   isRef(c.Type()),
	}
	if v.Name == "" {
		v.Name = fmt.Sprintf("arg%d", v.Index)
	}
	if pt, ok := v.Type.(*ir.PointerType); ok && fl.f.Kind == ir.Kernel {
		v.Type = &ir.PointerType{Elem: pt.Elem, Space: ir.Global, Const: pt.Const}
	}
	fl.vars[fl.l.declKey(c)] = v
	fl.f.Params = append(fl.f.Params, v)
}

func isRef(t clang.Type) bool {
	k := t.Kind()
	return k == clang.Type_LValueReference || k == clang.Type_RValueReference
}

// declType is the type of a declaration, Unknown when clang marked the
// declaration invalid (libclang then reports int for unknown type names).
func (fl *funcLowerer) declType(c clang.Cursor) ir.Type {
	if c.IsInvalidDeclaration() {
		return &ir.UnknownType{Spelling: c.Type().Spelling(), Reason: "invalid declaration"}
	}
	return fl.typeOf(c.Type())
}

// pos returns the position of c, or the current statement's position when
// c lies outside the analysed files (inside a shim macro, say).
func (fl *funcLowerer) pos(c clang.Cursor) token.Pos {
	if p := fl.l.pos(c.Location()); p.IsValid() {
		return p
	}
	if p := fl.l.pos(c.Extent().Start()); p.IsValid() {
		return p
	}
	return fl.stmtPos
}

// unknown returns an Unknown value and counts it.
func (fl *funcLowerer) unknown(c clang.Cursor, t ir.Type, reason string) *ir.Unknown {
	return fl.unknownAt(fl.pos(c), t, reason)
}

// unknownAt is unknown at a position rather than a cursor's.
func (fl *funcLowerer) unknownAt(pos token.Pos, t ir.Type, reason string) *ir.Unknown {
	fl.f.Stats.UnknownExprs++
	fl.countReason(reason)
	if t == nil {
		t = &ir.UnknownType{Reason: reason}
	}
	return &ir.Unknown{P: pos, Reason: reason, T: t}
}

// unknownStmt returns an UnknownStmt and counts it.
func (fl *funcLowerer) unknownStmt(c clang.Cursor, reason string) *ir.UnknownStmt {
	fl.f.Stats.UnknownStmts++
	fl.countReason(reason)
	s := &ir.UnknownStmt{P: fl.pos(c), Reason: reason}
	// Variables the statement names may be written by it (asm outputs).
	c.Visit(func(ch, _ clang.Cursor) clang.ChildVisitResult {
		if ch.Kind() == clang.Cursor_DeclRefExpr {
			if v := fl.vars[fl.l.declKey(ch.Referenced())]; v != nil {
				s.Writes = append(s.Writes, v)
			}
		}
		return clang.ChildVisit_Recurse
	})
	return s
}

func (fl *funcLowerer) countReason(reason string) {
	if fl.f.Stats.Unknown == nil {
		fl.f.Stats.Unknown = map[string]int{}
	}
	fl.f.Stats.Unknown[reason]++
}

// temp declares a fresh local holding x (for the old value of i++).
func (fl *funcLowerer) temp(pos token.Pos, x ir.Expr) *ir.Var {
	fl.tmp++
	v := &ir.Var{Name: fmt.Sprintf("tmp.%d", fl.tmp), Type: x.Type(), Kind: ir.LocalVar, P: pos}
	fl.pre = append(fl.pre, &ir.DeclStmt{P: pos, Var: v, Init: x})
	return v
}

// exprChildren returns the expression children of c (skipping type and
// template references).
func exprChildren(c clang.Cursor) []clang.Cursor {
	var out []clang.Cursor
	for _, ch := range c.Children() {
		if ch.Kind().IsExpression() {
			out = append(out, ch)
		}
	}
	return out
}
