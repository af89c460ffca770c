package annot

import (
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/cudavet/cudavet/frontend/ir"
)

// parseCases are well-formed comments and their directives in canonical
// form (Directive.String), separated by " | ".
var parseCases = []struct{ text, want string }{
	// shape
	{"shape out[num_tokens, hidden_size]", "shape out[num_tokens, hidden_size]"},
	{"  shape  x [ 2*d ]  ", "shape x[2 * d]"},
	{"shape kv[num_blocks, 2, block_size * num_heads, head_size]", "shape kv[num_blocks, 2, block_size * num_heads, head_size]"},
	// assume, with C precedence and chained comparisons
	{"assume 1 <= num_experts && num_experts <= 512", "assume 1 <= num_experts && num_experts <= 512"},
	{"assume 1 <= E <= 512", "assume 1 <= E && E <= 512"},
	{"assume 1 <= a < b <= 8", "assume 1 <= a && a < b && b <= 8"},
	{"assume (a < b) < c", "assume (a < b) < c"},
	{"assume a == b == c", "assume a == b == c"},
	{"assume hidden_size % 8 == 0", "assume hidden_size % 8 == 0"},
	{"assume M*OC < 1<<40", "assume M * OC < 1 << 40"},
	{"assume a | b < c < d", "assume a | (b < c && c < d)"},
	{"assume a || b && !c", "assume a || b && !c"},
	{"assume (a || b) && ~c", "assume (a || b) && ~c"},
	{"assume a - (b - c) - d", "assume a - (b - c) - d"},
	{"assume -(a + b) * - -c", "assume -(a + b) * -(-c)"},
	{"assume x < 0x10ull && y >= 017 && z != 0b101 && w == 10UL", "assume x < 0x10ull && y >= 017 && z != 0b101 && w == 10UL"},
	{"assume ceil_div(n,256)*256 >= n", "assume ceil_div(n, 256) * 256 >= n"},
	{"assume min(a, b) <= max(a, (b))", "assume min(a, b) <= max(a, b)"},
	{"assume a ^ b & c | d >> 2", "assume a ^ b & c | d >> 2"},
	// user
	{"user num_tokens", "user num_tokens"},
	{"user n <= 4096", "user n in [1, 4096]"},
	{"user n in [0, 1<<20]", "user n in [0, 1048576]"},
	{"user n in [-9223372036854775808, 0]", "user n in [-9223372036854775808, 0]"},
	{"user in in [2, 2]", "user in in [2, 2]"},
	// fixed
	{"fixed E = 8", "fixed E = 8"},
	{"fixed hidden_size in {4096, 8192, 4096, 64*64}", "fixed hidden_size in {4096, 8192}"},
	{"fixed E in {16}", "fixed E = 16"},
	// launch
	{"launch grid=num_tokens block=256 smem=4*(num_experts+1)", "launch grid=num_tokens block=256 smem=4 * (num_experts + 1)"},
	{"launch block=128, grid=a, b", "launch grid=a, b block=128"},
	{"launch grid=dim3(x, y, 1) smem=0", "launch grid=x, y, 1 smem=0"},
	{"launch grid=a, block", "launch grid=a, block"},
	{"launch smem = 48 * 1024", "launch smem=48 * 1024"},
	// several per comment
	{"shape x[n]; user n;; ", "shape x[n] | user n"},
	{";shape x[n];", "shape x[n]"},
	// ignore: raw, ';' included
	{"ignore[bounds,race] padded; see launcher", "ignore[bounds,race] padded; see launcher"},
	{"ignore", "ignore"},
}

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		ds, errs := Parse(c.text)
		if len(errs) > 0 {
			t.Errorf("Parse(%q): unexpected errors %v", c.text, errs)
			continue
		}
		var got []string
		for _, d := range ds {
			got = append(got, d.String())
		}
		if g := strings.Join(got, " | "); g != c.want {
			t.Errorf("Parse(%q) = %q, want %q", c.text, g, c.want)
		}
	}
}

