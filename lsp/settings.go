package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/symexec"
	"github.com/cudavet/cudavet/frontend"
	"github.com/cudavet/cudavet/frontend/compiledb"
	"golang.org/x/tools/go/analysis"
)

// Settings are the analysis options: the command line's (cudavet lsp
// -checks=... -I dir -- flags) are the defaults, and the client's
// initializationOptions and workspace/didChangeConfiguration settings are
// applied over them. A project configuration file, when there is one, is
// one more layer of the same struct (Merge), so that every surface takes
// the same options.
//
// In JSON the settings are either the object itself or the object under
// the key "cudavet" (the form VS Code's configuration sections take):
//
//	{"checks": "barrierdiv,overflow", "includes": ["csrc"], "defines": ["USE_ROCM=0"],
//	 "clangFlags": ["-std=c++17"], "arch": 900, "model": "llama-3-8b",
//	 "compileCommands": "build", "config": "off"}
type Settings struct {
	// Checks are the checkers to run, as for -checks: names, or "all";
	// empty means the default checkers. JSON takes a list or a
	// comma-separated string.
	Checks stringList `json:"checks,omitempty"`
	// Model is the model profile (-model): a bundled name, a config.json
	// path, a comma-separated list or "all"; empty: the bundled union.
	Model string `json:"model,omitempty"`
	// UserLimits bound user-controlled sizes (-user-limits):
	// "num_tokens=262144,batch=64"; a size not named keeps the project
	// file's limit, or its default.
	UserLimits string `json:"userLimits,omitempty"`
	// Includes (-I) and Defines (-D, NAME or NAME=VALUE) become clang flags
	// before ClangFlags (the flags after "--").
	Includes []string `json:"includes,omitempty"`
	Defines  []string `json:"defines,omitempty"`
	// ClangFlags are extra compiler flags.
	ClangFlags []string `json:"clangFlags,omitempty"`
	// Arch is __CUDA_ARCH__ for device code (-arch; 0: 800).
	Arch int `json:"arch,omitempty"`
	// Jobs is the number of functions analysed in parallel (-j; 0: CPUs).
	Jobs int `json:"jobs,omitempty"`
	// Debug includes stacks in internal errors (-debug).
	Debug bool `json:"debug,omitempty"`
	// CompileCommands is where each file's flags come from, as the
	// command's -p: a build directory or a compile_commands.json; "off":
	// none; empty: the first compile_commands.json found upwards from each
	// file (or in a build/ beside a directory on the way).
	CompileCommands string `json:"compileCommands,omitempty"`
	// Config is the project configuration file, as the command's -config:
	// a .cudavet.yaml; "off": none; empty: the .cudavet.yaml of each file's
	// directory or the nearest above it (project.go).
	Config string `json:"config,omitempty"`
}

// Merge returns s with over applied: lists of over are appended to s's
// (checks replace them), non-zero scalars replace s's.
func (s Settings) Merge(over Settings) Settings {
	out := s
	if len(over.Checks) > 0 {
		out.Checks = over.Checks
	}
	if over.Model != "" {
		out.Model = over.Model
	}
	if over.UserLimits != "" {
		out.UserLimits = over.UserLimits
	}
	out.Includes = concat(s.Includes, over.Includes)
	out.Defines = concat(s.Defines, over.Defines)
	out.ClangFlags = concat(s.ClangFlags, over.ClangFlags)
	if over.Arch != 0 {
		out.Arch = over.Arch
	}
	if over.Jobs != 0 {
		out.Jobs = over.Jobs
	}
	out.Debug = s.Debug || over.Debug
	if over.CompileCommands != "" {
		out.CompileCommands = over.CompileCommands
	}
	if over.Config != "" {
		out.Config = over.Config
	}
	return out
}

