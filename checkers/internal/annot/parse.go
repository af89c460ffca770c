package annot

import (
	"errors"
	"fmt"
	"go/token"
	"strings"
)

// Kind says what a directive declares.
type Kind int

// Directive kinds, in the order of the grammar table.
const (
	Shape  Kind = iota + 1 // a pointer parameter's region: Name, Dims
	Assume                 // a constraint: Cond
	User                   // a user-controlled size: Name, Lo, Hi or DefaultRange
	Fixed                  // a model-fixed size: Name, Values
	Launch                 // the launch configuration: Grid, Block, Smem
	Ignore                 // a suppression, parsed by checkers/driver: Text only
)

// String returns the directive's keyword.
func (k Kind) String() string {
	for _, s := range grammar {
		if s.kind == k {
			return s.name
		}
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Directive is one parsed directive. Which fields are set depends on Kind
// (see the constants); the others are zero.
type Directive struct {
	Kind Kind
	// Pos is the position of the comment holding the directive (set by
	// Attach; token.NoPos after Parse). Several directives of one comment
	// share it and differ by Off.
	Pos token.Pos
	// Off is the byte offset of the directive's keyword in the comment
	// text (ir.Directive.Text).
	Off int
	// Text is the directive as written, without surrounding blanks or
	// the separating ';'. For Ignore it is the whole comment text.
	Text string

	Name string // Shape: the parameter; User, Fixed: the size
	Dims []Expr // Shape: element counts per dimension, outermost first (row-major); at least one
	Cond Expr   // Assume

	// Lo ≤ Hi is User's inclusive range, unless DefaultRange is set
	// (`user NAME`: the engine picks the range; Lo and Hi are 0).
	Lo, Hi       int64
	DefaultRange bool

	Values []int64 // Fixed: the possible values, as written, without duplicates; at least one

	Grid, Block []Expr // Launch: 0 (not given) to 3 components, x first
	Smem        Expr   // Launch: dynamic shared memory in bytes; nil when not given
}

// Error is a malformed directive. Its Error method gives the message of
// the "annotation" diagnostic: "cudavet:shape: expected ']' at column 17".
type Error struct {
	Directive string // keyword of the directive being parsed; "" before one is known
	Off       int    // byte offset in the comment text; the column is Off+1
	Msg       string // the problem, without directive or column
	noColumn  bool   // the message reads better without the column
	stop      bool   // nothing after this error can be parsed as directives
}

func (e *Error) Error() string {
	s := e.Msg
	if !e.noColumn {
		s += fmt.Sprintf(" at column %d", e.Off+1)
	}
	if e.Directive != "" {
		s = "cudavet:" + e.Directive + ": " + s
	}
	return s
}

// A directiveSpec is one row of the grammar: a keyword, its kind and the
// function that parses what follows the keyword into d.
type directiveSpec struct {
	name   string
	kind   Kind
	syntax string // summary, for doc.go
	parse  func(p *parser, d *Directive)
}

// grammar is the table of directives. To add one, add a row (and a Kind,
// a case in Set.add and a paragraph in doc.go).
var grammar = []directiveSpec{
	{"shape", Shape, "shape NAME[EXPR, ...]", parseShape},
	{"assume", Assume, "assume EXPR", parseAssume},
	{"user", User, "user NAME | user NAME <= EXPR | user NAME in [EXPR, EXPR]", parseUser},
	{"fixed", Fixed, "fixed NAME = EXPR | fixed NAME in {EXPR, ...}", parseFixed},
	{"launch", Launch, "launch [grid=DIMS] [block=DIMS] [smem=EXPR]", parseLaunch},
	{"ignore", Ignore, "ignore[CHECK, ...] REASON", nil}, // read raw in Parse
}

// knownDirectives lists the keywords for messages.
func knownDirectives() string {
	names := make([]string, len(grammar))
	for i, s := range grammar {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

// Parse parses the text of one `cudavet:` comment (ir.Directive.Text):
// one or more directives separated by ';'. It returns the well-formed
// directives in order and one Error per malformed one; parsing resumes
// after the next ';'. An ignore directive takes the whole comment, ';'
// included, and is returned raw for checkers/driver.
func Parse(text string) ([]*Directive, []*Error) {
	trimmed := strings.TrimSpace(text)
	lead := strings.Index(text, trimmed)
	if trimmed == "" {
		return nil, []*Error{emptyError()}
	}
	if isIgnore(trimmed) {
		return []*Directive{{Kind: Ignore, Off: lead, Text: trimmed}}, nil
	}
	p := &parser{text: text, toks: lex(text)}
	var ds []*Directive
	var errs []*Error
	for {
		for p.at(";") {
			p.pos++
		}
		if p.toks[p.pos].kind == tEOF {
			break
		}
		d, err := p.directive()
		if err != nil {
			errs = append(errs, err)
			if err.stop {
				break
			}
			p.skipPast(";")
			continue
		}
		ds = append(ds, d)
	}
	if ds == nil && errs == nil {
		errs = append(errs, emptyError())
	}
	return ds, errs
}

func emptyError() *Error {
	return &Error{Msg: "empty cudavet directive; known: " + knownDirectives(), noColumn: true}
}

// isIgnore reports whether a comment is an ignore directive, with the
// test checkers/driver applies: "ignore" or "ignore-file" alone or
// followed by '[' or a blank.
func isIgnore(text string) bool {
	rest, ok := strings.CutPrefix(text, "ignore")
	rest = strings.TrimPrefix(rest, "-file")
	return ok && (rest == "" || rest[0] == '[' || rest[0] == ' ' || rest[0] == '\t')
}

// parser reads the directives of one comment. A syntax error panics with
// a bailout, which directive recovers: one Error per directive.
type parser struct {
	text  string
	toks  []tok
	pos   int    // index of the current token
	kw    string // keyword of the directive being parsed
	depth int    // nesting of parentheses and unary operators
}

// maxDepth bounds expression nesting, so that hostile input cannot
// exhaust the stack.
const maxDepth = 200

type bailout struct{ err *Error }

// fail abandons the current directive with an error at byte offset off.
func (p *parser) fail(off int, format string, args ...any) {
	panic(bailout{&Error{Directive: p.kw, Off: off, Msg: fmt.Sprintf(format, args...)}})
}

// directive parses one directive, up to the next ';' or the end.
func (p *parser) directive() (d *Directive, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			d, err = nil, b.err
		}
	}()
	p.kw, p.depth = "", 0
	t := p.toks[p.pos]
	spec := lookupDirective(t)
	switch {
	case spec == nil:
		return nil, &Error{Off: t.off, noColumn: true,
			Msg: fmt.Sprintf("unknown cudavet directive %q; known: %s", t.text, knownDirectives())}
	case spec.kind == Ignore:
		return nil, &Error{Directive: t.text, Off: t.off, stop: true,
			Msg: "must start its own comment, where checkers/driver reads it"}
	}
	p.kw = spec.name
	p.pos++
	d = &Directive{Kind: spec.kind, Off: t.off}
	spec.parse(p, d)
	if end := p.peek(); !p.atEnd() {
		p.fail(end.off, "expected ';' or end of directive, found %s", describe(end))
	}
	d.Text = strings.TrimSpace(p.text[t.off:p.toks[p.pos].off])
	return d, nil
}

// lookupDirective returns the grammar row of a keyword token, or nil.
func lookupDirective(t tok) *directiveSpec {
	if t.kind != tIdent {
		return nil
	}
	for i := range grammar {
		if grammar[i].name == t.text {
			return &grammar[i]
		}
	}
	return nil
}

// peek returns the current token; an illegal one fails the directive.
func (p *parser) peek() tok {
	t := p.toks[p.pos]
	if t.kind == tIllegal {
		p.fail(t.off, "%s", t.msg)
	}
	return t
}

// ahead returns the token i places after the current one, without
// judging it (tEOF past the end).
func (p *parser) ahead(i int) tok {
	if p.pos+i >= len(p.toks) {
		return p.toks[len(p.toks)-1]
	}
	return p.toks[p.pos+i]
}

func (p *parser) next() tok {
	t := p.peek()
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

// at reports whether the current token is the punctuation s.
func (p *parser) at(s string) bool {
	t := p.toks[p.pos]
	return t.kind == tPunct && t.text == s
}

// atEnd reports whether the directive ends here.
func (p *parser) atEnd() bool { return p.at(";") || p.peek().kind == tEOF }

func (p *parser) accept(s string) bool {
	if p.peek(); p.at(s) {
		p.pos++
		return true
	}
	return false
}

// acceptWord consumes the identifier w (a contextual keyword such as "in").
func (p *parser) acceptWord(w string) bool {
	if t := p.peek(); t.kind == tIdent && t.text == w {
		p.pos++
		return true
	}
	return false
}

func (p *parser) expect(s string) {
	if t := p.peek(); !p.accept(s) {
		p.fail(t.off, "expected '%s'", s)
	}
}

// ident reads an identifier; what names it in the error.
func (p *parser) ident(what string) (string, int) {
	t := p.peek()
	if t.kind != tIdent {
		p.fail(t.off, "expected %s", what)
	}
	p.pos++
	return t.text, t.off
}

// skipPast moves past the next punctuation s (or to the end).
func (p *parser) skipPast(s string) {
	for t := p.toks[p.pos]; t.kind != tEOF; t = p.toks[p.pos] {
		p.pos++
		if t.kind == tPunct && t.text == s {
			return
		}
	}
}

// describe names a token in messages.
func describe(t tok) string {
	if t.kind == tEOF {
		return "end of directive"
	}
	return fmt.Sprintf("%q", t.text)
}

func parseShape(p *parser, d *Directive) {
	d.Name, _ = p.ident("parameter name")
	p.expect("[")
	d.Dims = p.exprList()
	p.expect("]")
}

func parseAssume(p *parser, d *Directive) { d.Cond = p.expr() }

// parseUser reads `NAME`, `NAME <= HI` (meaning [1, HI]: sizes are
// positive) or `NAME in [LO, HI]`.
func parseUser(p *parser, d *Directive) {
	d.Name, _ = p.ident("size name")
	off := p.peek().off
	switch {
	case p.atEnd():
		d.DefaultRange = true
		return
	case p.accept("<="):
		d.Lo, d.Hi = 1, p.constant("bound")
	case p.acceptWord("in"):
		p.expect("[")
		d.Lo = p.constant("bound")
		p.expect(",")
		d.Hi = p.constant("bound")
		p.expect("]")
	default:
		p.fail(off, "expected '<=', 'in' or end of directive after %s", d.Name)
	}
	if d.Lo > d.Hi {
		p.fail(off, "empty range [%d, %d] for %s", d.Lo, d.Hi, d.Name)
	}
}

// parseFixed reads `NAME = V` or `NAME in {V, ...}`.
func parseFixed(p *parser, d *Directive) {
	d.Name, _ = p.ident("size name")
	var vs []int64
	switch off := p.peek().off; {
	case p.accept("="):
		vs = append(vs, p.constant("value"))
	case p.acceptWord("in"):
		p.expect("{")
		for {
			vs = append(vs, p.constant("value"))
			if !p.accept(",") {
				break
			}
		}
		p.expect("}")
	default:
		p.fail(off, "expected '=' or 'in' after %s", d.Name)
	}
	for _, v := range vs {
		if !containsInt(d.Values, v) {
			d.Values = append(d.Values, v)
		}
	}
}

// A launchKey is one key of the launch directive, with how many values it
// takes and where they go.
type launchKey struct {
	name string
	max  int
	set  func(d *Directive, vals []Expr)
}

// launchKeys is the table of launch keys; each is optional, at most once.
var launchKeys = []launchKey{
	{"grid", 3, func(d *Directive, v []Expr) { d.Grid = v }},
	{"block", 3, func(d *Directive, v []Expr) { d.Block = v }},
	{"smem", 1, func(d *Directive, v []Expr) { d.Smem = v[0] }},
}

func lookupLaunchKey(t tok) *launchKey {
	for i := range launchKeys {
		if t.kind == tIdent && launchKeys[i].name == t.text {
			return &launchKeys[i]
		}
	}
	return nil
}

// parseLaunch reads `KEY=VALUES` pairs separated by blanks or commas.
func parseLaunch(p *parser, d *Directive) {
	seen := map[string]bool{}
	for first := true; first || !p.atEnd(); first = false {
		t := p.peek()
		k := lookupLaunchKey(t)
		switch {
		case k == nil:
			p.fail(t.off, "expected grid=, block= or smem=")
		case seen[k.name]:
			p.fail(t.off, "duplicate %s=", k.name)
		}
		seen[k.name] = true
		p.pos++
		p.expect("=")
		vals := p.launchValues()
		if len(vals) > k.max {
			p.fail(vals[k.max].Offset(), "%s= takes at most %d values", k.name, k.max)
		}
		k.set(d, vals)
		if p.at(",") && p.keyAhead(1) {
			p.pos++ // a comma between keys
		}
	}
}

// keyAhead reports whether a launch key and '=' start i tokens ahead.
func (p *parser) keyAhead(i int) bool {
	eq := p.ahead(i + 1)
	return lookupLaunchKey(p.ahead(i)) != nil && eq.kind == tPunct && eq.text == "="
}

// launchValues reads `E, E, E` (stopping before a comma that starts the
// next key) or `dim3(E, E, E)`.
func (p *parser) launchValues() []Expr {
	if t, open := p.peek(), p.ahead(1); t.kind == tIdent && t.text == "dim3" && open.kind == tPunct && open.text == "(" {
		p.pos += 2
		vals := p.exprList()
		p.expect(")")
		return vals
	}
	vals := []Expr{p.expr()}
	for p.at(",") && !p.keyAhead(1) {
		p.pos++
		vals = append(vals, p.expr())
	}
	return vals
}

// constant reads an expression without names and returns its value; what
// names it in errors ("bound", "value").
func (p *parser) constant(what string) int64 {
	e := p.expr()
	v, err := Eval(e, nil)
	if errors.Is(err, ErrUnbound) {
		var name *Name
		walk(e, func(e Expr) {
			if n, ok := e.(*Name); ok && name == nil {
				name = n
			}
		})
		p.fail(name.Off, "%s must be a constant, found size name %s", what, name.Name)
	}
	if err != nil {
		p.fail(e.Offset(), "bad %s: %v", what, err)
	}
	return v
}

func containsInt(vs []int64, v int64) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// exprList reads one or more comma-separated expressions.
func (p *parser) exprList() []Expr {
	es := []Expr{p.expr()}
	for p.accept(",") {
		es = append(es, p.expr())
	}
	return es
}

// expr reads an expression with C's precedence. A whole expression (not
// one in parentheses or arguments) may not exceed maxNodes written out:
// chained comparisons share their middle operand, and nesting them inside
// each other's middles doubles the written-out size at each level.
func (p *parser) expr() Expr {
	top := p.depth == 0
	e := p.binary(1)
	if top && countNodes(e, maxNodes) < 0 {
		p.fail(e.Offset(), "expression too large: over %d nodes written out", maxNodes)
	}
	return e
}

// maxNodes bounds the written-out size of an expression.
const maxNodes = 10000

// countNodes subtracts the number of nodes of e, shared ones counted at
// each use, from budget; it stops early once the result is negative.
func countNodes(e Expr, budget int) int {
	if budget--; budget < 0 {
		return budget
	}
	switch e := e.(type) {
	case *Unary:
		return countNodes(e.X, budget)
	case *Binary:
		return countNodes(e.Y, countNodes(e.X, budget))
	case *Call:
		for _, a := range e.Args {
			budget = countNodes(a, budget)
		}
	}
	return budget
}

// binary reads operands joined by operators of precedence ≥ minPrec
// (precedence climbing). A comparison directly following a comparison at
// the same level chains: `a < b <= c` becomes `a < b && b <= c`, the
// middle operand shared.
func (p *parser) binary(minPrec int) Expr {
	x := p.unary()
	var lastRel *Binary // the comparison that ends the chain built so far
	for {
		t := p.peek()
		pr, ok := binaryPrec[t.text]
		if t.kind != tPunct || !ok || pr < minPrec {
			return x
		}
		p.pos++
		y := p.binary(pr + 1)
		b := &Binary{OpOff: t.off, Op: t.text, X: x, Y: y}
		if pr == relPrec && lastRel != nil {
			b.X = lastRel.Y
			x = &Binary{OpOff: t.off, Op: "&&", X: x, Y: b}
		} else {
			x = b
		}
		lastRel = nil
		if pr == relPrec {
			lastRel = b
		}
	}
}

func (p *parser) unary() Expr {
	t := p.peek()
	if t.kind == tPunct && unaryOps[t.text] {
		p.pos++
		p.enter(t.off)
		x := p.unary()
		p.depth--
		return &Unary{Off: t.off, Op: t.text, X: x}
	}
	return p.primary()
}

func (p *parser) primary() Expr {
	t := p.peek()
	switch {
	case t.kind == tInt:
		p.pos++
		return &Num{Off: t.off, Val: t.val, Text: t.text}
	case t.kind == tIdent && p.ahead(1).kind == tPunct && p.ahead(1).text == "(":
		return p.call()
	case t.kind == tIdent:
		p.pos++
		return &Name{Off: t.off, Name: t.text}
	case t.kind == tPunct && t.text == "(":
		p.pos++
		p.enter(t.off)
		x := p.expr()
		p.depth--
		p.expect(")")
		return x
	}
	p.fail(t.off, "expected expression, found %s", describe(t))
	return nil
}

// call reads a built-in call NAME(ARGS).
func (p *parser) call() Expr {
	t := p.next()
	b, ok := builtins[t.text]
	if !ok {
		p.fail(t.off, "unknown function %q; known: %s", t.text, builtinNames())
	}
	p.pos++ // '('
	p.enter(t.off)
	var args []Expr
	if !p.at(")") {
		args = p.exprList()
	}
	p.depth--
	p.expect(")")
	if len(args) != b.arity {
		p.fail(t.off, "%s takes %d arguments, found %d", t.text, b.arity, len(args))
	}
	return &Call{Off: t.off, Fn: t.text, Args: args}
}

// enter notes one more level of nesting.
func (p *parser) enter(off int) {
	if p.depth++; p.depth > maxDepth {
		p.fail(off, "expression nested too deeply")
	}
}

// String returns the directive in canonical form: Parse of it yields an
// equal directive.
func (d *Directive) String() string {
	switch d.Kind {
	case Shape:
		return "shape " + d.Name + "[" + joinExprs(d.Dims) + "]"
	case Assume:
		return "assume " + d.Cond.String()
	case User:
		if d.DefaultRange {
			return "user " + d.Name
		}
		return fmt.Sprintf("user %s in [%d, %d]", d.Name, d.Lo, d.Hi)
	case Fixed:
		if len(d.Values) == 1 {
			return fmt.Sprintf("fixed %s = %d", d.Name, d.Values[0])
		}
		return fmt.Sprintf("fixed %s in {%s}", d.Name, joinInts(d.Values))
	case Launch:
		var parts []string
		if d.Grid != nil {
			parts = append(parts, "grid="+joinExprs(d.Grid))
		}
		if d.Block != nil {
			parts = append(parts, "block="+joinExprs(d.Block))
		}
		if d.Smem != nil {
			parts = append(parts, "smem="+d.Smem.String())
		}
		return "launch " + strings.Join(parts, " ")
	}
	return d.Text
}

func joinExprs(es []Expr) string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = e.String()
	}
	return strings.Join(s, ", ")
}

func joinInts(vs []int64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}