func TestParseFields(t *testing.T) {
	ds, errs := Parse("  shape x[n, 2*d]; user m <= 10; fixed E in {8, 16}; launch block=32, 4 grid=g")
	if len(errs) > 0 || len(ds) != 4 {
		t.Fatalf("got %v, %v", ds, errs)
	}
	sh, us, fx, la := ds[0], ds[1], ds[2], ds[3]
	if sh.Kind != Shape || sh.Name != "x" || len(sh.Dims) != 2 || sh.Off != 2 || sh.Text != "shape x[n, 2*d]" {
		t.Errorf("shape: %+v", sh)
	}
	if b, ok := sh.Dims[1].(*Binary); !ok || b.Op != "*" || b.OpOff != 14 || b.Offset() != 13 {
		t.Errorf("shape dim 1: %#v", sh.Dims[1])
	}
	if us.Kind != User || us.Name != "m" || us.Lo != 1 || us.Hi != 10 || us.DefaultRange || us.Off != 19 {
		t.Errorf("user: %+v", us)
	}
	if fx.Kind != Fixed || !slices.Equal(fx.Values, []int64{8, 16}) {
		t.Errorf("fixed: %+v", fx)
	}
	if la.Kind != Launch || len(la.Block) != 2 || len(la.Grid) != 1 || la.Smem != nil {
		t.Errorf("launch: %+v", la)
	}
	if k := Kind(99).String(); k != "Kind(99)" {
		t.Errorf("Kind(99) = %s", k)
	}
}

// errorCases are malformed comments: the directives still parsed (as in
// parseCases) and every error message.
var errorCases = []struct {
	text string
	ok   string   // directives parsed despite the errors
	errs []string // Error() of each error, in order
}{
	{"shape out[num_tokens, hidden_size", "", []string{"cudavet:shape: expected ']' at column 34"}},
	// ';' always ends a directive.
	{"shape out[num_tokens; hidden_size]", "", []string{
		"cudavet:shape: expected ']' at column 21",
		`unknown cudavet directive "hidden_size"; known: shape, assume, user, fixed, launch, ignore`,
	}},
	{"shap x[n]", "", []string{`unknown cudavet directive "shap"; known: shape, assume, user, fixed, launch, ignore`}},
	{"Shape x[n]", "", []string{`unknown cudavet directive "Shape"; known: shape, assume, user, fixed, launch, ignore`}},
	{"42", "", []string{`unknown cudavet directive "42"; known: shape, assume, user, fixed, launch, ignore`}},
	{"", "", []string{"empty cudavet directive; known: shape, assume, user, fixed, launch, ignore"}},
	{" ; ;", "", []string{"empty cudavet directive; known: shape, assume, user, fixed, launch, ignore"}},
	{"shape x[]", "", []string{`cudavet:shape: expected expression, found "]" at column 9`}},
	{"shape [n]", "", []string{"cudavet:shape: expected parameter name at column 7"}},
	{"shape x", "", []string{"cudavet:shape: expected '[' at column 8"}},
	{"shape x[n] junk", "", []string{`cudavet:shape: expected ';' or end of directive, found "junk" at column 12`}},
	{"assume", "", []string{"cudavet:assume: expected expression, found end of directive at column 7"}},
	{"assume x $ y", "", []string{"cudavet:assume: unexpected character '$' at column 10"}},
	{"assume x < 0x", "", []string{`cudavet:assume: invalid integer literal "0x" at column 12`}},
	{"assume x < 09", "", []string{`cudavet:assume: invalid integer literal "09" at column 12`}},
	{"assume x < 1_000", "", []string{`cudavet:assume: invalid integer literal "1_000" at column 12`}},
	{"assume x < 18446744073709551616", "", []string{"cudavet:assume: integer literal 18446744073709551616 out of range at column 12"}},
	{"assume foo(1)", "", []string{`cudavet:assume: unknown function "foo"; known: ceil_div, max, min at column 8`}},
	{"assume min(1)", "", []string{"cudavet:assume: min takes 2 arguments, found 1 at column 8"}},
	{"assume max()", "", []string{"cudavet:assume: max takes 2 arguments, found 0 at column 8"}},
	{"assume (a", "", []string{"cudavet:assume: expected ')' at column 10"}},
	{"assume é", "", []string{"cudavet:assume: unexpected character 'é' at column 8"}},
	{"assume " + strings.Repeat("(", 300) + "1", "", []string{"cudavet:assume: expression nested too deeply at column 208"}},
	{"assume " + nestedChains(14), "", []string{"cudavet:assume: expression too large: over 10000 nodes written out at column 8"}},
	{"user n in [10, 5]", "", []string{"cudavet:user: empty range [10, 5] for n at column 8"}},
	{"user n <= 0", "", []string{"cudavet:user: empty range [1, 0] for n at column 8"}},
	{"user n <= m", "", []string{"cudavet:user: bound must be a constant, found size name m at column 11"}},
	{"user n < 5", "", []string{"cudavet:user: expected '<=', 'in' or end of directive after n at column 8"}},
	{"user n in [1, 5) ", "", []string{"cudavet:user: expected ']' at column 16"}},
	{"user", "", []string{"cudavet:user: expected size name at column 5"}},
	{"fixed E == 8", "", []string{"cudavet:fixed: expected '=' or 'in' after E at column 9"}},
	{"fixed E in {}", "", []string{`cudavet:fixed: expected expression, found "}" at column 13`}},
	{"fixed E in {8, 16", "", []string{"cudavet:fixed: expected '}' at column 18"}},
	{"fixed E = 1<<70", "", []string{"cudavet:fixed: bad value: shift count out of range in 1 << 70 at column 11"}},
	{"fixed E = 10/0", "", []string{"cudavet:fixed: bad value: division by zero in 10 / 0 at column 11"}},
	{"launch", "", []string{"cudavet:launch: expected grid=, block= or smem= at column 7"}},
	{"launch foo=1", "", []string{"cudavet:launch: expected grid=, block= or smem= at column 8"}},
	{"launch grid=1,2,3,4", "", []string{"cudavet:launch: grid= takes at most 3 values at column 19"}},
	{"launch smem=1,2", "", []string{"cudavet:launch: smem= takes at most 1 values at column 15"}},
	{"launch grid=1 grid=2", "", []string{"cudavet:launch: duplicate grid= at column 15"}},
	{"launch grid 1", "", []string{"cudavet:launch: expected '=' at column 13"}},
	{"launch grid=1,", "", []string{"cudavet:launch: expected expression, found end of directive at column 15"}},
	// One error per directive; the others of the comment still parse.
	{"shape x[; user n; fixed E = 8", "user n | fixed E = 8", []string{`cudavet:shape: expected expression, found ";" at column 9`}},
	{"shape x[$; user $; assume a", "assume a", []string{
		"cudavet:shape: unexpected character '$' at column 9",
		"cudavet:user: unexpected character '$' at column 17",
	}},
	{"shape x[n]; ignore[bounds] why; not", "shape x[n]", []string{
		"cudavet:ignore: must start its own comment, where checkers/driver reads it at column 13",
	}},
}

