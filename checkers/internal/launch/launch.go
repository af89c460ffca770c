package launch

import (
	"go/token"
	"runtime"
	"sort"
	"sync"
	"weak"

	"github.com/cudavet/cudavet/checkers/internal/model"
	"github.com/cudavet/cudavet/checkers/internal/sym"
	"github.com/cudavet/cudavet/checkers/internal/symex"
	"github.com/cudavet/cudavet/frontend/ir"
)

// Config says what model-fixed sizes may be.
type Config struct {
	// Label names the configuration in messages ("Mixtral-8x7B-v0.1", or
	// "the bundled models").
	Label string
	// Values maps a canonical fixed size name to its allowed values.
	Values map[string][]int64
	// Who maps a canonical name and a value to the profiles that give it.
	Who map[string]map[int64][]string
	// Profiles are the profiles the values come from: the model-fixed
	// sizes of one witness are all taken from one of them.
	Profiles []*model.Profile
	// Limits bound the user-controlled sizes: each ranges over
	// [1, Limits.Of(name)] (nil: the documented defaults). Set before the
	// Config is first used, never after.
	Limits model.Limits
}

// NewConfig makes the configuration of a set of profiles: fixed sizes
// range over the union of their values (extended by model.Mutations when
// mutate is set).
func NewConfig(label string, ps []*model.Profile, mutate bool) *Config {
	vals, who := model.Union(ps)
	if mutate {
		vals = model.Mutate(vals)
	}
	return &Config{Label: label, Values: vals, Who: who, Profiles: ps}
}

// Site is one launch reached from an entry point.
type Site struct {
	Launch *ir.Launch
	// Entry is the host function the path starts at; Calls are the call
	// sites of the host helpers inlined on the way (outermost first).
	Entry *ir.Func
	Calls []token.Pos
	// Spec is what the launcher says of the kernel's inputs; its terms are
	// host variables (named "@…").
	Spec *symex.Spec
	// Unresolved lists what the launcher leaves unknown: "grid", "block",
	// "len(p)" for a pointer parameter, or a scalar parameter's name.
	Unresolved []string
	// NotApplicable is set when the configuration gives no value to a
	// fixed size the launch uses (an MoE launcher under a dense model).
	NotApplicable string
	// Fixed lists the model-fixed sizes the spec uses that their names
	// classify; the sizes their sources classify (a weight's columns)
	// carry their profile and formula in their symex.VarInfo.Origins.
	Fixed []FixedSize
}

// FixedSize is a model-fixed size of a site.
type FixedSize struct {
	Display, Canon string
	Term           *sym.Term
}

// Result is the launcher analysis of a program under one configuration.
type Result struct {
	// Sites maps a kernel to its launch sites, in program order.
	Sites map[*ir.Func][]*Site
	// Entries is the number of entry points run; Cut counts what the
	// analysis could not follow.
	Entries int
	Cut     map[string]int
}

// cacheKey holds the program weakly: a language server loads a new
// program on every edit, and the cache must not keep the old ones (and
// their IR) alive. An entry is deleted when its program is collected.
type cacheKey struct {
	prog weak.Pointer[ir.Program]
	cfg  *Config
}

var cache sync.Map // cacheKey → *cacheEntry

type cacheEntry struct {
	once sync.Once
	res  *Result
}

// Analyze runs every entry point of prog once per configuration (the
// result is cached while prog lives: every kernel of the program asks
// for it).
func Analyze(prog *ir.Program, cfg *Config) *Result {
	key := cacheKey{weak.Make(prog), cfg}
	e, loaded := cache.LoadOrStore(key, &cacheEntry{})
	if !loaded {
		runtime.AddCleanup(prog, func(k cacheKey) { cache.Delete(k) }, key)
	}
	ce := e.(*cacheEntry)
	ce.once.Do(func() { ce.res = analyze(prog, cfg) })
	return ce.res
}

func analyze(prog *ir.Program, cfg *Config) *Result {
	res := &Result{Sites: map[*ir.Func][]*Site{}, Cut: map[string]int{}}
	for _, f := range Entries(prog) {
		x := newExecutor(cfg)
		x.run(f)
		res.Entries++
		for _, s := range x.sites {
			res.Sites[s.Launch.Kernel] = append(res.Sites[s.Launch.Kernel], s)
		}
		for k, n := range x.cut {
			res.Cut[k] += n
		}
	}
	return res
}

// Entries returns the host functions with bodies that no other host
// function of prog calls, in program order: the functions a Python
// binding calls.
func Entries(prog *ir.Program) []*ir.Func {
	called := map[*ir.Func]bool{}
	var hosts []*ir.Func
	for _, f := range prog.Funcs {
		if f.Kind != ir.Host || f.Body == nil {
			continue
		}
		hosts = append(hosts, f)
		ir.Inspect(f.Body, func(n ir.Node) bool {
			if c, ok := n.(*ir.Call); ok && c.Fn != nil && c.Fn != f {
				called[c.Fn] = true
			}
			return true
		})
	}
	var out []*ir.Func
	for _, f := range hosts {
		if !called[f] {
			out = append(out, f)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].P < out[j].P })
	return out
}
