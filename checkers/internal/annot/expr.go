package annot

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
)

// Expr is an integer expression of a directive. Every node records the
// byte offset, in the directive's comment text, where it starts (Binary:
// where its operator is), so that errors point at the right column.
// Nodes are immutable once parsed; a chained comparison shares its middle
// operand between two Binary nodes.
type Expr interface {
	// Offset returns the byte offset in the comment text of the node's
	// first byte.
	Offset() int
	// String returns the expression in C syntax with the fewest
	// parentheses that parse back to the same tree.
	String() string
	expr()
}

// Num is an integer literal. Val is its value (0 ≤ Val < 2⁶⁴: C's
// unsigned long long range; a minus sign is a Unary); Text is the literal
// as written, suffix included ("0x10ull").
type Num struct {
	Off  int
	Val  *big.Int
	Text string
}

// Name is a size name: a function parameter, or a free symbolic size when
// no parameter has that name.
type Name struct {
	Off  int
	Name string
}

// Unary is Op X with Op one of "-", "+", "!", "~".
type Unary struct {
	Off int // offset of the operator
	Op  string
	X   Expr
}

// Binary is X Op Y with Op one of the operators of binaryPrec.
type Binary struct {
	OpOff int // offset of the operator
	Op    string
	X, Y  Expr
}

// Call is a built-in function applied to its arguments: Fn is a key of
// builtins and len(Args) its arity.
type Call struct {
	Off  int // offset of the function name
	Fn   string
	Args []Expr
}

func (*Num) expr()    {}
func (*Name) expr()   {}
func (*Unary) expr()  {}
func (*Binary) expr() {}
func (*Call) expr()   {}

func (e *Num) Offset() int    { return e.Off }
func (e *Name) Offset() int   { return e.Off }
func (e *Unary) Offset() int  { return e.Off }
func (e *Binary) Offset() int { return e.X.Offset() }
func (e *Call) Offset() int   { return e.Off }

// binaryPrec gives C's precedence of each binary operator: higher binds
// tighter. All are left-associative; the relational level (7) chains
// instead (`a <= b <= c` is `a <= b && b <= c`).
var binaryPrec = map[string]int{
	"||": 1,
	"&&": 2,
	"|":  3,
	"^":  4,
	"&":  5,
	"==": 6, "!=": 6,
	"<": 7, "<=": 7, ">": 7, ">=": 7,
	"<<": 8, ">>": 8,
	"+": 9, "-": 9,
	"*": 10, "/": 10, "%": 10,
}

// relPrec is the precedence of the chaining comparisons.
const relPrec = 7

// unaryOps are the prefix operators.
var unaryOps = map[string]bool{"-": true, "+": true, "!": true, "~": true}

// A builtin is a function-like form of expressions.
type builtin struct {
	arity int
	eval  func(args []int64) (int64, error)
	doc   string // meaning, for doc.go and messages
}

// builtins are the functions an expression may call. Add a row to extend
// the grammar; doc.go lists them.
var builtins = map[string]builtin{
	"min": {2, func(a []int64) (int64, error) { return min(a[0], a[1]), nil }, "the smaller of a and b"},
	"max": {2, func(a []int64) (int64, error) { return max(a[0], a[1]), nil }, "the larger of a and b"},
	"ceil_div": {2, func(a []int64) (int64, error) {
		// (a+b-1)/b, with every step checked.
		s, err := checkedAdd(a[0], a[1])
		if err != nil {
			return 0, err
		}
		if s, err = checkedSub(s, 1); err != nil {
			return 0, err
		}
		return checkedDiv(s, a[1])
	}, "(a+b-1)/b"},
}