// nestedChains returns a comparison chain nested n deep in the middle
// operands of chains: its written-out size doubles at each level.
func nestedChains(n int) string {
	s := "x"
	for range n {
		s = "a < (" + s + ") < b"
	}
	return s
}

func TestParseErrors(t *testing.T) {
	for _, c := range errorCases {
		ds, errs := Parse(c.text)
		var got, msgs []string
		for _, d := range ds {
			got = append(got, d.String())
		}
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		if g := strings.Join(got, " | "); g != c.ok {
			t.Errorf("Parse(%q) directives = %q, want %q", c.text, g, c.ok)
		}
		if !slices.Equal(msgs, c.errs) {
			t.Errorf("Parse(%q) errors:\n got %q\nwant %q", c.text, msgs, c.errs)
		}
	}
}

func mustExpr(t *testing.T, src string) Expr {
	t.Helper()
	ds, errs := Parse("assume " + src)
	if len(errs) > 0 || len(ds) != 1 {
		t.Fatalf("parse %q: %v", src, errs)
	}
	return ds[0].Cond
}

func TestEval(t *testing.T) {
	env := func(name string) (int64, bool) {
		v, ok := map[string]int64{"n": 10, "zero": 0, "neg": -7, "big": 1 << 62, "min64": -1 << 63}[name]
		return v, ok
	}
	cases := []struct {
		src  string
		want int64
		err  error
	}{
		{"1 + 2 * 3", 7, nil},
		{"(1 + 2) * 3", 9, nil},
		{"n / 3", 3, nil},
		{"neg / 2", -3, nil}, // truncation toward zero, as in C
		{"neg % 3", -1, nil},
		{"min64 % -1", 0, nil},
		{"1 << 40", 1 << 40, nil},
		{"neg >> 1", -4, nil},
		{"0x10 | 0b11 ^ 017 & ~0", 16 | 3 ^ 15, nil},
		{"1 <= n <= 10", 1, nil},
		{"1 <= n <= 9", 0, nil},
		{"n == 10 && n != 3 || 0", 1, nil},
		{"!n + !zero", 1, nil},
		{"-neg + +n", 17, nil},
		{"min(n, neg) + max(n, neg)", 3, nil},
		{"ceil_div(n, 4)", 3, nil},
		{"ceil_div(8, 4)", 2, nil},
		{"zero != 0 && 10 / zero > 1", 0, nil}, // short-circuit
		{"zero == 0 || 10 / zero > 1", 1, nil},
		{"- 9223372036854775808", -1 << 63, nil},
		{"9223372036854775807", 1<<63 - 1, nil},
		{"9223372036854775808", 0, ErrOverflow},
		{"0xffffffffffffffffull", 0, ErrOverflow},
		{"unknown + 1", 0, ErrUnbound},
		{"n / zero", 0, ErrDivZero},
		{"n % zero", 0, ErrDivZero},
		{"ceil_div(n, zero)", 0, ErrDivZero},
		{"big * 2", 0, ErrOverflow},
		{"big + big", 0, ErrOverflow},
		{"min64 - 1", 0, ErrOverflow},
		{"-min64", 0, ErrOverflow},
		{"min64 / -1", 0, ErrOverflow},
		{"min64 * -1", 0, ErrOverflow},
		{"big << 2", 0, ErrOverflow},
		{"1 << 64", 0, ErrShift},
		{"1 >> neg", 0, ErrShift},
		{"ceil_div(big + big / 2 + big / 2 - 1, 2)", 0, ErrOverflow},
	}
	for _, c := range cases {
		got, err := Eval(mustExpr(t, c.src), env)
		switch {
		case c.err != nil && !errors.Is(err, c.err):
			t.Errorf("Eval(%s) error = %v, want %v", c.src, err, c.err)
		case c.err == nil && (err != nil || got != c.want):
			t.Errorf("Eval(%s) = %d, %v; want %d", c.src, got, err, c.want)
		}
	}
	if _, err := Eval(mustExpr(t, "n"), nil); !errors.Is(err, ErrUnbound) {
		t.Errorf("Eval with nil env: %v", err)
	}
}

