package compiledb

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// sourceExts are the extensions a header's own source may have (foo.cuh
// and foo.cu).
var sourceExts = []string{".cu", ".cpp", ".cc", ".cxx", ".c"}

// EntryFor returns the entry whose flags file is parsed with, and whether
// they are borrowed: file's own entry; else, for a file the database does
// not compile (a header), the entry of the source of the same name in its
// directory, else of a compiled file that includes it, else of the compiled
// file nearest to it in the directory tree. Nil only for an empty database.
func (db *DB) EntryFor(file string) (e *Entry, borrowed bool) {
	file = filepath.Clean(file)
	if e := db.Lookup(file); e != nil {
		return e, false
	}
	stem := strings.TrimSuffix(file, filepath.Ext(file))
	for _, ext := range sourceExts {
		if e := db.Lookup(stem + ext); e != nil {
			return e, true
		}
	}
	if e := db.includer(file); e != nil {
		return e, true
	}
	return db.nearest(file), true
}

// includeRE matches an #include line and captures the spelled name.
var includeRE = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]`)

// includes maps the base name of every included file to the entries whose
// file includes it, in database order. Built on first use from the
// compiled files' text; immutable after.
type includes struct {
	once   sync.Once
	byBase map[string][]includeSite
}

type includeSite struct {
	entry   int
	spelled string // the name as written in the #include
}

func (db *DB) includeIndex() map[string][]includeSite {
	db.incl.once.Do(func() {
		m := map[string][]includeSite{}
		for i, e := range db.Entries {
			data, err := os.ReadFile(e.File)
			if err != nil {
				continue
			}
			for _, sub := range includeRE.FindAllSubmatch(data, -1) {
				spelled := string(sub[1])
				base := filepath.Base(spelled)
				m[base] = append(m[base], includeSite{entry: i, spelled: spelled})
			}
		}
		db.incl.byBase = m
	})
	return db.incl.byBase
}

// includer returns the first entry whose file includes header under a
// name that header's path ends with.
func (db *DB) includer(header string) *Entry {
	slashed := filepath.ToSlash(header)
	for _, site := range db.includeIndex()[filepath.Base(header)] {
		spelled := strings.TrimPrefix(filepath.ToSlash(filepath.Clean(site.spelled)), "./")
		if slashed == spelled || strings.HasSuffix(slashed, "/"+spelled) {
			return &db.Entries[site.entry]
		}
		// "../x.cuh" and the like: resolve against the includer.
		if strings.Contains(spelled, "..") && filepath.Join(filepath.Dir(db.Entries[site.entry].File), site.spelled) == header {
			return &db.Entries[site.entry]
		}
	}
	return nil
}

// nearest returns the entry whose file shares the longest directory prefix
// with file (the first such in database order).
func (db *DB) nearest(file string) *Entry {
	best, bestLen := -1, -1
	dir := filepath.Dir(file)
	for i, e := range db.Entries {
		if n := commonDirs(dir, filepath.Dir(e.File)); n > bestLen {
			best, bestLen = i, n
		}
	}
	if best < 0 {
		return nil
	}
	return &db.Entries[best]
}

// commonDirs counts the leading path elements a and b share.
func commonDirs(a, b string) int {
	as := strings.Split(filepath.ToSlash(a), "/")
	bs := strings.Split(filepath.ToSlash(b), "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

// Includes returns the names a file's #include lines spell, in order (nil
// when it cannot be read).
func Includes(file string) []string {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var out []string
	for _, sub := range includeRE.FindAllSubmatch(data, -1) {
		out = append(out, string(sub[1]))
	}
	return out
}