// ParseSettings decodes client settings: null or absent is the zero
// Settings; unknown keys are errors, so that a misspelt option is reported
// rather than ignored.
func ParseSettings(raw json.RawMessage) (Settings, error) {
	var s Settings
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return s, nil
	}
	var section struct {
		Cudavet json.RawMessage `json:"cudavet"`
	}
	if err := json.Unmarshal(raw, &section); err != nil {
		return s, fmt.Errorf("settings: %w", err)
	}
	if len(section.Cudavet) > 0 {
		return ParseSettings(section.Cudavet)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, fmt.Errorf("settings: %w", err)
	}
	return s, nil
}

// config is what an analysis needs, derived from Settings once per change
// of settings.
type config struct {
	settings  Settings // what it was derived from
	registry  checkers.Registry
	analyzers []*analysis.Analyzer
	frontend  frontend.Config // Overlay unset: each analysis sets its own
	debug     bool
	jobs      int
	model     string // -model for the symbolic stage (see Settings.Model)
	// Of the project configuration file (project.go): -mutate, -latent,
	// the user-size limits (symexec's -limits form) and whether unused
	// ignores are left out.
	mutate     bool
	latent     bool
	limits     string
	skipUnused bool
}

// config validates the settings against the registry and derives the
// analysis configuration. Includes and defines become -I and -D flags
// before ClangFlags, in the order of the command line.
func (s Settings) config(r checkers.Registry) (*config, error) {
	analyzers, err := r.Analyzers(s.Checks)
	if err != nil {
		return nil, err
	}
	if len(analyzers) == 0 {
		return nil, errors.New("no checker selected")
	}
	if s.Arch != 0 && (s.Arch < 300 || s.Arch > 1300) {
		return nil, fmt.Errorf("arch %d: want a __CUDA_ARCH__ value such as 800 (sm_80) or 900 (sm_90)", s.Arch)
	}
	if s.Jobs < 0 {
		return nil, fmt.Errorf("jobs %d: want a number of parallel jobs >= 0", s.Jobs)
	}
	if s.Model != "" {
		if err := symexec.CheckModel(s.Model); err != nil {
			return nil, fmt.Errorf("model: %w", err)
		}
	}
	if err := symexec.CheckLimits(s.UserLimits); err != nil {
		return nil, fmt.Errorf("userLimits: %w", err)
	}
	var args []string
	for _, dir := range s.Includes {
		args = append(args, "-I"+dir)
	}
	for _, def := range s.Defines {
		args = append(args, "-D"+def)
	}
	args = append(args, s.ClangFlags...)
	c := &config{settings: s, registry: r, analyzers: analyzers, debug: s.Debug, jobs: s.Jobs, model: s.Model, limits: s.UserLimits}
	// One file per analysis: parsing it needs one job.
	c.frontend = frontend.Config{ClangArgs: args, Arch: s.Arch, Jobs: 1}
	// Each file's flags come from its compilation database, as for the
	// command (frontend/compiledb); the resolver reads each database once
	// per change of settings.
	switch s.CompileCommands {
	case "off":
	case "":
		c.frontend.FileArgs = (&compiledb.Resolver{KeepArch: s.Arch == 0}).Args
	default:
		db, err := compiledb.Load(s.CompileCommands)
		if err != nil {
			return nil, fmt.Errorf("compileCommands: %w", err)
		}
		c.frontend.FileArgs = (&compiledb.Resolver{DB: db, KeepArch: s.Arch == 0}).Args
	}
	return c, nil
}

// concat returns a new slice holding a's elements, then b's.
func concat(a, b []string) []string {
	return append(append([]string(nil), a...), b...)
}

// stringList is a list of strings that JSON may also give as one
// comma-separated string (as on the command line).
type stringList []string

// UnmarshalJSON accepts ["a", "b"] or "a,b".
func (l *stringList) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = nil
		for part := range strings.SplitSeq(one, ",") {
			if part = strings.TrimSpace(part); part != "" {
				*l = append(*l, part)
			}
		}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return errors.New("want a string or a list of strings")
	}
	*l = many
	return nil
}
