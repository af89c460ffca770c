package frontend

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cudavet/cudavet/frontend/clang"
	"github.com/cudavet/cudavet/frontend/shim"
)

// preambleSource is the shim header that is precompiled: the prelude and
// the standard library torch implies.
const preambleSource = shim.Dir + "/__cudavet/preamble.h"

// pchSet builds the precompiled preamble once per distinct argument list
// (the run's flags; files with flags of their own get their own) and
// hands its path to every unit parsed with those flags. It is safe for
// concurrent use.
type pchSet struct {
	mu    sync.Mutex
	built map[string]func() builtPCH // by argument key; path "" if unusable
}

// preambles is the process's: every Load of a process (a language
// server's, a test's) shares its preambles, built and probed once.
var preambles pchSet

// args returns the unit's arguments with the force-included prelude
// replaced by the precompiled preamble, or args unchanged when the
// preamble cannot be built (then every unit parses the prelude itself;
// the result is the same, only slower).
//
// lead is the header the unit's main file includes first (leadInclude),
// or "": a torch header of the shim there is precompiled too, in a
// preamble of its own, which leaves the unit's meaning as it was (the
// header, once included, is skipped where the file includes it).
func (s *pchSet) args(args []string, unsaved []clang.UnsavedFile, lead string) []string {
	at := -1
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "-include" && args[i+1] == shim.Prelude {
			at = i
			break
		}
	}
	if at < 0 {
		return args
	}
	base := append(append([]string(nil), args[:at]...), args[at+2:]...)
	if slices.ContainsFunc(base, forcesIncludes) || shadowedLead(base, lead) {
		// The user's -include comes after the preamble and before the
		// main file's first include: the lead cannot go first. A lead
		// the project has its own copy of is the project's.
		lead = ""
	}
	path := ""
	if lead != "" {
		path = s.preamble(base, unsaved, lead)
	}
	if path == "" {
		path = s.preamble(base, unsaved, "")
	}
	if path == "" {
		return args
	}
	// Mark it used (prunePCH keeps what runs use). A preamble another
	// process pruned meanwhile (a language server outlives many runs):
	// this unit is parsed without, slower but the same, and the next
	// builds it again.
	now := time.Now()
	if os.Chtimes(path, now, now) != nil {
		s.mu.Lock()
		s.built = nil
		s.mu.Unlock()
		return args
	}
	return withPCH(args, at, path)
}

// preamble returns the path of the preamble for the unit arguments base
// (without the prelude's -include), building it once per process and
// argument list. The preamble is built without the user's include
// directories (the roots, -I): they hold the project's headers, which
// the preamble does not include, and left in they would make a preamble
// of its own for every directory a run starts from (every test's
// temporary directory was one, 12 MB each). A directory that holds an
// entry named like a component of a file the preamble includes (a
// project's own `vector`, `bits/` or `cuda_fp16.h`) could shadow it and
// is kept.
func (s *pchSet) preamble(base []string, unsaved []clang.UnsavedFile, lead string) string {
	stripped, dirs := splitIncludeDirs(base)
	path, names := s.build(stripped, base, unsaved, lead)
	if path == "" || len(dirs) == 0 {
		return path
	}
	var drop []int
	for _, d := range dirs {
		if names == nil || shadows(d.dir, names) {
			continue
		}
		drop = append(drop, d.at...)
	}
	if len(drop) == len(flatAt(dirs)) {
		return path
	}
	kept := make([]string, 0, len(base))
	for i, a := range base {
		if !slices.Contains(drop, i) {
			kept = append(kept, a)
		}
	}
	path, _ = s.build(kept, kept, unsaved, lead)
	return path
}

// build returns the preamble built with args, once per process, and the
// names of the components of the files it includes (nil if unknown).
// probe is the argument list the preamble is checked with.
func (s *pchSet) build(args, probe []string, unsaved []clang.UnsavedFile, lead string) (string, map[string]bool) {
	key := strings.Join(append(slices.Clip(args), "lead="+lead), "\x00")
	s.mu.Lock()
	if s.built == nil {
		s.built = map[string]func() builtPCH{}
	}
	once := s.built[key]
	if once == nil {
		once = sync.OnceValue(func() builtPCH {
			path := buildPCH(args, unsaved, lead)
			if path != "" && !probePCH(probe, path, unsaved) {
				return builtPCH{}
			}
			return builtPCH{path: path, names: readNames(path)}
		})
		s.built[key] = once
	}
	s.mu.Unlock()
	b := once()
	return b.path, b.names
}