func TestNames(t *testing.T) {
	got := Names(mustExpr(t, "ceil_div(b, a) * -c + a < 1 <= d"))
	if want := []string{"a", "b", "c", "d"}; !slices.Equal(got, want) {
		t.Errorf("Names = %v, want %v", got, want)
	}
}

// A testFunc describes a function of a hand-made file: its name is at the
// first occurrence of base+"(", its body ends at the next "\n}".
type testFunc struct {
	name, base string
	kind       ir.FuncKind
	params     string // "x:ptr n:int s:float": names and types
}

var paramTypes = map[string]ir.Type{
	"ptr":   &ir.PointerType{Elem: ir.Float, Space: ir.Global},
	"arr":   &ir.ArrayType{Elem: ir.Float, Len: 4},
	"int":   ir.Int,
	"float": ir.Float,
	"T":     &ir.TypeParam{Name: "T"},
	"tens":  ir.Tensor,
}

// buildFile adds src to a FileSet and makes its ir.File and functions.
func buildFile(t *testing.T, src string, tfs []testFunc) (*ir.File, []*ir.Func) {
	t.Helper()
	fset := token.NewFileSet()
	tf := fset.AddFile("k.cu", -1, len(src))
	tf.SetLinesForContent([]byte(src))
	f := &ir.File{Name: "k.cu", Tok: tf}
	for off := 0; ; {
		i := strings.Index(src[off:], "cudavet:")
		if i < 0 {
			break
		}
		start := off + i
		cstart := max(strings.LastIndex(src[:start], "//"), strings.LastIndex(src[:start], "/*"))
		end := start + strings.IndexByte(src[start:], '\n')
		text := strings.TrimSpace(src[start+len("cudavet:") : end])
		text = strings.TrimSpace(strings.TrimSuffix(text, "*/"))
		f.Directives = append(f.Directives, &ir.Directive{Pos: tf.Pos(cstart), End: tf.Pos(end), Text: text})
		off = end
	}
	var funcs []*ir.Func
	for _, s := range tfs {
		start := strings.Index(src, s.base+"(")
		if start < 0 {
			t.Fatalf("no %s( in source", s.base)
		}
		end := start + strings.Index(src[start:], "\n}") + 2
		fn := &ir.Func{Name: s.name, Base: s.base, Kind: s.kind, P: tf.Pos(start), EndPos: tf.Pos(end), File: f}
		for i, p := range strings.Fields(s.params) {
			name, typ, _ := strings.Cut(p, ":")
			fn.Params = append(fn.Params, &ir.Var{Name: name, Type: paramTypes[typ], Kind: ir.ParamVar, Index: i})
		}
		funcs = append(funcs, fn)
	}
	f.Funcs = funcs
	return f, funcs
}

