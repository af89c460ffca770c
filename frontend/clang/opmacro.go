package clang

// This file finds the operator of an expression spelled inside a macro
// body or argument, where the expanded tokens are not in the file. The
// spelled tokens are parsed as a flat sequence operand op operand … op
// operand, with macro parameters and macro names as atomic operands (true
// for well-behaved macros: arguments parenthesized or atomic). By
// precedence, the first operator takes the first operand as its LHS; each
// node up the left spine takes the node below it. The expression is the
// node whose LHS has as many binary operators down its own left spine as
// the AST's LHS has. Checks (operator class, RHS position) reject doubt.

// binaryPrec returns the precedence of a binary operator token (higher binds
// tighter) and whether it is right-associative; 0 means not an operator.
func binaryPrec(op string) (prec int, right bool) {
	switch op {
	case ".*", "->*":
		return 13, false
	case "*", "/", "%":
		return 12, false
	case "+", "-":
		return 11, false
	case "<<", ">>":
		return 10, false
	case "<=>":
		return 9, false
	case "<", ">", "<=", ">=":
		return 8, false
	case "==", "!=":
		return 7, false
	case "&":
		return 6, false
	case "^":
		return 5, false
	case "|":
		return 4, false
	case "&&":
		return 3, false
	case "||":
		return 2, false
	}
	if op == "=" || isOneOf(op, assignOps) {
		return 1, true
	}
	return 0, false
}

// binaryOpInSpelling finds the operator of expr (children lhs, rhs) from the
// tokens where expr is spelled.
func (tu TranslationUnit) binaryOpInSpelling(expr, lhs, rhs Cursor) string {
	f, start, ok := tu.spelledAt(expr.Extent().Start())
	if !ok {
		return ""
	}
	stream := tu.spelledStream(f, start, expr)
	ops, ok := flatOperators(stream)
	if !ok {
		return ""
	}
	depth := lhsSpineDepth(lhs)
	spine := leftSpine(stream, ops)
	if depth < 0 || depth >= len(spine) {
		return ""
	}
	i := spine[depth]
	// The RHS starts right after the operator: at that very token when it is
	// spelled there, or else at a macro parameter or macro name there.
	if rf, rt, ok := tu.spelledAt(rhs.Extent().Start()); ok && rf.Equal(f) && rt.off >= start.off && rt.off <= stream[len(stream)-1].off {
		if i+1 >= len(stream) || stream[i+1].off != rt.off {
			return ""
		}
	} else if i+1 >= len(stream) || stream[i+1].kind != Token_Identifier {
		return ""
	}
	return canonOp(stream[i].text)
}

// postfixInSpelling finds x++ or x-- when the operator is spelled in a
// macro: the token after the operand, skipped in the spelled tokens.
func (tu TranslationUnit) postfixInSpelling(f File, start lexTok, operand Cursor) string {
	stream := tu.spelledStream(f, start, operand)
	j := skipOperand(stream, 0, false)
	if j < 0 || j >= len(stream) {
		return ""
	}
	return stream[j].text
}

// lhsSpineDepth returns the number of binary operators on the left spine
// of e (through implicit nodes), or -1 for a shape the flat parse cannot
// match (a conditional operator).
func lhsSpineDepth(e Cursor) int {
	depth := 0
	for {
		kids := e.Children()
		switch k := e.Kind(); {
		case k == Cursor_UnexposedExpr && len(kids) == 1:
			e = kids[0]
			continue
		case (k == Cursor_BinaryOperator || k == Cursor_CompoundAssignOperator) && len(kids) == 2:
		case k == Cursor_CallExpr && len(kids) == 3 && isOverloadedBinary(operatorCallName(e, kids)):
			// a + b with an overloaded operator+ is CallExpr [a, callee, b].
		case k == Cursor_ConditionalOperator:
			return -1
		default:
			return depth
		}
		depth++
		e = kids[0]
	}
}

// operatorCallName returns the name of the operator function a CallExpr
// calls: its spelling ("operator+"), or, for a call in a template that is
// not resolved yet (spelled ""), the OverloadedDeclRef under its callee.
func operatorCallName(call Cursor, kids []Cursor) string {
	if name := call.Spelling(); name != "" {
		return name
	}
	for e := kids[1]; ; {
		if e.Kind() == Cursor_OverloadedDeclRef {
			return e.Spelling()
		}
		sub := e.Children()
		if len(sub) != 1 {
			return ""
		}
		e = sub[0]
	}
}

func isOverloadedBinary(name string) bool {
	if len(name) <= len("operator") || name[:len("operator")] != "operator" {
		return false
	}
	p, _ := binaryPrec(name[len("operator"):])
	return p > 0
}

// flatOperators returns the indexes in stream of the binary operators of
// the expression that starts at stream[0] and runs to the first token that
// is not part of it; ok is false when the tokens do not parse.
func flatOperators(stream []lexTok) (ops []int, ok bool) {
	i := skipOperand(stream, 0, true)
	if i < 0 {
		return nil, false
	}
	for i < len(stream) {
		if p, _ := binaryPrec(canonOp(stream[i].text)); p == 0 || stream[i].kind == Token_Identifier {
			break
		}
		ops = append(ops, i)
		if i = skipOperand(stream, i+1, true); i < 0 {
			return nil, false
		}
	}
	return ops, len(ops) > 0
}

