package frontend

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

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
	built map[string]func() string // by argument key: the path, "" if unusable
}

// args returns the unit's arguments with the force-included prelude
// replaced by the precompiled preamble, or args unchanged when the
// preamble cannot be built (then every unit parses the prelude itself;
// the result is the same, only slower).
func (s *pchSet) args(args []string, unsaved []clang.UnsavedFile) []string {
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
	key := strings.Join(base, "\x00")
	s.mu.Lock()
	if s.built == nil {
		s.built = map[string]func() string{}
	}
	once := s.built[key]
	if once == nil {
		once = sync.OnceValue(func() string {
			path := buildPCH(base, unsaved)
			if path != "" && !probePCH(base, path, unsaved) {
				return ""
			}
			return path
		})
		s.built[key] = once
	}
	s.mu.Unlock()
	path := once()
	if path == "" {
		return args
	}
	return withPCH(args, at, path)
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
func buildPCH(args []string, unsaved []clang.UnsavedFile) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "cudavet", "pch")
	path := filepath.Join(dir, pchName(args))
	if st, err := os.Stat(path); err == nil && st.Size() > 0 {
		return path
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	idx := clang.NewIndex(0, 0)
	defer idx.Dispose()
	tu, err := idx.Parse(preambleSource, args, unsaved, clang.TranslationUnit_Incomplete|clang.TranslationUnit_ForSerialization)
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
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return ""
	}
	return path
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

// pchName names the preamble built from args and the shim headers.
func pchName(args []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "libclang-15\x00%s\x00", strings.Join(args, "\x00"))
	for _, f := range shim.Files() {
		fmt.Fprintf(h, "%s\x00%d\x00%s", f.Path, len(f.Contents), f.Contents)
	}
	return "preamble-" + hex.EncodeToString(h.Sum(nil))[:24] + ".pch"
}
