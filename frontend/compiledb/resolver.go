package compiledb

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
)

// A Resolver gives each file the clang flags of its compilation: from the
// database given (clang-tidy's -p) or else from the first one found in the
// file's directory or above. It is safe for concurrent use; every
// database is read once.
type Resolver struct {
	// DB is the database given on the command line; nil: look upwards from
	// each file.
	DB *DB
	// KeepArch makes Args define __CUDA_ARCH__ as the entry's highest
	// architecture (off when the user chose one with -arch).
	KeepArch bool

	mu      sync.Mutex
	found   map[string]*DB    // by directory searched; nil value: none there
	byPath  map[string]*DB    // loaded databases by path
	flags   map[*Entry]Flags  // translated entries
	errs    map[string]string // a database or response file that failed, once each
	unknown map[string]bool   // flags Translate did not know
	given   map[string]bool   // files given flags; true: borrowed from an includer
}

// Args returns the flags file is parsed with, or nil when no database
// covers it.
func (r *Resolver) Args(file string) []string {
	db := r.DB
	if db == nil {
		db = r.find(filepath.Dir(file))
	}
	if db == nil {
		return nil
	}
	e, borrowed := db.EntryFor(file)
	if e == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f, ok := r.flags[e]
	if !ok {
		var err error
		f, err = Translate(e.Args, e.Directory, nil)
		if err != nil {
			r.fail(e.File, err.Error())
		}
		if r.flags == nil {
			r.flags, r.unknown = map[*Entry]Flags{}, map[string]bool{}
		}
		r.flags[e] = f
		for _, u := range f.Unknown {
			r.unknown[u] = true
		}
	}
	if r.given == nil {
		r.given = map[string]bool{}
	}
	r.given[file] = borrowed
	args := append([]string(nil), f.Args...)
	if r.KeepArch && f.Arch >= 300 && f.Arch <= 1300 {
		args = append(args, "-U__CUDA_ARCH__", "-D__CUDA_ARCH__="+strconv.Itoa(f.Arch))
	}
	return args
}

// find returns the database found from dir upwards, loading it once.
func (r *Resolver) find(dir string) *DB {
	r.mu.Lock()
	defer r.mu.Unlock()
	if db, ok := r.found[dir]; ok {
		return db
	}
	if r.found == nil {
		r.found, r.byPath = map[string]*DB{}, map[string]*DB{}
	}
	var db *DB
	if path := Find(dir); path != "" {
		var ok bool
		if db, ok = r.byPath[path]; !ok {
			var err error
			if db, err = Load(path); err != nil {
				r.fail(path, err.Error())
			}
			r.byPath[path] = db
		}
	}
	r.found[dir] = db
	return db
}

// fail records a problem once per file; r.mu is held.
func (r *Resolver) fail(file, msg string) {
	if r.errs == nil {
		r.errs = map[string]string{}
	}
	if _, ok := r.errs[file]; !ok {
		r.errs[file] = msg
	}
}

// Errors returns the databases and response files that could not be read,
// one message each, sorted.
func (r *Resolver) Errors() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, msg := range r.errs {
		out = append(out, msg)
	}
	sort.Strings(out)
	return out
}

// Stats says how many files were given a database's flags, how many of
// them borrowed an includer's, and which flags were not understood.
type Stats struct {
	Files, Borrowed int
	Databases       []string
	Unknown         []string
}

// Stats returns the counts so far.
func (r *Resolver) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := Stats{Files: len(r.given)}
	for _, b := range r.given {
		if b {
			s.Borrowed++
		}
	}
	if r.DB != nil {
		s.Databases = append(s.Databases, r.DB.Path)
	}
	for p, db := range r.byPath {
		if db != nil {
			s.Databases = append(s.Databases, p)
		}
	}
	for u := range r.unknown {
		s.Unknown = append(s.Unknown, u)
	}
	sort.Strings(s.Databases)
	sort.Strings(s.Unknown)
	return s
}

// String summarises the statistics on one line.
func (s Stats) String() string {
	return fmt.Sprintf("%d files with compile_commands.json flags (%d borrowed from an including file), %d unknown flags dropped",
		s.Files, s.Borrowed, len(s.Unknown))
}
