package compiledb

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/google/shlex"
)

// FileName is the name of a compilation database.
const FileName = "compile_commands.json"

// An Entry is one compilation of the database.
type Entry struct {
	// Directory is the working directory of the compilation (absolute).
	Directory string
	// File is the compiled file, absolute and cleaned.
	File string
	// Args is the command line, compiler first ("arguments", or "command"
	// split as a POSIX shell would).
	Args []string
}

// A DB is a parsed compilation database. It is immutable once made.
type DB struct {
	// Path is the file it was read from ("" when parsed from bytes).
	Path    string
	Entries []Entry
	byFile  map[string]int // index of the first entry per file
	incl    includes       // built on first use by EntryFor
}

// rawEntry is an entry as JSON spells it.
type rawEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Command   string   `json:"command"`
	Arguments []string `json:"arguments"`
	Output    string   `json:"output"`
}

// Parse parses the JSON of a compilation database. Relative directories are
// resolved against base (the database's own directory), relative files
// against their entry's directory. An entry without a file or a command is
// an error naming its index.
func Parse(data []byte, base string) (*DB, error) {
	var raw []rawEntry
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("compilation database: %w", err)
	}
	db := &DB{byFile: map[string]int{}}
	for i, r := range raw {
		e, err := entry(r, base)
		if err != nil {
			return nil, fmt.Errorf("compilation database entry %d: %w", i, err)
		}
		if _, dup := db.byFile[e.File]; !dup {
			db.byFile[e.File] = len(db.Entries)
		}
		db.Entries = append(db.Entries, e)
	}
	return db, nil
}

func entry(r rawEntry, base string) (Entry, error) {
	if r.File == "" {
		return Entry{}, errors.New(`no "file"`)
	}
	dir := r.Directory
	if dir == "" || !filepath.IsAbs(dir) {
		dir = filepath.Join(base, dir)
	}
	file := r.File
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	args := r.Arguments
	if len(args) == 0 {
		if r.Command == "" {
			return Entry{}, fmt.Errorf("%s: neither \"arguments\" nor \"command\"", r.File)
		}
		var err error
		if args, err = shlex.Split(r.Command); err != nil {
			return Entry{}, fmt.Errorf("%s: command: %w", r.File, err)
		}
		if len(args) == 0 { // blank, or a shell comment
			return Entry{}, fmt.Errorf("%s: command %q has no words", r.File, r.Command)
		}
	}
	return Entry{Directory: filepath.Clean(dir), File: filepath.Clean(file), Args: args}, nil
}

// Load reads and parses the database at path (a file, or a directory
// holding compile_commands.json, as clang-tidy's -p takes).
func Load(path string) (*DB, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, FileName)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	db, err := Parse(data, filepath.Dir(abs))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	db.Path = abs
	return db, nil
}

// Find looks for a compilation database in dir and its parents, as clangd
// does: dir/compile_commands.json, then dir/build/compile_commands.json.
// It returns "" when there is none up to the file system's root.
func Find(dir string) string {
	for {
		for _, p := range []string{filepath.Join(dir, FileName), filepath.Join(dir, "build", FileName)} {
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Lookup returns the first entry compiling file (absolute), or nil.
func (db *DB) Lookup(file string) *Entry {
	if i, ok := db.byFile[filepath.Clean(file)]; ok {
		return &db.Entries[i]
	}
	return nil
}

// Files returns the compiled files, sorted, each once.
func (db *DB) Files() []string {
	out := make([]string, 0, len(db.byFile))
	for f := range db.byFile {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}
