// Package config reads cudavet's project configuration file, .cudavet.yaml,
// found in the analysed directory or above it as clang-tidy finds
// .clang-tidy:
//
//	checks:
//	  enable: [uninit]         # run on top of the default checkers
//	  disable: [align]         # never run
//	severity:
//	  bounds: warning          # error, warning or info
//	models: [llama-3.1-8b]     # the profiles for model-fixed sizes (-model)
//	mutate: false              # also valid variants of them (-mutate)
//	latent: false              # also findings past the user limits (-latent)
//	user-limits:               # upper bounds of user-controlled sizes
//	  num_tokens: 262144       #   (-symexec.limits; others keep their default)
//	flags: [-DUSE_FP8]         # clang flags added to every file's
//	exclude: [third_party/**]  # files not analysed, relative to this file
//	unused-ignores: true       # report cudavet:ignore that suppress nothing
//
// Every value keeps the line it was read from, so that a checker name the
// registry does not know is reported at its line, and -print-config can say
// where each value came from. Parse checks the shape (unknown keys, wrong
// types, bad severities); the command checks names against its registry.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"gopkg.in/yaml.v3"
)

// FileName is the name of the configuration file.
const FileName = ".cudavet.yaml"

// String is a value and the line it was written on.
type String struct {
	Value string
	Line  int
}

// Bool is a value and the line it was written on.
type Bool struct {
	Value bool
	Line  int
}

// Limit bounds one user-controlled size.
type Limit struct {
	Name  String // a canonical user size name ("num_tokens", "batch")
	Value int64  // at least 1
	Line  int    // the value's line
}

// Severity gives one checker's findings a severity.
type Severity struct {
	Checker String
	Level   String // "error", "warning" or "info"
}

// Config is one parsed configuration file. Absent keys are nil or empty.
type Config struct {
	// Path is the file's absolute name ("" for Parse without one).
	Path          string
	Enable        []String
	Disable       []String
	Severity      []Severity // in file order
	Models        []String
	Mutate        *Bool
	Latent        *Bool
	UserLimits    []Limit // in file order
	Flags         []String
	Exclude       []String // doublestar patterns, relative to Dir
	UnusedIgnores *Bool
}

// Levels are the accepted severities.
var Levels = []string{"error", "warning", "info"}

// raw is the file's shape. Unknown keys are errors (KnownFields).
type raw struct {
	Checks struct {
		Enable  []String `yaml:"enable"`
		Disable []String `yaml:"disable"`
	} `yaml:"checks"`
	Severity      yaml.Node `yaml:"severity"`
	Models        []String  `yaml:"models"`
	Mutate        *Bool     `yaml:"mutate"`
	Latent        *Bool     `yaml:"latent"`
	UserLimits    yaml.Node `yaml:"user-limits"`
	Flags         []String  `yaml:"flags"`
	Exclude       []String  `yaml:"exclude"`
	UnusedIgnores *Bool     `yaml:"unused-ignores"`
}

// UnmarshalYAML reads a scalar and its line.
func (s *String) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: want a string, got %s", n.Line, kindName(n))
	}
	s.Value, s.Line = n.Value, n.Line
	return nil
}

// UnmarshalYAML reads a boolean and its line.
func (b *Bool) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode || n.Decode(&b.Value) != nil {
		return fmt.Errorf("line %d: want true or false, got %q", n.Line, n.Value)
	}
	b.Line = n.Line
	return nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return fmt.Sprintf("%q", n.Value)
}

// Parse parses a configuration file's contents; name is used in errors,
// which read "name:line: message".
func Parse(data []byte, name string) (*Config, error) {
	var r raw
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil && !errors.Is(err, io.EOF) {
		return nil, lineError(name, err)
	}
	c := &Config{Enable: r.Checks.Enable, Disable: r.Checks.Disable, Models: r.Models, Mutate: r.Mutate, Latent: r.Latent,
		Flags: r.Flags, Exclude: r.Exclude, UnusedIgnores: r.UnusedIgnores}
	if err := c.severities(&r.Severity); err != nil {
		return nil, fmt.Errorf("%s:%w", name, err)
	}
	if err := c.limits(&r.UserLimits); err != nil {
		return nil, fmt.Errorf("%s:%w", name, err)
	}
	for _, p := range c.Exclude {
		if !doublestar.ValidatePattern(p.Value) {
			return nil, fmt.Errorf("%s:%d: exclude: malformed pattern %q", name, p.Line, p.Value)
		}
	}
	for _, lists := range [][]String{c.Enable, c.Disable, c.Models, c.Flags, c.Exclude} {
		for _, s := range lists {
			if strings.TrimSpace(s.Value) == "" {
				return nil, fmt.Errorf("%s:%d: empty value", name, s.Line)
			}
		}
	}
	return c, nil
}

