package frontend

import (
	"strings"
	"sync"

	"github.com/cudavet/cudavet/frontend/clang"
)

// ParseCache keeps the translation units of files parsed before, so that
// parsing one again (an editor's buffer after an edit) reparses it with
// libclang's precompiled preamble: the includes at the top of the file
// (the torch and CUDA headers, most of the parse) are not parsed again.
// Only Load with Config.Cache set uses it. It is safe for concurrent use;
// Close releases the units.
type ParseCache struct {
	mu      sync.Mutex
	idx     clang.Index
	entries map[string]*cacheEntry
	closed  bool
}

type cacheEntry struct {
	mu   sync.Mutex // held while the unit is reparsed and lowered
	args string
	tu   clang.TranslationUnit
}

// NewParseCache returns an empty cache.
func NewParseCache() *ParseCache {
	return &ParseCache{idx: clang.NewIndex(0, 0), entries: map[string]*cacheEntry{}}
}

// Forget drops a file's unit (an editor closed its buffer).
func (c *ParseCache) Forget(name string) {
	c.mu.Lock()
	e := c.entries[name]
	delete(c.entries, name)
	c.mu.Unlock()
	if e != nil {
		e.mu.Lock()
		e.tu.Dispose()
		e.mu.Unlock()
	}
}

// Close releases every unit; later parses fail. Closing twice is harmless.
func (c *ParseCache) Close() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	entries := c.entries
	c.entries, c.closed = map[string]*cacheEntry{}, true
	c.mu.Unlock()
	for _, e := range entries {
		e.mu.Lock()
		e.tu.Dispose()
		e.mu.Unlock()
	}
	c.idx.Dispose()
}

// parse returns the file's unit, reparsed when the cache has it with the
// same flags, and a function that gives it back (the unit stays cached).
func (c *ParseCache) parse(name string, args []string, unsaved []clang.UnsavedFile) (clang.TranslationUnit, func(), error) {
	key := strings.Join(args, "\x00")
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return clang.TranslationUnit{}, nil, errClosed
	}
	e := c.entries[name]
	if e == nil {
		e = &cacheEntry{}
		c.entries[name] = e
	}
	c.mu.Unlock()
	e.mu.Lock()
	if !e.tu.IsNil() && e.args == key {
		if err := e.tu.ReparseTranslationUnit(unsaved, e.tu.DefaultReparseOptions()); err == nil {
			return e.tu, e.mu.Unlock, nil
		}
		// A failed reparse leaves the unit unusable: parse afresh.
	}
	if !e.tu.IsNil() {
		e.tu.Dispose()
		e.tu = clang.TranslationUnit{}
	}
	opts := clang.TranslationUnit_KeepGoing | clang.TranslationUnit_PrecompiledPreamble | clang.TranslationUnit_CreatePreambleOnFirstParse
	c.mu.Lock()
	tu, err := c.idx.Parse(name, args, unsaved, opts)
	c.mu.Unlock()
	if err != nil {
		e.mu.Unlock()
		return clang.TranslationUnit{}, nil, err
	}
	e.tu, e.args = tu, key
	return tu, e.mu.Unlock, nil
}

type closedError struct{}

func (closedError) Error() string { return "frontend: parse cache closed" }

var errClosed error = closedError{}
