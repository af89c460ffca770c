package clang

import (
	"fmt"
	"reflect"
	"testing"
)

// opDefs are the declarations and macros the operator cases use.
const opDefs = `#include "/__cudavet__/m.h"
#define N 16
#define IDX(a, b) ((a)*N + (b))
#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))
#define LOOP_IDX (blockIdx.x * blockDim.x + threadIdx.x)
#define KLOOP(i, n) for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); \
                         i += blockDim.x * gridDim.x)
#define MUL(a, b) a*b
#define ADDR(p, i) ((char *)(p) + (i) * 4)
#define SCALE(x) ((float)(x)*N)
#define TW(x) (f<int>(x) + N)
#define NEG(x) (-(x))
#define INC(i) ((i)++)
#define ADD3(a, b, c) a + b + c
#define PLUS +
#define DISPATCH(...) [&]() -> bool { return __VA_ARGS__(); }()
#define CHECKED(c) g(c), k0
#define PAIR(a, b) a, b
struct S { int q; int v[4]; };
template <typename T> __device__ T f(T x) { return x; }
__device__ void g(bool c);
__device__ int k0;
`

// mHeader is a header whose macro is used across files.
const mHeader = `#define HN 32
#define HIDX(a, b) ((a)*HN + (b))
`

// opsIn parses a kernel with body and returns the binary and compound
// assignment operators found in it, in pre-order.
func opsIn(t *testing.T, body string) []string {
	t.Helper()
	src := opDefs + "__global__ void kern(int a, int b, int c, int d, float x, unsigned u, bool bb, S *p, S s, float *o, char *ptr) {\n" +
		"  int row = a, col = b, n = c, y = d, k = a, i = b;\n" + body + "\n}\n"
	tu := parseWith(t, src, NewUnsavedFile("/__cudavet__/m.h", mHeader))
	noErrors(t, tu)
	kern := findKind(tu.TranslationUnitCursor(), Cursor_FunctionDecl, "kern")
	if len(kern) != 1 {
		t.Fatalf("kernel not found")
	}
	var ops []string
	for _, c := range find(kern[0], func(c Cursor) bool {
		return c.Kind() == Cursor_BinaryOperator || c.Kind() == Cursor_CompoundAssignOperator
	}) {
		ops = append(ops, tu.BinaryOperator(c))
	}
	return ops
}