// leftSpine returns the operators on the left spine of the precedence tree
// of ops, from the bottom (the operator whose LHS is the first operand) up.
func leftSpine(stream []lexTok, ops []int) []int {
	var spine []int
	for n := len(ops); n > 0; {
		root := 0
		for j := 1; j < n; j++ {
			pj, right := binaryPrec(canonOp(stream[ops[j]].text))
			pr, _ := binaryPrec(canonOp(stream[ops[root]].text))
			if pj < pr || pj == pr && !right {
				root = j
			}
		}
		spine = append(spine, ops[root])
		n = root
	}
	for l, r := 0, len(spine)-1; l < r; l, r = l+1, r-1 {
		spine[l], spine[r] = spine[r], spine[l]
	}
	return spine
}

// skipOperand returns the index after the operand (a unary expression) that
// starts at i, or -1 when there is none. With postfixIncDec false it stops
// before a trailing ++ or --.
func skipOperand(s []lexTok, i int, postfixIncDec bool) int {
	for i < len(s) && isPrefixToken(s[i]) {
		i++
	}
	if i >= len(s) {
		return -1
	}
	switch t := s[i]; {
	case t.text == "(":
		j := skipBalanced(s, i)
		if j < 0 {
			return -1
		}
		if isCast(s[i+1:j-1]) && j < len(s) && startsOperand(s[j]) {
			return skipOperand(s, j, postfixIncDec)
		}
		i = j
	case t.kind == Token_Identifier || t.kind == Token_Literal || isOneOf(t.text, []string{"this", "true", "false", "nullptr"}):
		i++
		for i+1 < len(s) && s[i].text == "::" && s[i+1].kind == Token_Identifier {
			i += 2
		}
		// A template-id f<int>(x): the '>' is followed by a call or scope.
		if t.kind == Token_Identifier && i < len(s) && s[i].text == "<" {
			if j := skipAngles(s, i); j > 0 && j < len(s) && isOneOf(s[j].text, []string{"(", "::", "{"}) {
				i = j
			}
		}
	case isOneOf(t.text, []string{"static_cast", "reinterpret_cast", "const_cast", "dynamic_cast"}):
		if i+1 >= len(s) || s[i+1].text != "<" {
			return -1
		}
		j := skipAngles(s, i+1)
		if j < 0 || j >= len(s) || s[j].text != "(" {
			return -1
		}
		i = j
		if i = skipBalanced(s, i); i < 0 {
			return -1
		}
	case t.text == "sizeof" || t.text == "alignof" || t.text == "__alignof__":
		if i+1 < len(s) && s[i+1].text == "(" {
			i = skipBalanced(s, i+1)
		} else {
			i = skipOperand(s, i+1, true)
		}
		return i
	default:
		return -1
	}
	return skipPostfix(s, i, postfixIncDec)
}

// skipPostfix skips calls, subscripts, member accesses and (when
// postfixIncDec) ++ and -- after an operand ending at i.
func skipPostfix(s []lexTok, i int, postfixIncDec bool) int {
	for i >= 0 && i < len(s) {
		switch t := s[i].text; {
		case t == "(" || t == "[":
			i = skipBalanced(s, i)
		case (t == "." || t == "->") && i+1 < len(s) && s[i+1].kind == Token_Identifier:
			i += 2
		case postfixIncDec && (t == "++" || t == "--"):
			i++
		default:
			return i
		}
	}
	return i
}

func isPrefixToken(t lexTok) bool {
	return t.kind != Token_Identifier && isOneOf(canonOp(t.text), prefixOps)
}

// startsOperand reports whether t can begin the operand of a cast.
func startsOperand(t lexTok) bool {
	return t.kind == Token_Identifier || t.kind == Token_Literal || t.text == "(" || isPrefixToken(t)
}

// isCast reports whether the tokens inside parentheses look like a type:
// builtin type keywords, qualifiers, '*', '&', '::' and names ending in _t.
func isCast(in []lexTok) bool {
	sawType := false
	for _, t := range in {
		switch {
		case isOneOf(t.text, []string{"int", "unsigned", "signed", "float", "double", "char", "short", "long",
			"bool", "void", "size_t", "__half", "half"}):
			sawType = true
		case isOneOf(t.text, []string{"const", "volatile", "*", "&", "::", "__restrict__", "__restrict"}):
		case t.kind == Token_Identifier && len(t.text) > 2 && t.text[len(t.text)-2:] == "_t":
			sawType = true
		default:
			return false
		}
	}
	return sawType
}

// skipBalanced returns the index after the bracket that closes s[i], or -1.
func skipBalanced(s []lexTok, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// skipAngles returns the index after the '>' that closes the '<' at s[i].
func skipAngles(s []lexTok, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i].text {
		case "<":
			depth++
		case ">":
			if depth--; depth == 0 {
				return i + 1
			}
		case ">>":
			if depth -= 2; depth <= 0 {
				return i + 1
			}
		case "(", "[":
			j := skipBalanced(s, i)
			if j < 0 {
				return -1
			}
			i = j - 1
		}
	}
	return -1
}
