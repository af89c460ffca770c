package ir

import (
	"go/token"
	"sort"
	"time"
)

// Program is everything cudavet loaded: the files, their lowered functions
// and launch sites, and the problems met on the way. Functions defined in a
// header included by several files appear once.
type Program struct {
	Fset        *token.FileSet
	Files       []*File       // analysed files, sorted by name
	Funcs       []*Func       // every lowered function, by file name, position, then name
	Launches    []*Launch     // every launch site in host code, in position order
	Diagnostics []*Diagnostic // parse, annotation and lowering problems, by position
	Stats       Stats
	// Unlinked lists, sorted, the USRs of host functions the program's
	// host code calls (Call.Link) that no unit of it defines: a run that
	// analyses files one by one groups a .cpp binding with the unit that
	// defines its launcher by them.
	Unlinked []string
}

// File is one source file of the analysed tree (a .cu file or a header of
// the tree that a .cu file includes).
type File struct {
	Name       string // path as given or found by the pattern walk
	Tok        *token.File
	Directives []*Directive // `// cudavet:` comments, in order
	Funcs      []*Func      // functions defined in this file, by position
	ParseTime  time.Duration
}

// Directive is a comment starting with "cudavet:" (annotations and
// suppressions). Text excludes the comment marker and "cudavet:".
type Directive struct {
	Pos  token.Pos
	End  token.Pos
	Text string
}

// Diagnostic is a front-end problem: Category is "parse" (the file did not
// parse cleanly), "annotation" (a malformed annotation) or "lower".
type Diagnostic struct {
	Pos      token.Pos
	Category string
	Message  string
}

// FuncKind says which side a function runs on.
type FuncKind int

// Function kinds. A Host function is lowered only when it launches a kernel
// (a launcher) or is called by one.
const (
	Kernel FuncKind = iota
	Device
	Host
)

var kindNames = [...]string{"kernel", "device", "host"}

func (k FuncKind) String() string { return kindNames[k] }

// Func is a lowered function: a kernel (__global__), a __device__ function
// or a host launcher. A template yields one Func per instantiation the
// analysed code uses (TemplateArgs bound), or, if none is used, one Func for
// the primary template with symbolic parameters (Generic set).
type Func struct {
	Name         string // display name with template arguments: "rms_norm_kernel<float, 1024>"
	Base         string // qualified name without template arguments
	Kind         FuncKind
	P, EndPos    token.Pos
	Params       []*Var
	Result       Type
	Body         *Block // nil for a declaration without body
	TemplateArgs []TemplateArg
	Generic      bool // primary template, parameters symbolic
	File         *File
	LaunchBounds int64  // __launch_bounds__ max threads, 0 if absent
	USR          string // of a host function, a host template's generic form or a kernel: the key Call.Link and Launch.KernelLink name
	Stats        FuncStats
}

// Pos returns the position of the function's name.
func (f *Func) Pos() token.Pos { return f.P }

// FuncStats counts what lowering produced for one function.
type FuncStats struct {
	Stmts        int // statements lowered, UnknownStmt included
	UnknownStmts int
	UnknownExprs int
	// Unknown counts Unknown and UnknownStmt nodes by reason.
	Unknown map[string]int
}

// TemplateArg is one bound template argument: a type (Type set) or an
// integral value (Value).
type TemplateArg struct {
	Name  string
	Type  Type
	Value int64
	Bool  bool // a bool parameter's argument: Value is 0 or 1
}

// VarKind says where a variable lives.
type VarKind int

// Variable kinds.
const (
	ParamVar  VarKind = iota // function parameter
	LocalVar                 // automatic variable (registers or local memory)
	SharedVar                // __shared__ (Len -1 arrays: extern __shared__)
	ConstVar                 // __constant__ or a const namespace-scope variable
	GlobalVar                // __device__ namespace-scope variable
)

var varKindNames = [...]string{"param", "local", "shared", "constant", "global"}

func (k VarKind) String() string { return varKindNames[k] }

