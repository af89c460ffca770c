package lower

import (
	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// block lowers a compound statement.
func (fl *funcLowerer) block(c clang.Cursor) *ir.Block {
	b := &ir.Block{P: fl.pos(c), EndPos: fl.l.pos(c.Extent().End())}
	if c.Kind() != clang.Cursor_CompoundStmt {
		b.Stmts = fl.stmt(c)
		return b
	}
	for _, ch := range c.Children() {
		b.Stmts = append(b.Stmts, fl.stmt(ch)...)
	}
	return b
}

// asBlock lowers a statement that C allows in place of a block.
func (fl *funcLowerer) asBlock(c clang.Cursor) *ir.Block {
	if c.Kind() == clang.Cursor_CompoundStmt {
		return fl.block(c)
	}
	return &ir.Block{P: fl.pos(c), Stmts: fl.stmt(c)}
}

// stmt lowers one statement into zero or more IR statements (side effects
// hoisted from its expressions come first).
func (fl *funcLowerer) stmt(c clang.Cursor) []ir.Stmt {
	saved, savedPos := fl.pre, fl.stmtPos
	fl.pre = nil
	if p := fl.l.pos(c.Location()); p.IsValid() {
		fl.stmtPos = p
	}
	s := fl.stmt1(c)
	out := append(fl.pre, s...)
	fl.pre, fl.stmtPos = saved, savedPos
	for _, st := range s {
		if _, ok := st.(*ir.Block); !ok {
			fl.f.Stats.Stmts++
		}
	}
	return out
}

func (fl *funcLowerer) stmt1(c clang.Cursor) []ir.Stmt {
	switch c.Kind() {
	case clang.Cursor_CompoundStmt:
		return []ir.Stmt{fl.block(c)}
	case clang.Cursor_DeclStmt:
		return fl.declStmt(c)
	case clang.Cursor_IfStmt:
		return fl.ifStmt(c)
	case clang.Cursor_ForStmt:
		return fl.forStmt(c)
	case clang.Cursor_WhileStmt:
		return fl.whileStmt(c)
	case clang.Cursor_DoStmt:
		return fl.doStmt(c)
	case clang.Cursor_SwitchStmt:
		return fl.switchStmt(c)
	case clang.Cursor_BreakStmt:
		return []ir.Stmt{&ir.Break{P: fl.pos(c)}}
	case clang.Cursor_ContinueStmt:
		return []ir.Stmt{&ir.Continue{P: fl.pos(c)}}
	case clang.Cursor_ReturnStmt:
		return fl.returnStmt(c)
	case clang.Cursor_NullStmt:
		return nil
	case clang.Cursor_GCCAsmStmt, clang.Cursor_MSAsmStmt:
		return []ir.Stmt{fl.unknownStmt(c, "inline asm")}
	case clang.Cursor_GotoStmt, clang.Cursor_IndirectGotoStmt:
		return []ir.Stmt{fl.unknownStmt(c, "goto")}
	case clang.Cursor_LabelStmt:
		return fl.children(c)
	case clang.Cursor_CXXForRangeStmt:
		return []ir.Stmt{fl.unknownStmt(c, "range-based for")}
	case clang.Cursor_CXXTryStmt, clang.Cursor_CXXCatchStmt:
		return []ir.Stmt{fl.unknownStmt(c, "try/catch")}
	case clang.Cursor_CaseStmt, clang.Cursor_DefaultStmt:
		return []ir.Stmt{fl.unknownStmt(c, "case label outside switch body")}
	case clang.Cursor_UnexposedStmt:
		// [[attributes]] and #pragma unroll wrap the statement they apply to.
		return fl.children(c)
	}
	if c.Kind().IsExpression() {
		return fl.exprStmt(c)
	}
	if c.Kind().IsDeclaration() {
		return nil // using-declarations, static_assert, local type declarations
	}
	return []ir.Stmt{fl.unknownStmt(c, "statement "+c.Kind().Spelling())}
}

func (fl *funcLowerer) children(c clang.Cursor) []ir.Stmt {
	var out []ir.Stmt
	for _, ch := range c.Children() {
		if ch.Kind().IsStatement() || ch.Kind().IsExpression() {
			out = append(out, fl.stmt1(ch)...)
		}
	}
	return out
}

func (fl *funcLowerer) declStmt(c clang.Cursor) []ir.Stmt {
	var out []ir.Stmt
	for _, ch := range c.Children() {
		if ch.Kind() != clang.Cursor_VarDecl {
			continue
		}
		if s := fl.varDecl(ch); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// varDecl lowers a local declaration: the initializer is the last
// expression child (type references and attributes come first).
func (fl *funcLowerer) varDecl(c clang.Cursor) ir.Stmt {
	v := &ir.Var{Name: c.Spelling(), Type: fl.declType(c), Kind: ir.LocalVar, P: fl.pos(c), Ref: isRef(c.Type())}
	if p := fl.l.pos(c.Extent().Start()); p.IsValid() && p < v.P {
		v.TypePos = p
	}
	init := clang.NewNullCursor()
	for _, ch := range c.Children() {
		switch {
		case ch.Kind() == clang.Cursor_CUDASharedAttr:
			v.Kind = ir.SharedVar
		case ch.Kind() == clang.Cursor_CUDAConstantAttr:
			v.Kind = ir.ConstVar
		case ch.Kind().IsExpression():
			init = ch
		}
	}
	if isArrayType(c.Type()) && init.Kind() != clang.Cursor_InitListExpr && init.Kind() != clang.Cursor_StringLiteral {
		init = clang.NewNullCursor() // the expression child is the array bound
	}
	if r := c.Evaluate(); r.Kind == clang.Eval_Int && c.Type().IsConstQualified() {
		val := r.Int
		v.Value = &val
	}
	fl.vars[fl.l.declKey(c)] = v
	s := &ir.DeclStmt{P: v.P, Var: v}
	if !init.IsNull() && !isImplicitCtor(init) {
		s.Init = fl.rvalueAs(init, v.Type)
		if _, agg := v.Type.(*ir.StructType); agg && v.Ref {
			if _, load := s.Init.(*ir.Load); load {
				// auto& tmp = *reinterpret_cast<T*>(smem + off) binds a
				// name to memory and reads none of it: no load (the
				// fields the code reads through it are its reads).
				s.Init = nil
			}
		}
		if fr, ok := s.Init.(*ir.FuncRef); ok {
			if fl.funcVals == nil {
				fl.funcVals = map[*ir.Var]*ir.FuncRef{}
			}
			fl.funcVals[v] = fr
		}
	}
	return s
}

// isImplicitCtor reports a default construction that clang shows as an
// initializer with no tokens (T x; for class types).
func isImplicitCtor(c clang.Cursor) bool {
	if c.Kind() != clang.Cursor_CallExpr || c.NumArguments() != 0 {
		return false
	}
	r := c.Extent()
	return r.Start().Equal(r.End()) || c.Referenced().Kind() == clang.Cursor_Constructor
}

func (fl *funcLowerer) ifStmt(c clang.Cursor) []ir.Stmt {
	ch := c.Children()
	if len(ch) < 2 || len(ch) > 3 || !ch[0].Kind().IsExpression() {
		return []ir.Stmt{fl.unknownStmt(c, "if with initializer or condition variable")}
	}
	s := &ir.If{P: fl.pos(c), Cond: fl.cond(ch[0])}
	s.Then = fl.asBlock(ch[1])
	if len(ch) == 3 {
		if ch[2].Kind() == clang.Cursor_IfStmt {
			if els := fl.stmt(ch[2]); len(els) == 1 {
				s.Else = els[0]
			} else {
				s.Else = &ir.Block{P: fl.pos(ch[2]), Stmts: els}
			}
		} else {
			s.Else = fl.asBlock(ch[2])
		}
	}
	return []ir.Stmt{s}
}

// cond lowers a condition; its hoisted side effects go before the
// statement, which is right for if and switch (evaluated once).
func (fl *funcLowerer) cond(c clang.Cursor) ir.Expr { return fl.rvalue(c) }

// loopCond lowers a loop condition, which runs every iteration: a side
// effect in it cannot be hoisted, so the condition becomes Unknown.
func (fl *funcLowerer) loopCond(c clang.Cursor) ir.Expr {
	saved := fl.pre
	fl.pre = nil
	e := fl.rvalue(c)
	if len(fl.pre) > 0 {
		e = fl.unknown(c, ir.Bool, "side effect in loop condition")
	}
	fl.pre = saved
	return e
}

// forParts splits a for statement's children into init, cond, inc and
// body by where they lie relative to the two semicolons of the header
// (libclang omits the parts that are absent).
func (fl *funcLowerer) forParts(c clang.Cursor) (init, cond, inc, body clang.Cursor, ok bool) {
	init, cond, inc = clang.NewNullCursor(), clang.NewNullCursor(), clang.NewNullCursor()
	ch := c.Children()
	if len(ch) == 0 {
		return
	}
	body = ch[len(ch)-1]
	semis := fl.headerSemicolons(c)
	if len(semis) != 2 {
		if len(ch) == 4 {
			return ch[0], ch[1], ch[2], body, true
		}
		return
	}
	for _, x := range ch[:len(ch)-1] {
		_, _, _, off := x.Extent().Start().ExpansionLocation()
		switch {
		case off < semis[0]:
			init = x
		case off < semis[1]:
			cond = x
		default:
			inc = x
		}
	}
	return init, cond, inc, body, true
}

// headerSemicolons returns the offsets of the ';' tokens at parenthesis
// depth 1 of a for statement's header.
func (fl *funcLowerer) headerSemicolons(c clang.Cursor) []uint32 {
	toks := fl.tu.Tokenize(c.Extent())
	var semis []uint32
	depth := 0
	for _, t := range toks {
		switch fl.tu.TokenSpelling(t) {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return semis
			}
		case ";":
			if depth == 1 {
				_, _, _, off := fl.tu.TokenLocation(t).ExpansionLocation()
				semis = append(semis, off)
			}
		}
	}
	return semis
}

func (fl *funcLowerer) forStmt(c clang.Cursor) []ir.Stmt {
	init, cond, inc, body, ok := fl.forParts(c)
	if !ok {
		return []ir.Stmt{fl.unknownStmt(c, "for statement with unrecognised header")}
	}
	loop := &ir.Loop{P: fl.pos(c), Kind: ir.ForLoop}
	loop.Init = &ir.Block{P: loop.P}
	if !init.IsNull() {
		loop.Init.Stmts = fl.stmt(init)
	}
	if !cond.IsNull() {
		loop.Cond = fl.loopCond(cond)
	}
	loop.Body = fl.asBlock(body)
	loop.Post = &ir.Block{P: loop.P}
	if !inc.IsNull() {
		loop.Post.Stmts = fl.stmt(inc)
	}
	return []ir.Stmt{loop}
}

func (fl *funcLowerer) whileStmt(c clang.Cursor) []ir.Stmt {
	ch := c.Children()
	if len(ch) != 2 {
		return []ir.Stmt{fl.unknownStmt(c, "while with condition variable")}
	}
	loop := &ir.Loop{P: fl.pos(c), Kind: ir.WhileLoop, Cond: fl.loopCond(ch[0])}
	loop.Body = fl.asBlock(ch[1])
	return []ir.Stmt{loop}
}

func (fl *funcLowerer) doStmt(c clang.Cursor) []ir.Stmt {
	ch := c.Children()
	if len(ch) != 2 {
		return []ir.Stmt{fl.unknownStmt(c, "malformed do statement")}
	}
	loop := &ir.Loop{P: fl.pos(c), Kind: ir.DoWhileLoop}
	loop.Body = fl.asBlock(ch[0])
	loop.Cond = fl.loopCond(ch[1])
	return []ir.Stmt{loop}
}

func (fl *funcLowerer) switchStmt(c clang.Cursor) []ir.Stmt {
	ch := c.Children()
	if len(ch) != 2 || !ch[0].Kind().IsExpression() {
		return []ir.Stmt{fl.unknownStmt(c, "switch with initializer")}
	}
	sw := &ir.Switch{P: fl.pos(c), Tag: fl.cond(ch[0])}
	body := []clang.Cursor{ch[1]}
	if ch[1].Kind() == clang.Cursor_CompoundStmt {
		body = ch[1].Children()
	}
	var cur *ir.Case
	for _, s := range body {
		for s.Kind() == clang.Cursor_CaseStmt || s.Kind() == clang.Cursor_DefaultStmt {
			cur = &ir.Case{P: fl.pos(s)}
			sw.Cases = append(sw.Cases, cur)
			sc := s.Children()
			if s.Kind() == clang.Cursor_DefaultStmt {
				cur.Default = true
			} else if len(sc) > 0 {
				cur.Values = append(cur.Values, fl.rvalue(sc[0]))
			}
			if len(sc) == 0 {
				break
			}
			s = sc[len(sc)-1]
		}
		if s.Kind() == clang.Cursor_CaseStmt || s.Kind() == clang.Cursor_DefaultStmt {
			continue
		}
		if cur == nil {
			continue // statements before the first label are unreachable
		}
		cur.Body = append(cur.Body, fl.stmt(s)...)
	}
	return []ir.Stmt{sw}
}

func (fl *funcLowerer) returnStmt(c clang.Cursor) []ir.Stmt {
	r := &ir.Return{P: fl.pos(c)}
	if ch := exprChildren(c); len(ch) == 1 {
		if isVoid(ch[0].Type()) {
			return append(fl.exprStmt(ch[0]), r)
		}
		r.X = fl.rvalue(ch[0])
	}
	return []ir.Stmt{r}
}

func isArrayType(t clang.Type) bool {
	switch t.CanonicalType().Kind() {
	case clang.Type_ConstantArray, clang.Type_IncompleteArray, clang.Type_DependentSizedArray, clang.Type_VariableArray:
		return true
	}
	return false
}

func isVoid(t clang.Type) bool { return t.CanonicalType().Kind() == clang.Type_Void }