var kernel = func(name, params string) testFunc { return testFunc{name, name, ir.Kernel, params} }

var attachCases = []struct {
	name  string
	src   string
	funcs []testFunc
	want  map[string]string // function name → Set.String() with "; " for newlines
	diags []string          // "line: message"
}{
	{
		name: "preceding, inside, parameter line, trailing",
		src: `// cudavet:shape out[n, d]
// a comment between
template <typename T>
__global__ void __launch_bounds__(256)
k(float* out,  // cudavet:shape in[n, d]
  const float* in, int n) {
  // cudavet:assume n % 4 == 0
}  // cudavet:user n <= 1024
`,
		funcs: []testFunc{kernel("k", "out:ptr in:ptr n:int")},
		want:  map[string]string{"k": "shape out[n, d]; shape in[n, d]; assume n % 4 == 0; user n in [1, 1024]"},
	},
	{
		name: "file scope after a blank line, and after the last function",
		src: `// cudavet:fixed d in {4096, 8192}; assume d % 8 == 0

// cudavet:shape x[n, d]
__global__ void a(float* x, int n) {
}

__global__ void b(float* y) {
}
// cudavet:user n
`,
		funcs: []testFunc{kernel("a", "x:ptr n:int"), kernel("b", "y:ptr")},
		want: map[string]string{
			"a": "fixed d in {4096, 8192}; assume d % 8 == 0; shape x[n, d]; user n",
			"b": "fixed d in {4096, 8192}; assume d % 8 == 0; user n",
		},
	},
	{
		name: "template instantiations share one Set",
		src: `// cudavet:shape x[n]
template <typename T> __global__ void k(T* x, int n) {
}
`,
		funcs: []testFunc{
			{"k<float>", "k", ir.Kernel, "x:ptr n:int"},
			{"k<half>", "k", ir.Kernel, "x:ptr n:int"},
			{"k", "k", ir.Kernel, "x:T n:int"},
		},
		want: map[string]string{"k<float>": "shape x[n]", "k<half>": "shape x[n]", "k": "shape x[n]"},
	},
	{
		name: "ignore is left to the driver",
		src: `// cudavet:ignore[bounds] padded; really
__global__ void k(float* x) {
  x[0] = 1; // cudavet:ignore[race] one writer
}
`,
		funcs: []testFunc{kernel("k", "x:ptr")},
		want:  map[string]string{"k": ""},
	},
	{
		name: "shape and launch errors",
		src: `// cudavet:shape x[n]

// cudavet:launch grid=1
__device__ int dev(float* p, int n, float s) {
  // cudavet:shape s[n]; shape q[n]; shape p[n]; shape p[2*n]
  // cudavet:launch block=32; launch block=64
  // cudavet:shape n[4]
}
__global__ void k(float* x, int n, float* t, float* a, float* u) {
  // cudavet:launch grid=n; launch grid=1; shape t[n]; shape a[n]; shape u[n]
}
`,
		funcs: []testFunc{{"dev", "dev", ir.Device, "p:ptr n:int s:float"}, kernel("k", "x:ptr n:int t:tens a:arr u:T")},
		want: map[string]string{
			"dev": "shape p[n]",
			"k":   "launch grid=n; shape t[n]; shape a[n]; shape u[n]",
		},
		diags: []string{
			"1: cudavet:shape applies to no function: write it right before the function (no blank line between) or inside it",
			"3: cudavet:launch: dev is a device function, not a kernel",
			"5: cudavet:shape: parameter s of dev has type float, not a pointer, array or tensor",
			"5: cudavet:shape: q is not a parameter of dev",
			"5: cudavet:shape: second shape for p (line 5)",
			"6: cudavet:launch: dev is a device function, not a kernel",
			"6: cudavet:launch: dev is a device function, not a kernel",
			"7: cudavet:shape: parameter n of dev has type int, not a pointer, array or tensor",
			"10: cudavet:launch: second launch configuration (line 10)",
		},
	},
	{
		name: "user and fixed contradictions",
		src: `// cudavet:fixed E = 8; user n in [1, 100]; user m; fixed F in {1, 2}

__global__ void k(float* x, int n, int E) {
  // cudavet:fixed E = 16; fixed E in {8}; user E
  // cudavet:user n in [1, 200]; user n; fixed n = 3
  // cudavet:user m <= 64; fixed F in {2, 1}; fixed x = 1; user x
}
`,
		funcs: []testFunc{kernel("k", "x:ptr n:int E:int")},
		want:  map[string]string{"k": "fixed E = 8; user n in [1, 100]; fixed F in {1, 2}; user m in [1, 64]"},
		diags: []string{
			"4: cudavet:fixed: E = 16 contradicts E = 8 (line 1)",
			"4: cudavet:user: E is also declared fixed (line 1)",
			"5: cudavet:user: n in [1, 200] contradicts n in [1, 100] (line 1)",
			"5: cudavet:fixed: n is also declared user-controlled (line 1)",
			"6: cudavet:fixed: parameter x of k has type float*, not an integer",
			"6: cudavet:user: parameter x of k has type float*, not an integer",
		},
	},
	{
		name: "file-scope contradictions are reported once",
		src: `// cudavet:fixed E = 8
// cudavet:fixed E = 16; user E

__global__ void a(float* x) {
}
__global__ void b(float* x) {
}
`,
		funcs: []testFunc{kernel("a", "x:ptr"), kernel("b", "x:ptr")},
		want:  map[string]string{"a": "fixed E = 8", "b": "fixed E = 8"},
		diags: []string{
			"2: cudavet:fixed: E = 16 contradicts E = 8 (line 1)",
			"2: cudavet:user: E is also declared fixed (line 1)",
		},
	},
	{
		name: "syntax errors point at the comment, in column order",
		src: `__global__ void k(float* x, int n) {
  // cudavet:user n in [5, 1]; shape x[n; assume n > 0
  /* cudavet: bogus */
}
`,
		funcs: []testFunc{kernel("k", "x:ptr n:int")},
		want:  map[string]string{"k": "assume n > 0"},
		diags: []string{
			"2: cudavet:user: empty range [5, 1] for n at column 8",
			"2: cudavet:shape: expected ']' at column 28",
			`3: unknown cudavet directive "bogus"; known: shape, assume, user, fixed, launch, ignore`,
		},
	},
	{
		name:  "CRLF line ends",
		src:   "// cudavet:user n\r\n\r\n// cudavet:shape x[n]\r\n__global__ void k(float* x) {\r\n}\r\n",
		funcs: []testFunc{kernel("k", "x:ptr")},
		want:  map[string]string{"k": "user n; shape x[n]"},
	},
	{
		name: "functions of other files and a file without functions",
		src: `// cudavet:assume n > 0
// cudavet:launch grid=1
`,
		want:  map[string]string{},
		diags: []string{"2: cudavet:launch applies to no function: write it right before the function (no blank line between) or inside it"},
	},
}

