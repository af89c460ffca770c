package clang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kernelSrc has a template kernel, shared memory, builtin index variables
// and two launches.
const kernelSrc = `template <typename T, int TILE>
__global__ void tiled_copy(T *out, const T *in, int n) {
  __shared__ T tile[TILE];
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[gid];
  __syncthreads();
  if (gid < n) out[gid] = tile[TILE - 1 - threadIdx.x];
}
void launch(float *out, const float *in, int n) {
  dim3 grid((n + 255) / 256), block(256);
  tiled_copy<float, 256><<<grid, block, 1024>>>(out, in, n);
}
`

func TestTemplateKernelAndLaunch(t *testing.T) {
	tu := parse(t, kernelSrc)
	noErrors(t, tu)
	root := tu.TranslationUnitCursor()
	if root.Kind() != Cursor_TranslationUnit || !root.Kind().IsTranslationUnit() {
		t.Fatalf("root kind = %v", root.Kind())
	}
	if got := tu.Spelling(); got != mainPath {
		t.Errorf("Spelling() = %q, want %q", got, mainPath)
	}

	tmpls := findKind(root, Cursor_FunctionTemplate, "tiled_copy")
	if len(tmpls) != 1 {
		t.Fatalf("found %d templates tiled_copy", len(tmpls))
	}
	kernel := tmpls[0]
	if !hasChild(kernel, Cursor_CUDAGlobalAttr) {
		t.Errorf("template kernel has no CUDAGlobalAttr child: %v", kindsOf(kernel.Children()))
	}
	if got := kernel.TemplateCursorKind(); got != Cursor_FunctionDecl {
		t.Errorf("TemplateCursorKind() = %v", got)
	}

	launches := find(root, func(c Cursor) bool {
		kids := c.Children()
		return c.Kind() == Cursor_CallExpr && len(kids) > 1 &&
			kids[1].Kind() == Cursor_CallExpr && kids[1].Spelling() == "cudaConfigureCall"
	})
	if len(launches) != 1 {
		t.Fatalf("found %d launches", len(launches))
	}
	launch := launches[0]
	if launch.Spelling() != "tiled_copy" || launch.NumArguments() != 3 {
		t.Errorf("launch = %q with %d arguments", launch.Spelling(), launch.NumArguments())
	}
	spec := launch.Referenced()
	if spec.Kind() != Cursor_FunctionDecl || spec.NumTemplateArguments() != 2 {
		t.Fatalf("Referenced() = %v with %d template arguments", spec.Kind(), spec.NumTemplateArguments())
	}
	if k := spec.TemplateArgumentKind(0); k != TemplateArgumentKind_Type {
		t.Errorf("argument 0 kind = %v", k)
	}
	if ty := spec.TemplateArgumentType(0); ty.Kind() != Type_Float || ty.Spelling() != "float" {
		t.Errorf("argument 0 = %v %q", ty.Kind(), ty.Spelling())
	}
	if k := spec.TemplateArgumentKind(1); k != TemplateArgumentKind_Integral {
		t.Errorf("argument 1 kind = %v", k)
	}
	if v, u := spec.TemplateArgumentValue(1), spec.TemplateArgumentUnsignedValue(1); v != 256 || u != 256 {
		t.Errorf("argument 1 = %d / %d", v, u)
	}
	if !spec.SpecializedCursorTemplate().Equal(kernel) {
		t.Errorf("SpecializedCursorTemplate() is not the template")
	}
	if got := spec.DisplayName(); !strings.Contains(got, "tiled_copy") {
		t.Errorf("DisplayName() = %q", got)
	}
}