// Var is a variable. Pointers compare by identity: one Var per declaration
// (per instantiation).
type Var struct {
	Name  string
	Type  Type
	Kind  VarKind
	P     token.Pos
	Index int  // parameter index for ParamVar
	Ref   bool // declared as a C++ reference (T&): assignments reach the referent
	// Value is the constant initial value of a const-qualified integer
	// variable or constexpr (nil otherwise).
	Value *int64
	// TypePos is where a local's declaration begins (its type as
	// written, before P): a fix that retypes the variable edits
	// [TypePos, P). NoPos where not known.
	TypePos token.Pos
	// Model names the library call whose internal memory traffic the
	// lowering wrote out through this variable (a pointer to cub's temp
	// storage slots for cub::BlockReduce::Sum); "" for a variable of the
	// source.
	Model string
}

// Pos returns the declaration's position.
func (v *Var) Pos() token.Pos { return v.P }

// Stats counts what the front end did.
type Stats struct {
	Files        int
	ParseErrors  int // files with a parse diagnostic
	Kernels      int
	DeviceFuncs  int
	HostFuncs    int
	Launches     int
	Stmts        int
	UnknownStmts int
	UnknownExprs int
	// Unknown counts Unknown nodes by reason.
	Unknown   map[string]int
	ParseTime time.Duration // summed over files
	LowerTime time.Duration
}

// Add accumulates o into s.
func (s *Stats) Add(o Stats) {
	s.Files += o.Files
	s.ParseErrors += o.ParseErrors
	s.Kernels += o.Kernels
	s.DeviceFuncs += o.DeviceFuncs
	s.HostFuncs += o.HostFuncs
	s.Launches += o.Launches
	s.Stmts += o.Stmts
	s.UnknownStmts += o.UnknownStmts
	s.UnknownExprs += o.UnknownExprs
	for k, v := range o.Unknown {
		if s.Unknown == nil {
			s.Unknown = map[string]int{}
		}
		s.Unknown[k] += v
	}
	s.ParseTime += o.ParseTime
	s.LowerTime += o.LowerTime
}

// Kernels returns the program's kernels in position order.
func (p *Program) Kernels() []*Func {
	var ks []*Func
	for _, f := range p.Funcs {
		if f.Kind == Kernel {
			ks = append(ks, f)
		}
	}
	return ks
}

// LaunchesOf returns the launch sites of kernel k.
func (p *Program) LaunchesOf(k *Func) []*Launch {
	var ls []*Launch
	for _, l := range p.Launches {
		if l.Kernel == k {
			ls = append(ls, l)
		}
	}
	return ls
}

// File returns the File with the given token.File, or nil.
func (p *Program) File(tf *token.File) *File {
	for _, f := range p.Files {
		if f.Tok == tf {
			return f
		}
	}
	return nil
}

// Less reports whether position a sorts before b: by file name, then
// offset. Raw token.Pos order depends on the order files were added to the
// FileSet, which parallel loading does not fix.
func (p *Program) Less(a, b token.Pos) bool {
	pa, pb := p.Fset.Position(a), p.Fset.Position(b)
	if pa.Filename != pb.Filename {
		return pa.Filename < pb.Filename
	}
	return pa.Offset < pb.Offset
}

// Sort puts Files, Funcs, Launches and Diagnostics in their documented
// order: by file name, then position in the file.
func (p *Program) Sort() {
	sort.SliceStable(p.Files, func(i, j int) bool { return p.Files[i].Name < p.Files[j].Name })
	sort.SliceStable(p.Funcs, func(i, j int) bool {
		a, b := p.Funcs[i], p.Funcs[j]
		if a.P != b.P {
			return p.Less(a.P, b.P)
		}
		return a.Name < b.Name
	})
	sort.SliceStable(p.Launches, func(i, j int) bool { return p.Less(p.Launches[i].P, p.Launches[j].P) })
	sort.SliceStable(p.Diagnostics, func(i, j int) bool { return p.Less(p.Diagnostics[i].Pos, p.Diagnostics[j].Pos) })
	for _, f := range p.Files {
		sort.SliceStable(f.Funcs, func(i, j int) bool {
			a, b := f.Funcs[i], f.Funcs[j]
			if a.P != b.P {
				return a.P < b.P
			}
			return a.Name < b.Name
		})
	}
}
