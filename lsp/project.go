package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cudavet/cudavet/checkers"
	"github.com/cudavet/cudavet/checkers/symexec"
	project "github.com/cudavet/cudavet/internal/config"
)

// The project configuration file (.cudavet.yaml, internal/config) is read
// as the command reads it: the file of the analysed file's directory or
// the nearest above it (Settings.Config names another, or "off"), with
// the same keys and the same checks of names. It is one more layer of
// settings, per file, under the editor's: checks.enable and disable apply
// to the default checkers unless the settings name the checks; models
// apply unless the settings name a model; user-limits apply to the sizes
// the settings do not bound; severities, mutate, latent, flags (before the settings' clang flags), exclude and
// unused-ignores always apply. A file with a problem fails the analysis
// with one diagnostic naming its line (code "config"), as the command
// stops with exit status 2. The file is read again when it changes on
// disk.

// configPrefix starts the message of an analysis stopped by its project
// configuration file.
const configPrefix = "project configuration "

// projectFiles caches the parsed configuration files by path, each with
// the size and time it was read at.
type projectFiles struct {
	mu    sync.Mutex
	files map[string]*projectFile
}

type projectFile struct {
	mod  time.Time
	size int64
	cfg  *project.Config
	err  error
}

// load returns the parsed file at path, reading it again when its size or
// modification time changed.
func (p *projectFiles) load(path string) (*project.Config, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if f, ok := p.files[path]; ok && f.mod.Equal(st.ModTime()) && f.size == st.Size() {
		return f.cfg, f.err
	}
	c, err := project.Load(path)
	if p.files == nil {
		p.files = map[string]*projectFile{}
	}
	p.files[path] = &projectFile{mod: st.ModTime(), size: st.Size(), cfg: c, err: err}
	return c, err
}

// project returns the configuration an analysis of file runs under: base
// with the project file's settings applied, or base itself without a
// file. excluded reports that the file excludes it (nothing is analysed).
func (s *Server) project(base *config, file string) (cfg *config, excluded bool, err error) {
	path := base.settings.Config
	switch path {
	case "off":
		return base, false, nil
	case "":
		if path = project.Find(filepath.Dir(file)); path == "" {
			return base, false, nil
		}
	}
	c, err := s.projects.load(path)
	if err != nil {
		return nil, false, fmt.Errorf("%s%w", configPrefix, err)
	}
	if c.Excluded(file) {
		return nil, true, nil
	}
	cfg, err = withProject(base, c)
	if err != nil {
		return nil, false, fmt.Errorf("%s%s:%w", configPrefix, path, err)
	}
	return cfg, false, nil
}

// withProject returns a copy of base under the file's settings; errors
// read "line: key: message".
func withProject(base *config, c *project.Config) (*config, error) {
	out := *base
	r := base.registry
	known := func(s project.String, key string) error {
		if r.Lookup(s.Value) == nil {
			return fmt.Errorf("%d: %s: unknown checker %q (valid: %s)", s.Line, key, s.Value, strings.Join(r.Names(), ", "))
		}
		return nil
	}
	if len(base.settings.Checks) == 0 && len(c.Enable)+len(c.Disable) > 0 {
		var names []string
		for _, ch := range r {
			if ch.Default {
				names = append(names, ch.Name())
			}
		}
		for _, e := range c.Enable {
			if err := known(e, "checks.enable"); err != nil {
				return nil, err
			}
			if !slices.Contains(names, e.Value) {
				names = append(names, e.Value)
			}
		}
		for _, d := range c.Disable {
			if err := known(d, "checks.disable"); err != nil {
				return nil, err
			}
			names = slices.DeleteFunc(names, func(n string) bool { return n == d.Value })
		}
		analyzers, err := r.Analyzers(names)
		if err != nil {
			return nil, err
		}
		out.analyzers = analyzers
	}
	if len(c.Severity) > 0 {
		reg := make(checkers.Registry, len(r))
		for i, ch := range r {
			cp := *ch
			reg[i] = &cp
		}
		for _, sv := range c.Severity {
			if err := known(sv.Checker, "severity"); err != nil {
				return nil, err
			}
			reg.Lookup(sv.Checker.Value).Severity = checkers.SeverityNamed(sv.Level.Value)
		}
		out.registry = reg
	}
	if base.model == "" && len(c.Models) > 0 {
		var names []string
		for _, m := range c.Models {
			if err := symexec.CheckModel(m.Value); err != nil {
				return nil, fmt.Errorf("%d: models: %w", m.Line, err)
			}
			names = append(names, m.Value)
		}
		out.model = strings.Join(names, ",")
	}
	if c.Mutate != nil {
		out.mutate = c.Mutate.Value
	}
	if c.Latent != nil {
		out.latent = c.Latent.Value
	}
	if len(c.UserLimits) > 0 {
		// The file's limits, each replaced by the settings' for the same
		// size (symexec's -limits takes the last of a name).
		var limits []string
		for _, l := range c.UserLimits {
			if err := symexec.CheckLimit(l.Name.Value, l.Value); err != nil {
				return nil, fmt.Errorf("%d: user-limits: %w", l.Name.Line, err)
			}
			limits = append(limits, fmt.Sprintf("%s=%d", l.Name.Value, l.Value))
		}
		if base.limits != "" {
			limits = append(limits, base.limits)
		}
		out.limits = strings.Join(limits, ",")
	}
	if len(c.Flags) > 0 {
		var args []string
		for _, f := range c.Flags {
			args = append(args, f.Value)
		}
		out.frontend.ClangArgs = append(args, base.frontend.ClangArgs...)
	}
	if c.UnusedIgnores != nil {
		out.skipUnused = !c.UnusedIgnores.Value
	}
	return &out, nil
}