func TestAttach(t *testing.T) {
	for _, c := range attachCases {
		t.Run(c.name, func(t *testing.T) {
			f, funcs := buildFile(t, c.src, c.funcs)
			sets, diags := Attach(f, funcs)
			got := map[string]string{}
			for fn, s := range sets {
				got[fn.Name] = strings.ReplaceAll(strings.TrimSuffix(s.String(), "\n"), "\n", "; ")
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("sets:\n got %q\nwant %q", got, c.want)
			}
			var msgs []string
			for _, d := range diags {
				msgs = append(msgs, fmt.Sprintf("%d: %s", f.Tok.Line(d.Pos), d.Message))
			}
			if !slices.Equal(msgs, c.diags) {
				t.Errorf("diagnostics:\n got %q\nwant %q", msgs, c.diags)
			}
		})
	}
}

func TestAttachShared(t *testing.T) {
	f, funcs := buildFile(t, "template <int N> __global__ void k(float* x) {\n  // cudavet:shape x[N]\n}\n",
		[]testFunc{{"k<1>", "k", ir.Kernel, "x:ptr"}, {"k<2>", "k", ir.Kernel, "x:ptr"}})
	sets, diags := Attach(f, funcs)
	if len(diags) != 0 || sets[funcs[0]] != sets[funcs[1]] || sets[funcs[0]].Shapes["x"] == nil {
		t.Fatalf("instantiations: sets %v, diags %v", sets, diags)
	}
	s := sets[funcs[0]]
	if d := s.Shapes["x"]; d.Pos != f.Directives[0].Pos || d.Off != 0 {
		t.Errorf("shape position: %v %d", d.Pos, d.Off)
	}
	if got := s.Names(); !slices.Equal(got, []string{"N"}) {
		t.Errorf("Names = %v", got)
	}
	// A function of another file gets no Set.
	other := &ir.Func{Name: "o", P: token.Pos(f.Tok.Base() + f.Tok.Size() + 10)}
	if sets, _ := Attach(f, []*ir.Func{other}); len(sets) != 0 {
		t.Errorf("function of another file attached: %v", sets)
	}
}

