package witness

import (
	"fmt"
	"strings"

	"github.com/cudavet/cudavet/frontend/ir"
)

// Text returns e in C-like syntax without the conversions C inserts
// implicitly ("row * OC", "blockIdx.x * hidden_size + i").
func Text(e ir.Expr) string { return text(e, 0) }

var prec = map[ir.BinOp]int{
	ir.Mul: 10, ir.Div: 10, ir.Rem: 10, ir.Add: 9, ir.Sub: 9, ir.Shl: 8, ir.Shr: 8,
	ir.Lt: 7, ir.Le: 7, ir.Gt: 7, ir.Ge: 7, ir.Eq: 6, ir.Ne: 6, ir.And: 5, ir.Xor: 4, ir.Or: 3,
	ir.LAnd: 2, ir.LOr: 1,
}

func text(e ir.Expr, outer int) string {
	switch e := e.(type) {
	case *ir.Convert:
		if e.Implicit {
			return text(e.X, outer)
		}
		return "(" + e.T.String() + ")" + text(e.X, 11)
	case *ir.Binary:
		p := prec[e.Op]
		s := text(e.X, p) + " " + e.Op.String() + " " + text(e.Y, p+1)
		if p < outer {
			return "(" + s + ")"
		}
		return s
	case *ir.Unary:
		return e.Op.String() + text(e.X, 11)
	case *ir.VarRef:
		return e.Var.Name
	case *ir.Const:
		if _, ok := e.T.(*ir.BoolType); ok {
			return fmt.Sprint(e.Val != 0)
		}
		return fmt.Sprint(e.Val)
	case *ir.Builtin, *ir.TemplateParamRef:
		return strings.TrimPrefix(ir.ExprString(e), "$")
	case *ir.Load:
		s := text(e.Ptr, 12) + "[" + text(e.Index, 0) + "]"
		if e.Field != "" {
			s += "." + e.Field
		}
		return s
	case *ir.PtrAdd:
		s := text(e.Ptr, 9) + " + " + text(e.Off, 10)
		if outer > 9 {
			return "(" + s + ")"
		}
		return s
	case *ir.Field:
		return text(e.X, 12) + "." + e.Name
	case *ir.Call:
		name := e.Name
		if e.Fn != nil {
			name = e.Fn.Base
		}
		var args []string
		for _, a := range e.Args {
			args = append(args, text(a, 0))
		}
		return name + "(" + strings.Join(args, ", ") + ")"
	case *ir.Intrinsic:
		var args []string
		for _, a := range e.Args {
			args = append(args, text(a, 0))
		}
		return e.Name + "(" + strings.Join(args, ", ") + ")"
	}
	return ir.ExprString(e)
}
