package ir

import "go/token"

// A Stmt is an IR statement. Statements run in order; control flow is
// structured (no goto: a goto lowers to UnknownStmt).
type Stmt interface {
	Node
	isStmt()
}

// Block is a sequence of statements with its source extent.
type Block struct {
	P, EndPos token.Pos
	Stmts     []Stmt
}

// DeclStmt declares Var, with an optional initial value (nil: uninitialised;
// a local or __shared__ array's elements are then uninitialised too).
type DeclStmt struct {
	P    token.Pos
	Var  *Var
	Init Expr
}

// Assign sets the scalar variable Var (or, when Field is not empty, that
// field of the struct or vector variable) to X, which already has Var's
// type: compound assignments and ++/-- are expanded (x += y is
// x = (T)(x + y) with the usual conversions in between).
type Assign struct {
	P     token.Pos
	Var   *Var
	Field string
	X     Expr
}

// Store writes Val to the element Ptr[Index] (or to field Field of it).
// Val already has the element's (or field's) type.
type Store struct {
	P     token.Pos
	Ptr   Expr
	Index Expr
	Field string
	Val   Expr
}

// ExprStmt evaluates X for its effects (calls, barriers, atomics).
type ExprStmt struct {
	P token.Pos
	X Expr
}

// If is if (Cond) Then else Else. Else is nil, a *Block or an *If.
type If struct {
	P    token.Pos
	Cond Expr
	Then *Block
	Else Stmt
}

// LoopKind is the C loop form.
type LoopKind int

// Loop kinds.
const (
	ForLoop LoopKind = iota
	WhileLoop
	DoWhileLoop
)

var loopNames = [...]string{"for", "while", "do-while"}

func (k LoopKind) String() string { return loopNames[k] }

// Loop is a for, while or do-while loop with its parts kept as written:
// for (Init; Cond; Post) Body. Cond nil means true. For a do-while, Body
// runs before the first test of Cond. Init and Post are never nil for a
// for loop (possibly empty) and nil for the other kinds.
type Loop struct {
	P    token.Pos
	Kind LoopKind
	Init *Block
	Cond Expr
	Post *Block
	Body *Block
}

// Switch is a C switch. Cases run in order with C fallthrough semantics
// (a case body without a final Break falls into the next).
type Switch struct {
	P     token.Pos
	Tag   Expr
	Cases []*Case
}

// Case is one case (or default, when Default is set) of a Switch.
type Case struct {
	P       token.Pos
	Values  []Expr
	Default bool
	Body    []Stmt
}

// Break leaves the innermost loop or switch.
type Break struct{ P token.Pos }

// Continue goes to the next iteration of the innermost loop.
type Continue struct{ P token.Pos }

// Return leaves the function (or closure) with an optional value.
type Return struct {
	P token.Pos
	X Expr
}

// AssumeKind says where an assumption comes from.
type AssumeKind int

// Assumption sources.
const (
	AssumeCheck      AssumeKind = iota // TORCH_CHECK and friends
	AssumeAssert                       // assert()
	AssumeAnnotation                   // a // cudavet:assume annotation
	AssumeBuiltin                      // __builtin_assume
	AssumeThrow                        // a throw, or a call that does not return (abort, exit): Cond is false
)

// Assume states that Cond holds from here on (execution stops otherwise).
type Assume struct {
	P    token.Pos
	Cond Expr
	Kind AssumeKind
}

// Launch is a kernel launch kernel<<<Grid, Block, Smem, Stream>>>(Args).
// Kernel is the launched instantiation (nil when it is not defined in the
// analysed files; Name then says which). Grid and Block are dim3-typed,
// Smem is the dynamic shared-memory size in bytes (a zero Const when
// omitted, with SmemImplicit set). Stream may be nil.
type Launch struct {
	P            token.Pos
	Kernel       *Func
	Name         string
	Grid, Block  Expr
	Smem         Expr
	SmemImplicit bool
	Stream       Expr
	Args         []Expr
	Caller       *Func
	// KernelLink is the USR of the kernel when the launch names it by its
	// symbol (a TVM-FFI cubin kernel's GetKernel("name")) and the unit
	// does not define it: the loader sets Kernel from the unit that does.
	KernelLink string
}

// UnknownStmt is a statement the lowering does not understand (goto, asm,
// range-for over unknown containers...). Checkers treat it as possibly
// writing any local variable it names in Writes, and as nothing else.
type UnknownStmt struct {
	P      token.Pos
	Reason string
	Writes []*Var
}

func (s *Block) Pos() token.Pos       { return s.P }
func (s *DeclStmt) Pos() token.Pos    { return s.P }
func (s *Assign) Pos() token.Pos      { return s.P }
func (s *Store) Pos() token.Pos       { return s.P }
func (s *ExprStmt) Pos() token.Pos    { return s.P }
func (s *If) Pos() token.Pos          { return s.P }
func (s *Loop) Pos() token.Pos        { return s.P }
func (s *Switch) Pos() token.Pos      { return s.P }
func (s *Case) Pos() token.Pos        { return s.P }
func (s *Break) Pos() token.Pos       { return s.P }
func (s *Continue) Pos() token.Pos    { return s.P }
func (s *Return) Pos() token.Pos      { return s.P }
func (s *Assume) Pos() token.Pos      { return s.P }
func (s *Launch) Pos() token.Pos      { return s.P }
func (s *UnknownStmt) Pos() token.Pos { return s.P }

func (*Block) isStmt()       {}
func (*DeclStmt) isStmt()    {}
func (*Assign) isStmt()      {}
func (*Store) isStmt()       {}
func (*ExprStmt) isStmt()    {}
func (*If) isStmt()          {}
func (*Loop) isStmt()        {}
func (*Switch) isStmt()      {}
func (*Case) isStmt()        {}
func (*Break) isStmt()       {}
func (*Continue) isStmt()    {}
func (*Return) isStmt()      {}
func (*Assume) isStmt()      {}
func (*Launch) isStmt()      {}
func (*UnknownStmt) isStmt() {}