func TestBinaryOperator(t *testing.T) {
	cases := []struct {
		body string
		want []string
	}{
		// Plain expressions: the token between the operands.
		{"o[0] = a + b * c;", []string{"=", "+", "*"}},
		{"o[0] = (a + b) * c;", []string{"=", "*", "+"}},
		{"o[0] = (int)x * 2 + y;", []string{"=", "+", "*"}},
		{"bb = a < b;", []string{"=", "<"}},
		{"k >>= 2;", []string{">>="}},
		{"k = p->q * 2;", []string{"=", "*"}},
		{"k = f<int>(x) + 1;", []string{"=", "+"}},
		{"bb = bb and a;", []string{"=", "&&"}},
		{"k = y = 3;", []string{"=", "="}},
		{"k = (a, b);", []string{"=", ","}},
		{"k = ((a))*(b) - c;", []string{"=", "-", "*"}},
		{"k = s.v[1] << 3 | 1;", []string{"=", "|", "<<"}},
		{"u = (unsigned)a * (unsigned)b;", []string{"=", "*"}},
		{"k = a /*c*/ % b;", []string{"=", "%"}},
		// Through macros.
		{"k = IDX(row, col);", []string{"=", "+", "*"}},
		{"k = IDX(row*2, col+1);", []string{"=", "+", "*", "*", "+"}},
		{"k = IDX(a, b) + IDX(c, d);", []string{"=", "+", "+", "*", "+", "*"}},
		{"k = N * y;", []string{"=", "*"}},
		{"k = y * N;", []string{"=", "*"}},
		{"k = CEIL_DIV(n, 256);", []string{"=", "/", "-", "+"}},
		{"u = LOOP_IDX;", []string{"=", "+", "*"}},
		{"KLOOP(j, n) { o[j] = 0; }", []string{"+", "*", "<", "+=", "*", "="}},
		{"k = HIDX(row, col);", []string{"=", "+", "*"}},
		{"ptr = ADDR(ptr, k);", []string{"=", "+", "*"}},
		{"x = SCALE(k);", []string{"=", "*"}},
		{"k = TW(k);", []string{"=", "+"}},
		// Unparenthesized parameters on both sides: the operator is spelled
		// only in the body, between two arguments; not found, never guessed.
		{"k = MUL(a, b);", []string{"=", ""}},
		{"k = ADD3(a, b, c);", []string{"=", "", ""}},
		{"k = a PLUS b;", []string{"=", ""}},
		// A comma spelled in a macro's body (a check macro followed by a
		// message stream): the only built-in binary operator taking a void
		// operand. With operands of other types it is not guessed.
		{"k = (CHECKED(a < b));", []string{"=", ",", "<"}},
		{"k = (PAIR(a, b));", []string{"=", ""}},
		// A statement in a macro argument (a dispatch macro's lambda) that
		// goes on over several lines of the file.
		{"DISPATCH([&] {\n  k = f<int>(\n      a) + b;\n  return true;\n});", []string{"=", "+"}},
		// A line that ends in an operator is not followed: unknown.
		{"DISPATCH([&] {\n  o[0] = x *\n      (float)b;\n  return true;\n});", []string{"", ""}},
		{"DISPATCH([&] {\n  k = IDX(a,\n      b);\n  return true;\n});", []string{"=", "+", "*"}},
	}
	for _, tc := range cases {
		t.Run(tc.body, func(t *testing.T) {
			if got := opsIn(t, tc.body); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("operators = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUnaryOperator(t *testing.T) {
	cases := []struct {
		body string
		want []string // op, with "post" appended for postfix
	}{
		{"k = -a;", []string{"-"}},
		{"bb = !bb;", []string{"!"}},
		{"u = ~u;", []string{"~"}},
		{"k = *&k;", []string{"*", "&"}},
		{"++i; i--;", []string{"++", "--post"}},
		{"k = +a;", []string{"+"}},
		{"k = - -a;", []string{"-", "-"}},
		{"k = __extension__ (a);", []string{"__extension__"}},
		{"k = NEG(a);", []string{"-"}},
		{"k = INC(i);", []string{"++post"}},
		{"k = -N;", []string{"-"}},
		{"k = IDX(-a, b++);", []string{"-", "++post"}},
	}
	for _, tc := range cases {
		t.Run(tc.body, func(t *testing.T) {
			src := opDefs + "__global__ void kern(int a, bool bb, unsigned u, int i, int b) {\n  int k = 0;\n  " + tc.body + "\n}\n"
			tu := parseWith(t, src, NewUnsavedFile("/__cudavet__/m.h", mHeader))
			noErrors(t, tu)
			var got []string
			for _, c := range findKind(tu.TranslationUnitCursor(), Cursor_UnaryOperator, "") {
				op, post := tu.UnaryOperator(c)
				if post {
					op += "post"
				}
				got = append(got, op)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("operators = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestOperatorOnOtherCursors(t *testing.T) {
	tu := parse(t, "__device__ int g(int a) { return a; }\n")
	for _, c := range find(tu.TranslationUnitCursor(), func(Cursor) bool { return true }) {
		if op := tu.BinaryOperator(c); op != "" {
			t.Errorf("BinaryOperator(%v) = %q", c.Kind(), op)
		}
		if op, _ := tu.UnaryOperator(c); op != "" {
			t.Errorf("UnaryOperator(%v) = %q", c.Kind(), op)
		}
	}
	if got := fmt.Sprint(tu.BinaryOperator(NewNullCursor())); got != "" {
		t.Errorf("BinaryOperator(null) = %q", got)
	}
}