func TestLaunchConfiguration(t *testing.T) {
	tu := parse(t, kernelSrc)
	launches := findKind(tu.TranslationUnitCursor(), Cursor_CallExpr, "tiled_copy")
	if len(launches) != 1 {
		t.Fatalf("found %d launches", len(launches))
	}
	launch := launches[0]
	// The configuration: callee, grid, block, smem, then the defaulted stream
	// whose extent has no tokens.
	cfg := launch.Children()[1].Children()
	if len(cfg) != 5 {
		t.Fatalf("cudaConfigureCall has %d children", len(cfg))
	}
	if got := tu.TokenSpellings(cfg[3].Extent()); len(got) != 1 || got[0] != "1024" {
		t.Errorf("smem tokens = %q", got)
	}
	if got := tu.TokenSpellings(cfg[4].Extent()); len(got) != 0 {
		t.Errorf("defaulted stream tokens = %q", got)
	}
}

func TestSharedAndThreadIdx(t *testing.T) {
	tu := parse(t, kernelSrc)
	root := tu.TranslationUnitCursor()

	tiles := findKind(root, Cursor_VarDecl, "tile")
	if len(tiles) != 1 || !hasChild(tiles[0], Cursor_CUDASharedAttr) {
		t.Fatalf("__shared__ tile without CUDASharedAttr")
	}
	// The attribute is spelled in the shim: libclang's location test says
	// "not main file", Cursor.IsFromMainFile looks through the expansion.
	for _, c := range tiles[0].Children() {
		if c.Kind() == Cursor_CUDASharedAttr {
			if c.Location().IsFromMainFile() || !c.IsFromMainFile() {
				t.Errorf("attr: location main=%v, cursor main=%v", c.Location().IsFromMainFile(), c.IsFromMainFile())
			}
			if !c.Kind().IsAttribute() || c.Kind().Spelling() != "attribute(shared)" {
				t.Errorf("attr kind %v", c.Kind())
			}
		}
	}

	members := find(root, func(c Cursor) bool {
		kids := c.Children()
		return c.Kind() == Cursor_MemberRefExpr && c.Spelling() == "x" && len(kids) == 1 &&
			kids[0].Kind() == Cursor_DeclRefExpr && kids[0].Spelling() == "threadIdx"
	})
	if len(members) == 0 {
		t.Fatalf("no threadIdx.x")
	}
	x := members[0]
	if f := x.Referenced(); f.Kind() != Cursor_FieldDecl || f.Spelling() != "x" {
		t.Errorf("threadIdx.x refers to %v %q", f.Kind(), f.Spelling())
	}
	if ty := x.Type().CanonicalType(); ty.Kind() != Type_UInt || !x.Type().IsConstQualified() {
		t.Errorf("threadIdx.x type %q", x.Type().Spelling())
	}
	// blockIdx.x * blockDim.x is unsigned int.
	muls := find(root, func(c Cursor) bool { return c.Kind() == Cursor_BinaryOperator && tu.BinaryOperator(c) == "*" })
	if len(muls) == 0 || muls[0].Type().Kind() != Type_UInt {
		t.Errorf("blockIdx.x*blockDim.x not unsigned int")
	}
}

func TestEvaluate(t *testing.T) {
	tu := parse(t, `constexpr int K = 3 * 4 + 1;
constexpr unsigned U = 4000000000u;
constexpr double D = 1.5;
template <int TILE> __device__ int g() { return TILE * 2; }
__device__ int h(int n) { return 42 + n; }
`)
	root := tu.TranslationUnitCursor()
	check := func(name string, want EvalResult) {
		t.Helper()
		vars := findKind(root, Cursor_VarDecl, name)
		if len(vars) != 1 {
			t.Fatalf("no %s", name)
		}
		if got := vars[0].Evaluate(); got != want {
			t.Errorf("Evaluate(%s) = %+v, want %+v", name, got, want)
		}
	}
	check("K", EvalResult{Kind: Eval_Int, Int: 13, Uint: 13})
	check("U", EvalResult{Kind: Eval_Int, Unsigned: true, Int: 4000000000, Uint: 4000000000})
	check("D", EvalResult{Kind: Eval_Float, Float: 1.5})

	lits := findKind(root, Cursor_IntegerLiteral, "")
	var sawLiteral, sawDependent bool
	for _, l := range lits {
		if toks := tu.TokenSpellings(l.Extent()); len(toks) == 1 && toks[0] == "42" {
			sawLiteral = true
			if got := l.Evaluate(); got.Kind != Eval_Int || got.Int != 42 {
				t.Errorf("Evaluate(42) = %+v", got)
			}
		}
	}
	// A value-dependent expression in a template is not a constant, and
	// neither is 42 + n.
	for _, b := range findKind(root, Cursor_BinaryOperator, "") {
		if tu.TokenSpellings(b.Extent())[0] == "3" {
			continue // K's initializer
		}
		sawDependent = sawDependent || tu.BinaryOperator(b) == "*"
		if got := b.Evaluate(); got.Kind != Eval_None {
			t.Errorf("Evaluate(%q) = %+v", tu.TokenSpellings(b.Extent()), got)
		}
	}
	if !sawLiteral || !sawDependent {
		t.Errorf("literal %v, dependent %v", sawLiteral, sawDependent)
	}
}

