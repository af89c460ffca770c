package barrierdiv

import (
	"strconv"
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// parenAfter returns the text inside the parentheses that follow keyword
// kw at data[off:] ("if (tid < n)" → "tid < n"), with runs of white space
// folded to one blank.
func parenAfter(data []byte, off int, kw string) (string, bool) {
	i := skipSpace(data, off)
	if !strings.HasPrefix(string(data[i:min(len(data), i+len(kw))]), kw) {
		return "", false
	}
	i = skipSpace(data, i+len(kw))
	if i >= len(data) || data[i] != '(' {
		return "", false
	}
	j := matchParen(data, i)
	if j < 0 {
		return "", false
	}
	return strings.Join(strings.Fields(string(data[i+1:j])), " "), true
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// matchParen returns the index of the parenthesis closing data[open], or
// -1. It skips string and character literals and comments.
func matchParen(data []byte, open int) int {
	depth := 0
	for i := open; i < len(data); i++ {
		switch c := data[i]; c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '"', '\'':
			for i++; i < len(data) && data[i] != c; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '/':
			if i+1 < len(data) && data[i+1] == '/' {
				for i < len(data) && data[i] != '\n' {
					i++
				}
			} else if i+1 < len(data) && data[i+1] == '*' {
				end := strings.Index(string(data[i+2:]), "*/")
				if end < 0 {
					return -1
				}
				i += end + 3
			}
		}
	}
	return -1
}

// splitTop splits s at the occurrences of sep outside parentheses.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case sep:
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// C precedence of binary operators (higher binds tighter).
var prec = map[ir.BinOp]int{
	ir.Mul: 10, ir.Div: 10, ir.Rem: 10, ir.Add: 9, ir.Sub: 9, ir.Shl: 8, ir.Shr: 8,
	ir.Lt: 7, ir.Le: 7, ir.Gt: 7, ir.Ge: 7, ir.Eq: 6, ir.Ne: 6,
	ir.And: 5, ir.Xor: 4, ir.Or: 3, ir.LAnd: 2, ir.LOr: 1,
}

// exprText prints e close to C source: implicit conversions dropped,
// parentheses only where precedence needs them. It is the fallback when
// the source text is not available.
func exprText(e ir.Expr) string {
	switch e := e.(type) {
	case *ir.Convert:
		if e.Implicit {
			return exprText(e.X)
		}
		return "(" + e.T.String() + ")" + operand(e.X, 11)
	case *ir.VarRef:
		return e.Var.Name
	case *ir.Const:
		if _, ok := e.T.(*ir.BoolType); ok {
			return strconv.FormatBool(e.Val != 0)
		}
		return strconv.FormatInt(e.Val, 10)
	case *ir.Binary:
		p := prec[e.Op]
		return operand(e.X, p) + " " + e.Op.String() + " " + operand(e.Y, p+1)
	case *ir.Unary:
		return e.Op.String() + operand(e.X, 11)
	case *ir.Load:
		s := operand(e.Ptr, 12) + "[" + exprText(e.Index) + "]"
		if e.Field != "" {
			s += "." + e.Field
		}
		return s
	case *ir.Field:
		return operand(e.X, 12) + "." + e.Name
	case *ir.Cond:
		return operand(e.C, 2) + " ? " + exprText(e.X) + " : " + exprText(e.Y)
	case *ir.Intrinsic:
		return e.Name + "(" + exprList(e.Args) + ")"
	case *ir.Call:
		name := e.Name
		if e.Fn != nil {
			name = e.Fn.Base
		}
		if e.Recv != nil {
			return operand(e.Recv, 12) + "." + name[strings.LastIndex(name, ":")+1:] + "(" + exprList(e.Args) + ")"
		}
		return name + "(" + exprList(e.Args) + ")"
	}
	return ir.ExprString(e)
}

// operand prints e as an operand of an operator of precedence p.
func operand(e ir.Expr, p int) string {
	for {
		c, ok := e.(*ir.Convert)
		if !ok || !c.Implicit {
			break
		}
		e = c.X
	}
	s := exprText(e)
	switch e := e.(type) {
	case *ir.Binary:
		if prec[e.Op] < p {
			return "(" + s + ")"
		}
	case *ir.Cond:
		return "(" + s + ")"
	case *ir.Convert, *ir.Unary:
		if p > 11 {
			return "(" + s + ")"
		}
	}
	return s
}

func exprList(es []ir.Expr) string {
	var out []string
	for _, e := range es {
		out = append(out, exprText(e))
	}
	return strings.Join(out, ", ")
}