// severities reads the severity mapping: checker name to level.
func (c *Config) severities(n *yaml.Node) error {
	if n.Kind == 0 {
		return nil // absent
	}
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("%d: severity: want a mapping of checker to %s, got %s", n.Line, strings.Join(Levels, ", "), kindName(n))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		var s Severity
		if err := s.Checker.UnmarshalYAML(n.Content[i]); err != nil {
			return fmt.Errorf("%d: severity: %v", n.Content[i].Line, err)
		}
		if err := s.Level.UnmarshalYAML(n.Content[i+1]); err != nil {
			return fmt.Errorf("%d: severity of %s: want one of %s", n.Content[i+1].Line, s.Checker.Value, strings.Join(Levels, ", "))
		}
		if !contains(Levels, s.Level.Value) {
			return fmt.Errorf("%d: severity of %s: %q, want one of %s", s.Level.Line, s.Checker.Value, s.Level.Value, strings.Join(Levels, ", "))
		}
		c.Severity = append(c.Severity, s)
	}
	return nil
}

// limits reads the user-limits mapping: size name to a positive integer.
// The names are the command's to check.
func (c *Config) limits(n *yaml.Node) error {
	if n.Kind == 0 {
		return nil // absent
	}
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("%d: user-limits: want a mapping of user size to its upper bound, got %s", n.Line, kindName(n))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		var l Limit
		if err := l.Name.UnmarshalYAML(n.Content[i]); err != nil {
			return fmt.Errorf("%d: user-limits: %v", n.Content[i].Line, err)
		}
		v := n.Content[i+1]
		l.Line = v.Line
		if v.Kind != yaml.ScalarNode || v.Decode(&l.Value) != nil || l.Value < 1 {
			return fmt.Errorf("%d: user-limits: %s: want a positive integer, got %s", v.Line, l.Name.Value, kindName(v))
		}
		for _, prev := range c.UserLimits {
			if prev.Name.Value == l.Name.Value {
				return fmt.Errorf("%d: user-limits: %s given twice (first at line %d)", l.Name.Line, l.Name.Value, prev.Name.Line)
			}
		}
		c.UserLimits = append(c.UserLimits, l)
	}
	return nil
}

// lineError turns yaml's "yaml: line 3: ..." and its TypeError list into
// "name:3: ...".
func lineError(name string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		return fmt.Errorf("%s:%s", name, lineFirst(te.Errors[0]))
	}
	return fmt.Errorf("%s:%s", name, lineFirst(strings.TrimPrefix(err.Error(), "yaml: ")))
}

// lineFirst rewrites "line 3: msg" as "3: msg"; other text gets ":".
func lineFirst(msg string) string {
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, m, ok := strings.Cut(rest, ": "); ok {
			return num + ": " + m
		}
	}
	return " " + msg
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Find returns the configuration file in dir or its nearest parent that
// has one, or "".
func Find(dir string) string {
	for {
		p := filepath.Join(dir, FileName)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Load reads and parses the configuration file at path.
func Load(path string) (*Config, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, err
	}
	c, err := Parse(data, path)
	if err != nil {
		return nil, err
	}
	c.Path = abs
	return c, nil
}

// Dir is the directory exclude patterns are relative to.
func (c *Config) Dir() string { return filepath.Dir(c.Path) }

// Excluded reports whether an absolute file name matches an exclude
// pattern (a pattern naming a directory excludes what is under it).
func (c *Config) Excluded(file string) bool {
	rel, err := filepath.Rel(c.Dir(), file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, p := range c.Exclude {
		pat := strings.TrimSuffix(p.Value, "/")
		if ok, _ := doublestar.Match(pat, rel); ok {
			return true
		}
		if ok, _ := doublestar.Match(pat+"/**", rel); ok {
			return true
		}
	}
	return false
}
