package lower

import (
	"fmt"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Config says how positions and files map into the IR.
type Config struct {
	Fset *token.FileSet
	// File returns the analysed ir.File for a file name as clang spells it,
	// or nil when functions defined in that file are not lowered (system
	// headers, shim headers, headers outside the analysed tree). It must be
	// safe for concurrent use.
	File func(name string) *ir.File
}

// Result is what one translation unit lowered to.
type Result struct {
	Funcs    []*ir.Func
	Launches []*ir.Launch
}

// TU lowers the kernels, device functions and kernel launchers defined in
// the analysed files of tu. Template kernels and device functions are
// lowered once per instantiation the unit uses (through libclang's
// instantiated bodies), and as a generic primary template when none is.
func TU(tu clang.TranslationUnit, cfg *Config) *Result {
	l := &tuLowerer{
		tu:      tu,
		cfg:     cfg,
		funcs:   map[string]*ir.Func{},
		globals: map[string]*ir.Var{},
		fileOf:  map[string]*ir.File{},
	}
	var templates []clang.Cursor
	l.collect(tu.TranslationUnitCursor(), &templates)
	// Host launchers first: their launches request kernel instantiations.
	for _, c := range l.hosts {
		l.lowerHost(c)
	}
	for _, c := range l.plain {
		l.function(c, c, nil)
	}
	l.drain()
	for _, t := range templates {
		if !l.instantiated[l.declKey(t)] {
			l.function(t, t, nil)
		}
	}
	l.drain()
	res := &Result{Launches: l.launches}
	keep := l.launchers()
	for _, f := range l.order {
		if f.Kind == ir.Host && !keep[f] {
			continue
		}
		res.Funcs = append(res.Funcs, f)
	}
	return res
}

// launchers returns the host functions that launch a kernel, directly or
// through the host helpers they call: a binding that reads the tensors'
// sizes and hands them to a helper that launches is the launcher. A host
// function calling a function another unit may define (Call.Link) is kept
// too; the loader drops it when no unit's definition launches.
func (l *tuLowerer) launchers() map[*ir.Func]bool {
	keep := map[*ir.Func]bool{}
	for f, ok := range l.hasLaunch {
		keep[f] = ok
	}
	for changed := true; changed; {
		changed = false
		for _, f := range l.order {
			if f.Kind != ir.Host || keep[f] || f.Body == nil {
				continue
			}
			ir.Inspect(f.Body, func(n ir.Node) bool {
				if c, ok := n.(*ir.Call); ok && (c.Fn != nil && keep[c.Fn] || c.Link != "") {
					keep[f], changed = true, true
				}
				return !keep[f]
			})
		}
	}
	return keep
}

type tuLowerer struct {
	tu  clang.TranslationUnit
	cfg *Config

	plain []clang.Cursor // non-template kernels and device functions
	hosts []clang.Cursor // host functions with bodies (kept if they launch)

	funcs        map[string]*ir.Func // by declKey + template args
	order        []*ir.Func
	pending      []pendingFunc
	instantiated map[string]bool // template declKey → has an instantiation
	globals      map[string]*ir.Var
	launches     []*ir.Launch
	hasLaunch    map[*ir.Func]bool

	// ops caches operator spellings by the locations of the operator's
	// expression and operands: every instantiation of a template repeats
	// the same expressions, and finding an operator means lexing.
	ops map[[3]uint32]string

	mu     sync.Mutex
	fileOf map[string]*ir.File
}

// binaryOp returns the operator of a binary or compound-assignment cursor.
func (l *tuLowerer) binaryOp(c, lhs, rhs clang.Cursor) string {
	key := [3]uint32{c.Extent().Start().ID(), lhs.Extent().End().ID(), rhs.Extent().Start().ID()}
	if op, ok := l.ops[key]; ok {
		return op
	}
	op := l.tu.BinaryOperator(c)
	if l.ops == nil {
		l.ops = map[[3]uint32]string{}
	}
	l.ops[key] = op
	return op
}

type pendingFunc struct {
	f    *ir.Func
	body clang.Cursor // the cursor whose body is lowered
}

// collect finds function definitions in analysed files, descending into
// namespaces, extern "C" blocks and classes.
func (l *tuLowerer) collect(c clang.Cursor, templates *[]clang.Cursor) {
	for _, ch := range c.Children() {
		switch ch.Kind() {
		case clang.Cursor_Namespace, clang.Cursor_LinkageSpec, clang.Cursor_UnexposedDecl,
			clang.Cursor_StructDecl, clang.Cursor_ClassDecl:
			if l.analysed(ch) {
				l.collect(ch, templates)
			}
		case clang.Cursor_FunctionDecl, clang.Cursor_CXXMethod:
			if !ch.IsDefinition() || !l.analysed(ch) || implicitInstance(ch) {
				continue
			}
			if funcKind(ch) == ir.Host {
				l.hosts = append(l.hosts, ch)
			} else {
				l.plain = append(l.plain, ch)
			}
		case clang.Cursor_FunctionTemplate:
			if !l.analysed(ch) || !hasBody(ch) {
				continue
			}
			if funcKind(ch) == ir.Host {
				l.hosts = append(l.hosts, ch)
			} else {
				*templates = append(*templates, ch)
			}
		case clang.Cursor_ClassTemplate, clang.Cursor_ClassTemplatePartialSpecialization:
			if l.analysed(ch) {
				collectMembers(ch, templates)
			}
		}
	}
}

// collectMembers finds the device functions defined in a class template,
// and in the classes nested in it: CUTLASS-based code (vLLM's epilogue
// visitors, kernel wrappers) is made of them, reached from the host only
// through the library's own templates, which are not analysed. Like a
// function template, each is lowered once per instantiation a lowered
// function calls, else once generically with the class's parameters
// symbolic. Host members are left out (a launcher is a free function).
func collectMembers(c clang.Cursor, templates *[]clang.Cursor) {
	for _, ch := range c.Children() {
		switch ch.Kind() {
		case clang.Cursor_StructDecl, clang.Cursor_ClassDecl,
			clang.Cursor_ClassTemplate, clang.Cursor_ClassTemplatePartialSpecialization:
			collectMembers(ch, templates)
		case clang.Cursor_CXXMethod, clang.Cursor_FunctionTemplate:
			if hasBody(ch) && funcKind(ch) != ir.Host {
				*templates = append(*templates, ch)
			}
		}
	}
}

// classTemplates returns the class templates enclosing c, innermost
// first (a member of a class nested in a class template has one).
func classTemplates(c clang.Cursor) []clang.Cursor {
	var out []clang.Cursor
	for p := c.SemanticParent(); !p.IsNull(); p = p.SemanticParent() {
		switch p.Kind() {
		case clang.Cursor_ClassTemplate, clang.Cursor_ClassTemplatePartialSpecialization:
			out = append(out, p)
		case clang.Cursor_StructDecl, clang.Cursor_ClassDecl:
		default:
			return out
		}
	}
	return out
}

// implicitInstance reports whether c is a function clang instantiated from
// a template: a unit's top-level declarations list them (the frontend's
// index leaves the preamble's declarations out, so the unit's own are that
// list, not the translation unit's children), and the lowering instantiates
// templates itself, from their launches. An instance sits where its
// template does; an explicit specialisation is written elsewhere.
func implicitInstance(c clang.Cursor) bool {
	t := c.SpecializedCursorTemplate()
	return !t.IsNull() && t.Location().Equal(c.Location())
}

func hasBody(c clang.Cursor) bool {
	for _, ch := range c.Children() {
		if ch.Kind() == clang.Cursor_CompoundStmt {
			return true
		}
	}
	return false
}

// analysed reports whether c is located in an analysed file.
func (l *tuLowerer) analysed(c clang.Cursor) bool {
	f, _, _, _ := c.Location().ExpansionLocation()
	if f.IsNil() {
		return false
	}
	return l.file(f.Name()) != nil
}

func (l *tuLowerer) file(name string) *ir.File {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, ok := l.fileOf[name]
	if !ok {
		f = l.cfg.File(name)
		l.fileOf[name] = f
	}
	return f
}

// pos converts a clang location to a token.Pos (NoPos outside analysed files).
func (l *tuLowerer) pos(loc clang.SourceLocation) token.Pos {
	f, _, _, off := loc.ExpansionLocation()
	if f.IsNil() {
		return token.NoPos
	}
	irf := l.file(f.Name())
	if irf == nil || irf.Tok == nil || int(off) > irf.Tok.Size() {
		return token.NoPos
	}
	return irf.Tok.Pos(int(off))
}

// declKey identifies a declaration by its location.
func (l *tuLowerer) declKey(c clang.Cursor) string {
	f, _, _, off := c.Location().ExpansionLocation()
	name := ""
	if !f.IsNil() {
		name = f.Name()
	}
	return fmt.Sprintf("%s:%d:%s", name, off, c.Spelling())
}

// funcKind classifies a function by its CUDA attributes.
func funcKind(c clang.Cursor) ir.FuncKind {
	kind := ir.Host
	for _, ch := range c.Children() {
		switch ch.Kind() {
		case clang.Cursor_CUDAGlobalAttr:
			return ir.Kernel
		case clang.Cursor_CUDADeviceAttr:
			kind = ir.Device
		}
	}
	return kind
}

// templateOf returns the template a specialization was instantiated from
// (or c itself).
func templateOf(c clang.Cursor) clang.Cursor {
	if t := c.SpecializedCursorTemplate(); !t.IsNull() {
		return t
	}
	return c
}

// function returns the ir.Func for the definition cursor def, creating it
// and queueing its body for lowering when first seen. decl is the cursor
// whose identity names it (a specialization or the definition itself);
// args are bound template arguments (nil for non-templates and generics).
func (l *tuLowerer) function(decl, def clang.Cursor, args []ir.TemplateArg) *ir.Func {
	key := l.declKey(def) + argsKey(args)
	if f, ok := l.funcs[key]; ok {
		return f
	}
	f := &ir.Func{
		Base:         qualifiedName(templateOf(def)),
		Kind:         funcKind(def),
		P:            l.pos(def.Location()),
		EndPos:       l.pos(def.Extent().End()),
		TemplateArgs: args,
		Generic:      def.Kind() == clang.Cursor_FunctionTemplate || args == nil && len(classTemplates(def)) > 0,
	}
	if file, _, _, _ := def.Location().ExpansionLocation(); !file.IsNil() {
		f.File = l.file(file.Name())
	}
	f.Name = f.Base + argsString(args)
	if f.Generic && def.Kind() == clang.Cursor_FunctionTemplate {
		f.Name = f.Base + genericParams(def)
	}
	f.LaunchBounds = launchBounds(l.tu, def)
	if (f.Kind == ir.Host || f.Kind == ir.Kernel && !f.Generic) && args == nil {
		f.USR = def.USR() // a template's own for its generic form; a kernel's, the key Launch.KernelLink names
	}
	l.funcs[key] = f
	l.order = append(l.order, f)
	l.pending = append(l.pending, pendingFunc{f: f, body: def})
	if args != nil {
		if l.instantiated == nil {
			l.instantiated = map[string]bool{}
		}
		l.instantiated[l.declKey(templateOf(decl))] = true
	}
	return f
}

// drain lowers queued function bodies until none is left (lowering a body
// can queue its callees).
func (l *tuLowerer) drain() {
	for len(l.pending) > 0 {
		p := l.pending[0]
		l.pending = l.pending[1:]
		newFuncLowerer(l, p.f).lower(p.body)
	}
}

// lowerHost lowers a host function; it is kept only if it launches.
func (l *tuLowerer) lowerHost(c clang.Cursor) {
	f := l.function(c, c, nil)
	if f.Kind != ir.Host {
		return
	}
	l.drain()
}

// specialization resolves the callee of a call or launch to the function
// to lower: the definition of a non-template function or the implicit
// instantiation of a template, with its bound arguments.
func (l *tuLowerer) specialization(ref clang.Cursor) (*ir.Func, bool) {
	if ref.IsNull() {
		return nil, false
	}
	def := ref
	if !ref.IsDefinition() {
		if d := ref.Definition(); !d.IsNull() {
			def = d
		}
	}
	if !l.analysed(def) {
		return nil, false
	}
	tmpl := ref.SpecializedCursorTemplate()
	if tmpl.IsNull() {
		if !def.IsDefinition() {
			return nil, false
		}
		return l.function(def, def, nil), true
	}
	if !hasBody(def) {
		return nil, false
	}
	return l.function(ref, def, l.templateArgs(ref, tmpl)), true
}

// templateArgs reads the bound template arguments of a specialization,
// naming them after the template's parameters.
func (l *tuLowerer) templateArgs(spec, tmpl clang.Cursor) []ir.TemplateArg {
	var names []string
	var bools []bool // a bool parameter: libclang gives true as -1 (a 1-bit value sign-extended)
	for _, ch := range tmpl.Children() {
		switch ch.Kind() {
		case clang.Cursor_TemplateTypeParameter, clang.Cursor_NonTypeTemplateParameter, clang.Cursor_TemplateTemplateParameter:
			names = append(names, ch.Spelling())
			bools = append(bools, ch.Kind() == clang.Cursor_NonTypeTemplateParameter && ch.Type().Kind() == clang.Type_Bool)
		}
	}
	n := int(spec.NumTemplateArguments())
	if n < 0 {
		// libclang cannot list them (a member of a class template, say):
		// name the instantiation by its signature and the class it is a
		// member of. The signature alone is the same in every
		// instantiation of the class (vec_t<float, 4>::store(float *)
		// and vec_t<float, 16>::store(float *)), so all of them got the
		// body of the first one lowered: a 16-wide store loop in the
		// 4-wide kernel.
		sig := spec.DisplayName()
		if p := spec.SemanticParent(); !p.IsNull() {
			if t := p.Type().Spelling(); t != "" {
				sig = t + "::" + sig
			}
		}
		return []ir.TemplateArg{{Name: "?", Type: &ir.UnknownType{Spelling: sig, Reason: "template arguments not exposed"}}}
	}
	args := make([]ir.TemplateArg, 0, n)
	declNames := usrFuncArgs(spec.USR())
	for i := 0; i < n; i++ {
		a := ir.TemplateArg{}
		if i < len(names) {
			a.Name = names[i]
		}
		switch spec.TemplateArgumentKind(uint32(i)) {
		case clang.TemplateArgumentKind_Type:
			a.Type = l.typeOf(spec.TemplateArgumentType(uint32(i)), nil)
		case clang.TemplateArgumentKind_Integral:
			a.Value = spec.TemplateArgumentValue(uint32(i))
			if i < len(bools) && bools[i] {
				a.Bool = true
				a.Value = int64(spec.TemplateArgumentUnsignedValue(uint32(i)) & 1)
			}
		default:
			// A function (&silu<float>): libclang 15 does not expose which,
			// but the specialization's USR names it.
			name := "&decl"
			if len(declNames) > 0 {
				name, declNames = "&"+declNames[0], declNames[1:]
			}
			a.Type = &ir.UnknownType{Spelling: name, Reason: "declaration template argument"}
		}
		args = append(args, a)
	}
	return args
}

var usrFuncRE = regexp.MustCompile(`@F@([A-Za-z_][A-Za-z0-9_]*)`)

// usrFuncArgs returns the names of the functions among a specialization's
// template arguments, in order, from its USR
// ("c:@N@cvk@F@act_and_mul_kernel<#f#@N@cvk@F@silu<#f>#...").
func usrFuncArgs(usr string) []string {
	i := strings.IndexByte(usr, '<')
	if i < 0 {
		return nil
	}
	var out []string
	for _, m := range usrFuncRE.FindAllStringSubmatch(usr[i:], -1) {
		out = append(out, m[1])
	}
	return out
}

func argsKey(args []ir.TemplateArg) string {
	if args == nil {
		return ""
	}
	return "<" + argsString(args) + ">"
}

func argsString(args []ir.TemplateArg) string {
	if args == nil {
		return ""
	}
	parts := make([]string, len(args))
	for i, a := range args {
		switch {
		case a.Type != nil:
			parts[i] = a.Type.String()
		case a.Bool:
			parts[i] = strconv.FormatBool(a.Value != 0)
		default:
			parts[i] = fmt.Sprint(a.Value)
		}
	}
	return "<" + strings.Join(parts, ", ") + ">"
}

func genericParams(tmpl clang.Cursor) string {
	var names []string
	for _, ch := range tmpl.Children() {
		switch ch.Kind() {
		case clang.Cursor_TemplateTypeParameter, clang.Cursor_NonTypeTemplateParameter, clang.Cursor_TemplateTemplateParameter:
			names = append(names, ch.Spelling())
		}
	}
	return "<" + strings.Join(names, ", ") + ">"
}

// qualifiedName returns ns::Class::name for a declaration.
func qualifiedName(c clang.Cursor) string {
	parts := []string{c.Spelling()}
	for p := c.SemanticParent(); !p.IsNull(); p = p.SemanticParent() {
		switch p.Kind() {
		case clang.Cursor_Namespace, clang.Cursor_StructDecl, clang.Cursor_ClassDecl, clang.Cursor_ClassTemplate:
			if s := p.Spelling(); s != "" {
				parts = append(parts, s)
			}
			continue
		}
		break
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, "::")
}

// launchBounds reads __launch_bounds__(N) from the tokens before the name.
func launchBounds(tu clang.TranslationUnit, c clang.Cursor) int64 {
	// The declaration starts with a macro (__global__), whose extent lies
	// in the shim: lex the file from where that macro is expanded.
	f, _, _, from := c.Extent().Start().ExpansionLocation()
	nf, _, _, to := c.Location().ExpansionLocation()
	if f.IsNil() || !f.Equal(nf) || to <= from {
		return 0
	}
	toks := tu.TokenSpellings(clang.NewRange(tu.LocationForOffset(f, from), tu.LocationForOffset(f, to)))
	for i := 0; i+2 < len(toks); i++ {
		if toks[i] == "__launch_bounds__" && toks[i+1] == "(" {
			var n int64
			if _, err := fmt.Sscan(toks[i+2], &n); err == nil {
				return n
			}
		}
	}
	return 0
}