func TestDiagnostics(t *testing.T) {
	tu := parse(t, "__global__ void k(int *p) {\n  p[0] = undefined_thing;\n}\n")
	diags := tu.Diagnostics()
	var found bool
	for _, d := range diags {
		if d.Severity != Diagnostic_Error {
			continue
		}
		found = true
		if d.File != mainPath || d.Line != 2 || d.Column != 10 {
			t.Errorf("position %s:%d:%d", d.File, d.Line, d.Column)
		}
		if d.Spelling != "use of undeclared identifier 'undefined_thing'" {
			t.Errorf("Spelling = %q", d.Spelling)
		}
		if !strings.HasPrefix(d.Formatted, mainPath+":2:10: error: use of undeclared") {
			t.Errorf("Formatted = %q", d.Formatted)
		}
		if d.Category != "Semantic Issue" || d.Severity.String() != "error" {
			t.Errorf("Category = %q, severity %v", d.Category, d.Severity)
		}
		if f, line, _, _ := d.Location.ExpansionLocation(); f.Name() != mainPath || line != 2 {
			t.Errorf("Location = %s:%d", f.Name(), line)
		}
	}
	if !found {
		t.Fatalf("no error in %+v", diags)
	}

	tu = parse(t, "__device__ unknown_t bad;\n__device__ int good;\n")
	bad, good := findKind(tu.TranslationUnitCursor(), Cursor_VarDecl, "bad"), findKind(tu.TranslationUnitCursor(), Cursor_VarDecl, "good")
	if len(bad) != 1 || !bad[0].IsInvalidDeclaration() || len(good) != 1 || good[0].IsInvalidDeclaration() {
		t.Errorf("IsInvalidDeclaration: bad %v, good %v", bad, good)
	}
}

func TestMissingIncludeKeepsGoing(t *testing.T) {
	tu := parse(t, "#include \"does_not_exist.h\"\n"+kernelSrc)
	// With KeepGoing the missing include is an error, not a fatal error.
	var missing bool
	for _, d := range tu.Diagnostics() {
		if d.Severity == Diagnostic_Error && strings.Contains(d.Spelling, "file not found") && d.Line == 1 {
			missing = true
		}
	}
	if !missing {
		t.Errorf("no 'file not found' error")
	}
	if len(findKind(tu.TranslationUnitCursor(), Cursor_FunctionTemplate, "tiled_copy")) != 1 {
		t.Errorf("kernel lost after missing include")
	}
	launches := findKind(tu.TranslationUnitCursor(), Cursor_CallExpr, "tiled_copy")
	if len(launches) != 1 || launches[0].Referenced().NumTemplateArguments() != 2 {
		t.Errorf("launch lost after missing include")
	}
}