// builtinNames returns the builtins' names, sorted.
func builtinNames() string {
	var ns []string
	for n := range builtins {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	return strings.Join(ns, ", ")
}

func (e *Num) String() string {
	if e.Text != "" {
		return e.Text
	}
	return e.Val.String()
}

func (e *Name) String() string { return e.Name }

func (e *Unary) String() string {
	switch e.X.(type) {
	case *Num, *Name, *Call:
		return e.Op + e.X.String()
	}
	return e.Op + "(" + e.X.String() + ")"
}

func (e *Binary) String() string {
	p := binaryPrec[e.Op]
	x, y := e.X.String(), e.Y.String()
	// The left operand needs parentheses when it binds looser, or when
	// both are comparisons (they would chain); the right one also when it
	// binds equally (left associativity).
	if px := prec(e.X); px < p || (p == relPrec && px == relPrec) {
		x = "(" + x + ")"
	}
	if prec(e.Y) <= p {
		y = "(" + y + ")"
	}
	return x + " " + e.Op + " " + y
}

func (e *Call) String() string {
	args := make([]string, len(e.Args))
	for i, a := range e.Args {
		args[i] = a.String()
	}
	return e.Fn + "(" + strings.Join(args, ", ") + ")"
}

// prec returns the precedence of e's outermost operator: a binary
// operator's, or above all of them for operands and unary expressions.
func prec(e Expr) int {
	if b, ok := e.(*Binary); ok {
		return binaryPrec[b.Op]
	}
	return 100
}

// Names returns the names e mentions, sorted, each once.
func Names(e Expr) []string {
	var ns []string
	walk(e, func(e Expr) {
		if n, ok := e.(*Name); ok {
			ns = append(ns, n.Name)
		}
	})
	slices.Sort(ns)
	return slices.Compact(ns)
}

// walk calls f on e and its sub-expressions, parents first.
func walk(e Expr, f func(Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch e := e.(type) {
	case *Unary:
		walk(e.X, f)
	case *Binary:
		walk(e.X, f)
		walk(e.Y, f)
	case *Call:
		for _, a := range e.Args {
			walk(a, f)
		}
	}
}

// Errors of Eval, wrapped with the offending sub-expression.
var (
	ErrUnbound  = errors.New("unbound name")
	ErrOverflow = errors.New("int64 overflow")
	ErrDivZero  = errors.New("division by zero")
	ErrShift    = errors.New("shift count out of range")
)

// Eval computes e over the integers with env giving the value of each
// name (env may be nil: no name is bound). The arithmetic is exact, not
// C's: any intermediate value outside int64 is an error wrapping
// ErrOverflow, never a wrapped-around value. Division and remainder
// truncate toward zero as in C; comparisons and logical operators yield
// 0 or 1; && and || short-circuit, so `n != 0 && m / n > 2` is defined at
// n = 0. Errors wrap ErrUnbound, ErrOverflow, ErrDivZero or ErrShift.
func Eval(e Expr, env func(name string) (int64, bool)) (int64, error) {
	switch e := e.(type) {
	case *Num:
		if !e.Val.IsInt64() {
			return 0, fmt.Errorf("%w: literal %s", ErrOverflow, e)
		}
		return e.Val.Int64(), nil
	case *Name:
		if env != nil {
			if v, ok := env(e.Name); ok {
				return v, nil
			}
		}
		return 0, fmt.Errorf("%w: %s", ErrUnbound, e.Name)
	case *Unary:
		return evalUnary(e, env)
	case *Binary:
		return evalBinary(e, env)
	case *Call:
		b, ok := builtins[e.Fn]
		if !ok || len(e.Args) != b.arity {
			return 0, fmt.Errorf("unknown function %s/%d", e.Fn, len(e.Args))
		}
		args := make([]int64, len(e.Args))
		for i, a := range e.Args {
			v, err := Eval(a, env)
			if err != nil {
				return 0, err
			}
			args[i] = v
		}
		v, err := b.eval(args)
		if err != nil {
			return 0, fmt.Errorf("%w in %s", err, e)
		}
		return v, nil
	}
	return 0, fmt.Errorf("unknown expression %T", e)
}

func evalUnary(e *Unary, env func(string) (int64, bool)) (int64, error) {
	if n, ok := e.X.(*Num); ok && e.Op == "-" && n.Val.Cmp(minInt64Abs) == 0 {
		return math.MinInt64, nil // -9223372036854775808, as Directive.String prints it
	}
	x, err := Eval(e.X, env)
	if err != nil {
		return 0, err
	}
	switch e.Op {
	case "-":
		if x == math.MinInt64 {
			return 0, fmt.Errorf("%w in %s", ErrOverflow, e)
		}
		return -x, nil
	case "+":
		return x, nil
	case "!":
		return b2i(x == 0), nil
	case "~":
		return ^x, nil
	}
	return 0, fmt.Errorf("unknown operator %s", e.Op)
}

// minInt64Abs is 2⁶³, the literal that only a minus sign brings into
// int64.
var minInt64Abs = new(big.Int).Lsh(big.NewInt(1), 63)

func evalBinary(e *Binary, env func(string) (int64, bool)) (int64, error) {
	x, err := Eval(e.X, env)
	if err != nil {
		return 0, err
	}
	// Short-circuit: the right operand is not evaluated, so it may be
	// undefined.
	switch {
	case e.Op == "&&" && x == 0:
		return 0, nil
	case e.Op == "||" && x != 0:
		return 1, nil
	}
	y, err := Eval(e.Y, env)
	if err != nil {
		return 0, err
	}
	v, err := arith(e.Op, x, y)
	if err != nil {
		return 0, fmt.Errorf("%w in %s", err, e)
	}
	return v, nil
}

// arith applies a binary operator to two values.
func arith(op string, x, y int64) (int64, error) {
	switch op {
	case "+":
		return checkedAdd(x, y)
	case "-":
		return checkedSub(x, y)
	case "*":
		return checkedMul(x, y)
	case "/":
		return checkedDiv(x, y)
	case "%":
		if y == 0 {
			return 0, ErrDivZero
		}
		if y == -1 {
			return 0, nil // MinInt64 % -1 traps in C and Go
		}
		return x % y, nil
	case "<<":
		if y < 0 || y > 63 {
			return 0, ErrShift
		}
		if r := x << y; r>>y == x {
			return r, nil
		}
		return 0, ErrOverflow
	case ">>":
		if y < 0 || y > 63 {
			return 0, ErrShift
		}
		return x >> y, nil
	case "&":
		return x & y, nil
	case "|":
		return x | y, nil
	case "^":
		return x ^ y, nil
	case "&&":
		return b2i(y != 0), nil // x != 0 here
	case "||":
		return b2i(y != 0), nil // x == 0 here
	case "==":
		return b2i(x == y), nil
	case "!=":
		return b2i(x != y), nil
	case "<":
		return b2i(x < y), nil
	case "<=":
		return b2i(x <= y), nil
	case ">":
		return b2i(x > y), nil
	case ">=":
		return b2i(x >= y), nil
	}
	return 0, fmt.Errorf("unknown operator %s", op)
}

func checkedAdd(x, y int64) (int64, error) {
	r := x + y
	if (x > 0 && y > 0 && r < 0) || (x < 0 && y < 0 && r >= 0) {
		return 0, ErrOverflow
	}
	return r, nil
}

func checkedSub(x, y int64) (int64, error) {
	r := x - y
	if (y > 0 && r > x) || (y < 0 && r < x) {
		return 0, ErrOverflow
	}
	return r, nil
}

func checkedMul(x, y int64) (int64, error) {
	if x == 0 || y == 0 {
		return 0, nil
	}
	r := x * y
	if r/y != x || (x == -1 && y == math.MinInt64) || (y == -1 && x == math.MinInt64) {
		return 0, ErrOverflow
	}
	return r, nil
}

func checkedDiv(x, y int64) (int64, error) {
	switch {
	case y == 0:
		return 0, ErrDivZero
	case x == math.MinInt64 && y == -1:
		return 0, ErrOverflow
	}
	return x / y, nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
