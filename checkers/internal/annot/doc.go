// Package annot parses `// cudavet:` annotations and attaches them to the
// functions they describe. Annotations give the symbolic engine what a
// launcher would: tensor shapes, ranges of sizes, which sizes the user
// controls and which the model fixes, and the launch configuration.
//
// Files:
//
//	doc.go     this grammar reference
//	lex.go     tokens: identifiers, C integer literals, operators
//	parse.go   Parse, Directive, Error: the table of directives (grammar) and their parsers
//	expr.go    Expr (Num, Name, Unary, Binary, Call), Eval, Names: the expression language
//	attach.go  Attach, Set, Diagnostic: which function a directive applies to, and validation
//
// # Directives
//
// A directive is the text after "cudavet:" in a // or /* */ comment
// (ir.Directive.Text). Blanks between tokens do not matter; several
// directives may share a comment, separated by ';'. A ';' always ends a
// directive: after a syntax error, parsing resumes past the next ';'.
//
//	shape NAME[EXPR, ...]
//	    Pointer, array or tensor parameter NAME points to a region of
//	    EXPR₁·EXPR₂·… elements, row-major, outermost dimension first.
//	    Names in the dimensions that are not parameters are free symbolic
//	    sizes.
//	assume EXPR
//	    EXPR (C truth: non-zero) holds on entry.
//	user NAME
//	user NAME <= EXPR
//	user NAME in [EXPR, EXPR]
//	    NAME is a size the user controls (tokens, batch, sequence length,
//	    cache blocks). It ranges over the given inclusive range
//	    (`<= HI` means [1, HI]: sizes are positive; write `in [0, HI]`
//	    to include empty inputs), or over a range the engine picks when
//	    none is given. The engine reports the threshold at which a bug
//	    starts.
//	fixed NAME = EXPR
//	fixed NAME in {EXPR, ...}
//	    NAME is fixed by the model (hidden size, heads, experts) to that
//	    value or one of those values.
//	launch [grid=DIMS] [block=DIMS] [smem=EXPR]
//	    The kernel's launch configuration; keys in any order, each at
//	    most once, at least one, separated by blanks or commas. DIMS is
//	    1 to 3 expressions (x first) separated by commas, or dim3(…);
//	    smem is the dynamic shared memory in bytes.
//	ignore[CHECK, ...] REASON
//	    A suppression, read by checkers/driver. It must start its comment
//	    and takes all of it; Parse returns it raw (Kind Ignore).
//
// Range bounds and fixed values are constant expressions (no names).
// Any other word is an error:
//
//	unknown cudavet directive "shap"; known: shape, assume, user, fixed, launch, ignore
//
// # Expressions
//
// Expressions are C integer expressions over size names (C identifiers)
// and literals: decimal, 0x hexadecimal, 0b binary or 0 octal, with an
// optional u, l, ll, ul or ull suffix (ignored: values are integers).
// Operators, loosest first, with C's precedence and left associativity:
//
//	||
//	&&
//	|
//	^
//	&
//	==  !=
//	<  <=  >  >=      chaining: 1 <= E <= 512 is 1 <= E && E <= 512
//	<<  >>
//	+  -
//	*  /  %
//	-  +  !  ~        prefix
//
// and the built-in functions min(a, b), max(a, b) and ceil_div(a, b),
// which is (a+b-1)/b. Eval computes over the integers: a value outside
// int64, a division by zero or a shift count outside [0, 63] is an error,
// never a wrapped-around value; comparisons and logical operators give 0
// or 1; && and || short-circuit. To extend the language add a row to
// binaryPrec or builtins (expr.go); directives are rows of grammar and
// launch keys rows of launchKeys (parse.go).
//
// # Examples
//
//	// cudavet:shape out[num_tokens, hidden_size]; shape input[num_tokens, hidden_size]
//	// cudavet:shape weight[hidden_size]
//	// cudavet:user num_tokens <= 65536
//	// cudavet:fixed hidden_size in {4096, 5120, 8192}
//	// cudavet:assume hidden_size % 8 == 0
//	// cudavet:launch grid=num_tokens block=min(hidden_size, 1024)
//	template <typename T>
//	__global__ void rms_norm_kernel(T* out, const T* input, const T* weight,
//	                                int hidden_size) { ... }
//
//	// cudavet:assume 1 <= num_experts <= 512
//	// cudavet:launch grid=num_tokens block=256 smem=4*(num_experts+1)
//	// cudavet:assume M*OC < 1<<40
//	// cudavet:user num_tokens in [1, 1<<20]
//	// cudavet:launch grid=ceil_div(n, 256), 1 block=dim3(256, 1, 1)
//	// cudavet:ignore[bounds] the launcher pads the buffer to a multiple of 256
//
// # Attachment
//
// A directive applies to the innermost function it lies in (between the
// function's name and the end of its body: the parameter list, a
// parameter's line, the body), or whose body ends on its line. Otherwise
// it applies to the next function when no blank line separates them (a
// comment block right before a declaration, template header and
// attributes included): like a Go doc comment. Otherwise it is at file
// scope and applies to every function of the file; shape and launch may
// not be at file scope. Template instantiations share their template's
// position and so one Set. Attach has positions, not source text: a
// blank line is a line of length 1 or 2 ("\n", "\r\n"), so a line of
// spaces does not separate.
//
//	// cudavet:fixed hidden_size in {4096, 8192}    ← file scope (blank line after)
//
//	// cudavet:shape x[n]                            ← scale_kernel
//	template <int N>
//	__global__ void scale_kernel(float* x, int n) {
//	  // cudavet:assume n % N == 0                   ← scale_kernel
//	}
//
// # Diagnostics
//
// Attach reports one Diagnostic per bad directive, at the comment's
// position, for the category "annotation". Columns count bytes of the
// directive text, its first byte after "cudavet:" and blanks being column
// 1:
//
//	cudavet:shape: expected ']' at column 17                        syntax
//	cudavet:user: empty range [10, 5] for n at column 8             constant contradiction
//	cudavet:shape: scale is not a parameter of rms_norm_kernel      wrong target
//	cudavet:shape: second shape for x (line 3)                      duplicate
//	cudavet:fixed: E = 16 contradicts E = 8 (line 4)                contradiction
//	cudavet:user: n is also declared fixed (line 2)                 contradiction
//	cudavet:launch applies to no function: write it right before the function (no blank line between) or inside it
//
// Deeper contradictions (an unsatisfiable set of assumptions) are the
// solver's to find.
package annot