func TestReparse(t *testing.T) {
	idx := NewIndex(0, 0)
	defer idx.Dispose()
	opts := TranslationUnit_KeepGoing | TranslationUnit_PrecompiledPreamble | TranslationUnit_CreatePreambleOnFirstParse
	tu, err := idx.Parse(mainPath, cudaArgs, unsaved("__global__ void before() {}\n"), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer tu.Dispose()
	if len(findKind(tu.TranslationUnitCursor(), Cursor_FunctionDecl, "before")) != 1 {
		t.Fatalf("first parse has no kernel")
	}
	if err := tu.ReparseTranslationUnit(unsaved("__global__ void after(int n) {}\n"), tu.DefaultReparseOptions()); err != nil {
		t.Fatal(err)
	}
	root := tu.TranslationUnitCursor()
	if len(findKind(root, Cursor_FunctionDecl, "before")) != 0 || len(findKind(root, Cursor_FunctionDecl, "after")) != 1 {
		t.Errorf("reparse did not see the new contents")
	}
}

func TestParseErrors(t *testing.T) {
	idx := NewIndex(0, 0)
	defer idx.Dispose()
	var tu TranslationUnit
	code := idx.ParseTranslationUnit2("/nonexistent/file.cu", cudaArgs, nil, TranslationUnit_KeepGoing, &tu)
	if code == Error_Success || !tu.IsNil() {
		t.Errorf("parsing a missing file: %v, nil unit %v", code, tu.IsNil())
	}
	if _, err := idx.Parse("/nonexistent/file.cu", cudaArgs, nil, TranslationUnit_KeepGoing); err == nil ||
		!strings.Contains(err.Error(), "/nonexistent/file.cu") {
		t.Errorf("Parse error = %v", err)
	}
	tu.Dispose() // a nil unit disposes as a no-op
}

func TestTokenize(t *testing.T) {
	tu := parse(t, kernelSrc)
	launch := findKind(tu.TranslationUnitCursor(), Cursor_CallExpr, "tiled_copy")[0]
	toks := tu.Tokenize(launch.Extent())
	spellings := tu.TokenSpellings(launch.Extent())
	want := strings.Fields("tiled_copy < float , 256 > <<< grid , block , 1024 >>> ( out , in , n )")
	if strings.Join(spellings, " ") != strings.Join(want, " ") || len(toks) != len(want) {
		t.Fatalf("tokens %q", spellings)
	}
	kinds := map[string]TokenKind{"tiled_copy": Token_Identifier, "<<<": Token_Punctuation, "float": Token_Keyword, "256": Token_Literal}
	for i, tok := range toks {
		if got := tu.TokenSpelling(tok); got != spellings[i] {
			t.Errorf("token %d: %q vs %q", i, got, spellings[i])
		}
		if k, ok := kinds[spellings[i]]; ok && tok.Kind() != k {
			t.Errorf("%q kind %v, want %v", spellings[i], tok.Kind(), k)
		}
	}
	_, line, col, _ := tu.TokenLocation(toks[0]).ExpansionLocation()
	if line != 11 || col != 3 {
		t.Errorf("first token at %d:%d", line, col)
	}
	_, _, _, startOff := tu.TokenExtent(toks[6]).Start().ExpansionLocation()
	_, _, _, endOff := tu.TokenExtent(toks[6]).End().ExpansionLocation()
	if endOff-startOff != 3 {
		t.Errorf("<<< extent is %d bytes", endOff-startOff)
	}
	if got := tu.Tokenize(NewNullRange()); len(got) != 0 {
		t.Errorf("null range gave %d tokens", len(got))
	}
}

func TestVisit(t *testing.T) {
	tu := parse(t, kernelSrc)
	root := tu.TranslationUnitCursor()
	// Continue at top level visits only the direct children.
	var top int
	root.Visit(func(c, parent Cursor) ChildVisitResult {
		if !parent.Equal(root) {
			t.Errorf("parent of a top-level cursor is %v", parent.Kind())
		}
		top++
		return ChildVisit_Continue
	})
	if top != len(root.Children()) {
		t.Errorf("visited %d, children %d", top, len(root.Children()))
	}
	// Break stops the whole walk at the first DeclRefExpr.
	var seen int
	stopped := root.Visit(func(c, _ Cursor) ChildVisitResult {
		seen++
		if c.Kind() == Cursor_DeclRefExpr {
			return ChildVisit_Break
		}
		return ChildVisit_Recurse
	})
	all := len(find(root, func(Cursor) bool { return true }))
	if !stopped || seen == 0 || seen >= all {
		t.Errorf("Break: stopped %v after %d of %d", stopped, seen, all)
	}
	if NewNullCursor().Children() != nil || !NewNullCursor().IsNull() {
		t.Errorf("null cursor")
	}
}

// declsSrc declares one entity of each kind the query tests read.
const declsSrc = `typedef unsigned long long u64;
struct Pair { int a; unsigned b : 3; };
enum Mode : short { Fast = 1, Slow = -2 };
__device__ static volatile float table[8];
__device__ int vsum(int n, ...);
struct K { __device__ static int s(); __device__ int c() const; };
__global__ void k(const float *__restrict__ p, u64 n, struct Pair q, dim3 d) { int local[4][2]; }
`

// oneOf returns the only main-file cursor of kind k named name.
func oneOf(t *testing.T, root Cursor, k CursorKind, name string) Cursor {
	t.Helper()
	cs := findKind(root, k, name)
	if len(cs) != 1 {
		t.Fatalf("%d cursors %v %q", len(cs), k, name)
	}
	return cs[0]
}

func TestCursorQueries(t *testing.T) {
	root := parse(t, declsSrc).TranslationUnitCursor()
	one := func(k CursorKind, name string) Cursor { t.Helper(); return oneOf(t, root, k, name) }
	k := one(Cursor_FunctionDecl, "k")
	if k.NumArguments() != 4 || k.Argument(0).Spelling() != "p" || !k.IsDefinition() || k.IsVariadic() {
		t.Errorf("kernel: %d args, def %v", k.NumArguments(), k.IsDefinition())
	}
	if k.ResultType().Kind() != Type_Void || k.Type().Kind() != Type_FunctionProto || k.Type().NumArgTypes() != 4 {
		t.Errorf("kernel type %q", k.Type().Spelling())
	}
	if k.USR() == "" || !k.HasAttrs() || k.StorageClass() != SC_None {
		t.Errorf("USR %q, attrs %v, storage %v", k.USR(), k.HasAttrs(), k.StorageClass())
	}
	b := one(Cursor_FieldDecl, "b")
	if !b.IsBitField() || b.FieldDeclBitWidth() != 3 || one(Cursor_FieldDecl, "a").FieldDeclBitWidth() != -1 {
		t.Errorf("bit-field b: %d", b.FieldDeclBitWidth())
	}
	if e := one(Cursor_EnumConstantDecl, "Slow"); e.EnumConstantDeclValue() != -2 {
		t.Errorf("Slow = %d", e.EnumConstantDeclValue())
	}
	if m := one(Cursor_EnumDecl, "Mode"); m.EnumDeclIntegerType().Kind() != Type_Short {
		t.Errorf("Mode underlying %q", m.EnumDeclIntegerType().Spelling())
	}
	if v := one(Cursor_FunctionDecl, "vsum"); !v.IsVariadic() || !v.Type().IsFunctionTypeVariadic() || v.IsDefinition() {
		t.Errorf("vsum variadic %v", v.IsVariadic())
	}
	if s := one(Cursor_CXXMethod, "s"); !s.CXXMethod_IsStatic() || s.CXXMethod_IsConst() || s.SemanticParent().Spelling() != "K" {
		t.Errorf("K::s")
	}
	if c := one(Cursor_CXXMethod, "c"); c.CXXMethod_IsStatic() || !c.CXXMethod_IsConst() || c.CXXMethod_IsVirtual() {
		t.Errorf("K::c")
	}
	d := k.Argument(3)
	if d.Type().Declaration().Spelling() != "dim3" || d.LexicalParent().Spelling() != "k" || d.CanonicalCursor().IsNull() {
		t.Errorf("d: %q", d.Type().Spelling())
	}
	if Type_Pointer.Spelling() != "Pointer" || Cursor_CallExpr.String() != "CallExpr" || !Cursor_CallExpr.IsExpression() ||
		!Cursor_ForStmt.IsStatement() || !Cursor_VarDecl.IsDeclaration() || !Cursor_TypeRef.IsReference() ||
		!Cursor_NoDeclFound.IsInvalid() || !Cursor_UnexposedExpr.IsUnexposed() || Cursor_MacroExpansion.IsDeclaration() ||
		CursorKind(0).Spelling() != "CursorKind(0)" || TypeKind(50).String() != "TypeKind(50)" {
		t.Errorf("kind predicates")
	}
	if got := k.PrettyPrinted(); !strings.Contains(got, "void k(const float *__restrict p") {
		t.Errorf("PrettyPrinted = %q", got)
	}
	if a, b := k.HashCursor(), one(Cursor_FunctionDecl, "k").HashCursor(); a != b {
		t.Errorf("hash differs")
	}
}

func TestTypeQueries(t *testing.T) {
	root := parse(t, declsSrc).TranslationUnitCursor()
	one := func(k CursorKind, name string) Cursor { t.Helper(); return oneOf(t, root, k, name) }
	k := one(Cursor_FunctionDecl, "k")
	p := k.Type().ArgType(0)
	if p.Kind() != Type_Pointer || !p.IsRestrictQualified() || !p.PointeeType().IsConstQualified() || p.PointeeType().Kind() != Type_Float {
		t.Errorf("p: %q", p.Spelling())
	}
	n := k.Argument(1).Type()
	if n.Kind() != Type_Typedef || n.TypedefName() != "u64" || n.CanonicalType().Kind() != Type_ULongLong || n.SizeOf() != 8 {
		t.Errorf("n: %v %q", n.Kind(), n.Spelling())
	}
	if td := n.Declaration(); td.Kind() != Cursor_TypedefDecl || td.TypedefDeclUnderlyingType().Kind() != Type_ULongLong {
		t.Errorf("u64 declaration %v", td.Kind())
	}
	q := k.Argument(2).Type()
	if q.Kind() != Type_Elaborated || q.NamedType().Kind() != Type_Record || q.Declaration().Spelling() != "Pair" || q.AlignOf() != 4 {
		t.Errorf("q: %v %q", q.Kind(), q.Spelling())
	}
	if !q.IsPODType() || !q.Equal(q.Declaration().Type()) && !q.CanonicalType().Equal(q.Declaration().Type().CanonicalType()) {
		t.Errorf("Pair is not POD or types differ")
	}
	table := one(Cursor_VarDecl, "table")
	tt := table.Type()
	if tt.Kind() != Type_ConstantArray || tt.ArraySize() != 8 || tt.NumElements() != 8 || tt.ArrayElementType().Kind() != Type_Float ||
		!tt.ElementType().IsVolatileQualified() || table.StorageClass() != SC_Static {
		t.Errorf("table: %q storage %v", tt.Spelling(), table.StorageClass())
	}
	local := one(Cursor_VarDecl, "local")
	if local.Type().ArrayElementType().ArraySize() != 2 || local.Type().SizeOf() != 32 {
		t.Errorf("local: %q", local.Type().Spelling())
	}
}

func TestFilesAndLocations(t *testing.T) {
	tu := parseWith(t, "#include <stddef.h>\n__device__ size_t g;\n#include \"/__cudavet__/once.h\"\n#line 100 \"renamed.cu\"\n__device__ int h;\n",
		NewUnsavedFile("/__cudavet__/once.h", "#pragma once\nstruct Once {};\n"))
	if once := tu.File("/__cudavet__/once.h"); once.IsNil() || !tu.IsFileMultipleIncludeGuarded(once) ||
		tu.IsFileMultipleIncludeGuarded(tu.File(shimPath)) {
		t.Errorf("include guards: once.h %v, shim %v", tu.IsFileMultipleIncludeGuarded(once), tu.IsFileMultipleIncludeGuarded(tu.File(shimPath)))
	}
	main := tu.File(mainPath)
	if main.IsNil() || main.Name() != mainPath || !main.Equal(tu.File(mainPath)) {
		t.Fatalf("main file %q", main.Name())
	}
	if got := tu.FileContents(main); !strings.HasPrefix(got, "#include <stddef.h>") {
		t.Errorf("FileContents = %q", got)
	}
	if !tu.File("/no/such/file.h").IsNil() || (File{}).Name() != "" {
		t.Errorf("missing file is not nil")
	}
	if _, ok := main.UniqueID(); ok {
		t.Logf("virtual file has a unique ID")
	}
	g := findKind(tu.TranslationUnitCursor(), Cursor_VarDecl, "g")[0]
	f, line, col, off := g.Location().ExpansionLocation()
	if !f.Equal(main) || line != 2 || col != 19 || off != 38 {
		t.Errorf("g at %s:%d:%d+%d", f.Name(), line, col, off)
	}
	if l := tu.Location(main, 2, 19); !l.Equal(g.Location()) || !tu.LocationForOffset(main, 38).Equal(g.Location()) {
		t.Errorf("Location/LocationForOffset differ from the cursor's")
	}
	h := findKind(tu.TranslationUnitCursor(), Cursor_VarDecl, "h")[0]
	if name, line, _ := h.Location().PresumedLocation(); name != "renamed.cu" || line != 100 {
		t.Errorf("presumed %s:%d", name, line)
	}
	// size_t's typedef is in clang's stddef.h, a system header.
	decl := g.Type().Declaration()
	if !decl.Location().IsInSystemHeader() || decl.IsFromMainFile() {
		t.Errorf("size_t not from a system header")
	}
	if r := g.Extent(); r.IsNull() || r.Start().IsNull() || !NewRange(r.Start(), r.End()).Equal(r) {
		t.Errorf("extent")
	}
	if !NewNullLocation().IsNull() || !NewNullRange().IsNull() {
		t.Errorf("null location or range")
	}
	if ff, _, _, _ := NewNullLocation().FileLocation(); !ff.IsNil() {
		t.Errorf("null location has a file")
	}
}

func BenchmarkParse(b *testing.B) {
	idx := NewIndex(0, 0)
	defer idx.Dispose()
	files := unsaved(kernelSrc)
	for b.Loop() {
		tu, err := idx.Parse(mainPath, cudaArgs, files, TranslationUnit_KeepGoing)
		if err != nil {
			b.Fatal(err)
		}
		tu.Dispose()
	}
}

func hasChild(c Cursor, k CursorKind) bool {
	for _, kid := range c.Children() {
		if kid.Kind() == k {
			return true
		}
	}
	return false
}

func kindsOf(cs []Cursor) []CursorKind {
	var ks []CursorKind
	for _, c := range cs {
		ks = append(ks, c.Kind())
	}
	return ks
}

func TestIncludedFiles(t *testing.T) {
	dir := t.TempDir()
	hdr := filepath.Join(dir, "h.cuh")
	src := filepath.Join(dir, "k.cu")
	if err := os.WriteFile(hdr, []byte("__global__ void k();\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, []byte("#include \"h.cuh\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	idx := NewIndex(0, 0)
	defer idx.Dispose()
	tu, err := idx.Parse(src, cudaArgs, []UnsavedFile{NewUnsavedFile(shimPath, shim)}, TranslationUnit_KeepGoing)
	if err != nil {
		t.Fatal(err)
	}
	defer tu.Dispose()
	got := map[string]bool{}
	for _, n := range tu.IncludedFiles() {
		got[n] = true
	}
	if !got[src] || !got[hdr] {
		t.Errorf("IncludedFiles() = %v, want %s and %s among them", tu.IncludedFiles(), src, hdr)
	}
}