// builtPCH is a preamble on disk and the names of what it includes.
type builtPCH struct {
	path  string
	names map[string]bool
}

// includeDir is a user include directory of an argument list and the
// indexes of the arguments that name it.
type includeDir struct {
	dir string
	at  []int
}

func flatAt(dirs []includeDir) []int {
	var out []int
	for _, d := range dirs {
		out = append(out, d.at...)
	}
	return out
}

// splitIncludeDirs returns args without the include directories (-I,
// -iquote, -isystem, -idirafter; joined or separate) other than the
// shim's, and those directories.
func splitIncludeDirs(args []string) ([]string, []includeDir) {
	var out []string
	var dirs []includeDir
	for i := 0; i < len(args); i++ {
		a := args[i]
		matched := false
		for _, f := range []string{"-I", "-iquote", "-isystem", "-idirafter"} {
			if !strings.HasPrefix(a, f) {
				continue
			}
			d, at := a[len(f):], []int{i}
			if d == "" && i+1 < len(args) {
				d, at = args[i+1], []int{i, i + 1}
			}
			if d == "" || d == shim.Dir || strings.HasPrefix(d, shim.Dir+"/") {
				break
			}
			dirs = append(dirs, includeDir{dir: d, at: at})
			i = at[len(at)-1]
			matched = true
			break
		}
		if !matched {
			out = append(out, a)
		}
	}
	return out, dirs
}

// shadows reports whether directory dir holds an entry whose name is in
// names (a directory that cannot be read shadows nothing: clang cannot
// read it either).
func shadows(dir string, names map[string]bool) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if names[e.Name()] {
			return true
		}
	}
	return false
}

// namesFile is the file beside a preamble that lists the path components
// of the files it includes, one a line.
func namesFile(pch string) string { return strings.TrimSuffix(pch, ".pch") + ".names" }

// readNames reads a preamble's names file; nil when it has none.
func readNames(pch string) map[string]bool {
	b, err := os.ReadFile(namesFile(pch))
	if err != nil {
		return nil
	}
	names := map[string]bool{}
	for _, n := range strings.Split(string(b), "\n") {
		if n != "" {
			names[n] = true
		}
	}
	return names
}

