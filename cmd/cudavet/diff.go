package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/cudavet/cudavet/frontend/compiledb"
)

// changedUnits keeps the units that a git revision (range) changed, and
// those that include a changed file: known from the unit's cache entry
// when it has one, else from its #include lines (followed through the
// tree's headers).
func (in *incremental) changedUnits(units []string, rev string) ([]string, error) {
	changed, err := gitChanged(rev)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, u := range units {
		if changed[u] || in.dependsOnAny(u, changed) {
			out = append(out, u)
		}
	}
	return out, nil
}

// gitChanged returns the absolute names of the files `git diff --name-only
// REV` lists (REV may be a range, A..B).
func gitChanged(rev string) (map[string]bool, error) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return nil, fmt.Errorf("-diff: not in a git work tree: %w", err)
	}
	out, err := exec.Command("git", "diff", "--name-only", rev, "--").Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		return nil, fmt.Errorf("-diff %s: %s", rev, msg)
	}
	root := strings.TrimSpace(string(top))
	changed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line != "" {
			changed[filepath.Join(root, line)] = true
		}
	}
	return changed, nil
}

// dependsOnAny reports whether unit u includes one of the changed files.
func (in *incremental) dependsOnAny(u string, changed map[string]bool) bool {
	var deps map[string]bool
	if in.cache != nil {
		if data, ok := in.cache.Get(in.unitKey(u)); ok {
			var e struct{ Deps map[string]string } // only what is needed of a unitEntry
			if json.Unmarshal(data, &e) == nil && len(e.Deps) > 0 {
				deps = map[string]bool{}
				for f := range e.Deps {
					deps[f] = true
				}
			}
		}
	}
	if deps == nil {
		deps = in.includeClosure(u) // no entry: its #include lines
	}
	for f := range deps {
		if changed[f] {
			return true
		}
	}
	return false
}

// includeClosure follows a file's quoted #include lines that resolve
// relative to the including file or to a root of the run; a cheap
// over-approximation of what its parse will include.
func (in *incremental) includeClosure(file string) map[string]bool {
	seen := map[string]bool{}
	var visit func(string)
	visit = func(f string) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, name := range compiledb.Includes(f) {
			for _, dir := range append([]string{filepath.Dir(f)}, in.roots...) {
				if p := filepath.Join(dir, name); fileExists(p) {
					visit(p)
					break
				}
			}
		}
	}
	visit(file)
	return seen
}

func fileExists(name string) bool {
	st, err := os.Stat(name)
	return err == nil && !st.IsDir()
}