func TestSetNames(t *testing.T) {
	src := `// cudavet:shape x[num_tokens, hidden]; user num_tokens; fixed E = 8
// cudavet:assume top_k <= E; launch grid=ceil_div(num_tokens, bm), 1 block=threads smem=4*E
__global__ void k(float* x) {
}
`
	f, funcs := buildFile(t, src, []testFunc{kernel("k", "x:ptr")})
	sets, diags := Attach(f, funcs)
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	want := []string{"E", "bm", "hidden", "num_tokens", "threads", "top_k"}
	if got := sets[funcs[0]].Names(); !slices.Equal(got, want) {
		t.Errorf("Names = %v, want %v", got, want)
	}
}

// FuzzParse checks that Parse never panics, that every offset it gives
// lies in the text, that every directive's canonical form parses back to
// itself, and that Eval never panics. Its corpus is the test tables here
// and testdata/fuzz/FuzzParse; `make fuzz` runs it.
func FuzzParse(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.text)
	}
	for _, c := range errorCases {
		f.Add(c.text)
	}
	env := func(name string) (int64, bool) { return int64(len(name)), name != "u" }
	f.Fuzz(func(t *testing.T, text string) {
		ds, errs := Parse(text)
		for _, e := range errs {
			if e.Error() == "" {
				t.Errorf("Parse(%q): empty error", text)
			}
			if e.Off < 0 || e.Off > len(text) {
				t.Errorf("Parse(%q): error %q at offset %d, outside the text", text, e.Error(), e.Off)
			}
		}
		for _, d := range ds {
			if d.Off < 0 || d.Off > len(text) {
				t.Errorf("Parse(%q): directive %q at offset %d, outside the text", text, d.Text, d.Off)
			}
			if d.Kind == Ignore {
				continue
			}
			canon := d.String()
			again, errs := Parse(canon)
			if len(errs) > 0 || len(again) != 1 || again[0].String() != canon {
				t.Errorf("Parse(%q): %q does not parse back: %v %v", text, canon, again, errs)
			}
			for _, e := range append(append(append(slices.Clone(d.Dims), d.Grid...), d.Block...), d.Cond, d.Smem) {
				if e != nil {
					_, _ = Eval(e, env)
				}
			}
		}
	})
}
