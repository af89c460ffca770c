package recall

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"

	"gopkg.in/yaml.v3"
)

// Row is one fixed bug of the corpus: a fix commit of a real repository,
// the files to analyse at its parent (the buggy tree), and the lines of the
// parent that carry the bug.
type Row struct {
	ID      string `yaml:"id"`
	Repo    string `yaml:"repo"`   // a key of the Repos the run is given: vllm, flashinfer
	Fix     string `yaml:"fix"`    // the fix commit, 40 hex digits
	Parent  string `yaml:"parent"` // its first parent, 40 hex digits: the tree analysed
	Date    string `yaml:"date"`
	Subject string `yaml:"subject"`
	Class   string `yaml:"class"` // one of Classes
	// Files are analysed together at Parent, paths relative to the
	// repository root; a header is listed with an includer.
	Files []string `yaml:"files"`
	// Lines are the buggy lines of Parent, per file; every key is in Files.
	Lines map[string][]int `yaml:"lines"`
	// Checkers, when set, replace the class's checkers (ClassCheckers).
	Checkers []string `yaml:"checkers,omitempty"`
	// Flags are extra cudavet flags for this row (-D, -I relative to the
	// tree root), before the patterns.
	Flags     []string `yaml:"flags,omitempty"`
	Trigger   string   `yaml:"trigger"`
	Note      string   `yaml:"note,omitempty"`
	Diagnosis string   `yaml:"diagnosis,omitempty"` // why cudavet misses it, for a miss
}

// Classes are the bug classes of the corpus, in report order.
var Classes = []string{"overflow", "global-oob", "shared-oob", "race", "uninit", "null", "align", "other"}

// ClassCheckers are the checkers whose findings count for a class: a row
// is found by a finding of one of them near its lines.
var ClassCheckers = map[string][]string{
	"overflow":   {"overflow"},
	"global-oob": {"bounds"},
	"shared-oob": {"bounds"},
	"race":       {"race"},
	"uninit":     {"uninit"},
	"null":       {"nilptr"},
	"align":      {"align"},
	"other":      {"warpsync", "barrierdiv", "bounds"},
}

// CheckersOf returns the checkers whose findings count for r.
func (r *Row) CheckersOf() []string {
	if len(r.Checkers) > 0 {
		return r.Checkers
	}
	return ClassCheckers[r.Class]
}

var sha = regexp.MustCompile(`^[0-9a-f]{40}$`)

// Validate reports the first thing wrong with r.
func (r *Row) Validate() error {
	switch {
	case r.ID == "":
		return errors.New("row without id")
	case r.Repo == "":
		return fmt.Errorf("%s: no repo", r.ID)
	case !sha.MatchString(r.Fix), !sha.MatchString(r.Parent):
		return fmt.Errorf("%s: fix and parent must be 40-hex commits", r.ID)
	case !slices.Contains(Classes, r.Class):
		return fmt.Errorf("%s: class %q is not one of %v", r.ID, r.Class, Classes)
	case len(r.Files) == 0:
		return fmt.Errorf("%s: no files", r.ID)
	case len(r.Lines) == 0:
		return fmt.Errorf("%s: no lines", r.ID)
	}
	for f, ls := range r.Lines {
		if !slices.Contains(r.Files, f) {
			return fmt.Errorf("%s: lines of %s, which is not in files", r.ID, f)
		}
		if len(ls) == 0 {
			return fmt.Errorf("%s: no lines for %s", r.ID, f)
		}
		for _, l := range ls {
			if l < 1 {
				return fmt.Errorf("%s: line %d of %s", r.ID, l, f)
			}
		}
	}
	for _, f := range r.Files {
		if filepath.IsAbs(f) || f != filepath.Clean(f) || f == ".." || len(f) > 2 && f[:3] == "../" {
			return fmt.Errorf("%s: file %q is not a clean relative path", r.ID, f)
		}
	}
	return nil
}

// Load reads every *.yaml file of dir, validates the rows and returns them
// sorted by id. Ids are unique.
func Load(dir string) ([]Row, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no *.yaml labels in %s", dir)
	}
	var rows []Row
	seen := map[string]string{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var rs []Row
		if err := yaml.Unmarshal(data, &rs); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for i := range rs {
			if err := rs[i].Validate(); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if prev, ok := seen[rs[i].ID]; ok {
				return nil, fmt.Errorf("%s: id %s already in %s", name, rs[i].ID, prev)
			}
			seen[rs[i].ID] = name
		}
		rows = append(rows, rs...)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	return rows, nil
}