// includedNames is the set of path components of the files a unit
// includes, as the lines of a names file.
func includedNames(tu clang.TranslationUnit) string {
	seen := map[string]bool{}
	var out []string
	for _, f := range tu.IncludedFiles() {
		for _, c := range strings.Split(filepath.ToSlash(f), "/") {
			if c != "" && c != "." && c != ".." && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n") + "\n"
}

// withPCH returns args with the -include of the prelude at index at
// replaced by the precompiled preamble at path.
func withPCH(args []string, at int, path string) []string {
	out := append([]string(nil), args[:at]...)
	// The preamble's inputs are the virtual shim files, which have no
	// modification time to validate against; their contents are part of
	// the file's name (pchName).
	out = append(out, "-include-pch", path, "-Xclang", "-fno-validate-pch")
	return append(out, args[at+2:]...)
}

// buildPCH precompiles the preamble with the given arguments into the
// user's cache directory (shared by runs and processes: the name is a hash
// of everything that goes into it) and returns its path, or "" when it
// cannot be built.
func buildPCH(args []string, unsaved []clang.UnsavedFile, lead string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "cudavet", "pch")
	// The templates the preamble's own code uses are instantiated once,
	// in the preamble, rather than at the end of every unit that loads
	// it: without this, each unit spent ~45 ms instantiating libstdc++'s
	// pending templates (a small kernel file's parse: 57 ms → 11 ms).
	args = append(slices.Clip(args), "-Xclang", "-fpch-instantiate-templates")
	source := preambleSource
	if lead != "" {
		source = leadSource
		unsaved = append(slices.Clip(unsaved), clang.NewUnsavedFile(leadSource, leadText(lead)))
	}
	path := filepath.Join(dir, pchName(args, lead))
	if st, err := os.Stat(path); err == nil && st.Size() > 0 {
		if _, err := os.Stat(namesFile(path)); err == nil {
			return path
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	idx := clang.NewIndex(0, 0)
	defer idx.Dispose()
	tu, err := idx.Parse(source, args, unsaved, clang.TranslationUnit_Incomplete|clang.TranslationUnit_ForSerialization)
	if err != nil {
		return ""
	}
	defer tu.Dispose()
	for _, d := range tu.Diagnostics() {
		if d.Severity >= clang.Diagnostic_Error {
			return ""
		}
	}
	tmp, err := os.CreateTemp(dir, "tmp-*.pch")
	if err != nil {
		return ""
	}
	tmp.Close()
	// Write aside, then rename: a concurrent run never reads half a file.
	if err := tu.Save(tmp.Name()); err != nil {
		os.Remove(tmp.Name())
		return ""
	}
	// The names first: a preamble on disk always has its names.
	if err := writeFileAtomic(namesFile(path), includedNames(tu)); err != nil {
		os.Remove(tmp.Name())
		return ""
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return ""
	}
	prunePCH(dir, path, time.Now())
	return path
}

// writeFileAtomic writes data to name through a temporary file beside it.
func writeFileAtomic(name, data string) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "tmp-*.names")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// keepPCH is how many preambles the cache keeps at least (the most
// recently used), and pchIdle how long one must have gone unused before
// it may be removed: a preamble is 12 MB, and every shim change or new
// set of flags makes another.
const (
	keepPCH = 8
	pchIdle = time.Hour
)

// prunePCH removes from the cache directory the preambles (and their
// names files) beyond the keepPCH most recently used that no unit has
// used for pchIdle, and temporary files left that long; keep, just
// built, stays. A run marks its preamble used at every unit it parses,
// so a running one is never removed.
func prunePCH(dir, keep string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type pch struct {
		path string
		mod  time.Time
	}
	var all []pch
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), "tmp-"):
			if now.Sub(info.ModTime()) > pchIdle {
				os.Remove(p)
			}
		case strings.HasPrefix(e.Name(), "preamble-") && strings.HasSuffix(e.Name(), ".pch"):
			all = append(all, pch{p, info.ModTime()})
		}
	}
	slices.SortFunc(all, func(a, b pch) int { return b.mod.Compare(a.mod) })
	for i, f := range all {
		if i < keepPCH || f.path == keep || now.Sub(f.mod) <= pchIdle {
			continue
		}
		os.Remove(f.path)
		os.Remove(namesFile(f.path))
	}
}

// probeSource is a unit that uses the preamble's library the way torch
// code does; parsed with the preamble it must be clean, or the preamble
// is not used. (Clang 15 rejects a preamble of libstdc++ under C++20: its
// operator new of cuda_wrappers then "differs between modules".)
const probeSource = shim.Dir + "/__cudavet/probe.cu"

const probeText = `#include <string>
#include <vector>
#include <sstream>
static std::string probe() { std::ostringstream s; s << std::vector<int>{1}.size(); return s.str(); }
`

// probePCH parses the probe with the preamble and reports whether it is
// clean.
func probePCH(base []string, path string, unsaved []clang.UnsavedFile) bool {
	args := append(append([]string(nil), base...), "-include", shim.Prelude)
	args = append(withPCH(args, len(base), path), "-ferror-limit=1") // the first error decides
	idx := clang.NewIndex(0, 0)
	defer idx.Dispose()
	us := append(append([]clang.UnsavedFile(nil), unsaved...), clang.NewUnsavedFile(probeSource, probeText))
	tu, err := idx.Parse(probeSource, args, us, clang.TranslationUnit_KeepGoing)
	if err != nil {
		return false
	}
	defer tu.Dispose()
	for _, d := range tu.Diagnostics() {
		if d.Severity >= clang.Diagnostic_Error {
			return false
		}
	}
	return true
}

// pchName names the preamble built from args and the shim headers, with
// the lead header after them.
func pchName(args []string, lead string) string {
	h := sha256.New()
	fmt.Fprintf(h, "libclang-15\x00%s\x00lead=%s\x00", strings.Join(args, "\x00"), lead)
	for _, f := range shim.Files() {
		fmt.Fprintf(h, "%s\x00%d\x00%s", f.Path, len(f.Contents), f.Contents)
	}
	return "preamble-" + hex.EncodeToString(h.Sum(nil))[:24] + ".pch"
}
