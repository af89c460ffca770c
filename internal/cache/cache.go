// Package cache is cudavet's on-disk result cache: entries are files named
// by a key (a hash of what the result depends on) in one directory, written
// atomically so that concurrent runs never read half an entry. A Hasher
// hashes file contents, each file once per run.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// A Cache is a directory of entries.
type Cache struct {
	dir string
}

// DefaultDir is the cache's directory under the user's cache directory
// (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux).
func DefaultDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "cudavet"), nil
}

// Open returns the cache in dir, creating the directory.
func Open(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	return &Cache{dir: dir}, nil
}

// Dir is the cache's directory.
func (c *Cache) Dir() string { return c.dir }

func (c *Cache) path(key string) string {
	return filepath.Join(c.dir, key[:2], key+".json")
}

// Get returns the entry of key; ok is false when there is none (or it
// cannot be read: a cache miss, never an error).
func (c *Cache) Get(key string) (data []byte, ok bool) {
	data, err := os.ReadFile(c.path(key))
	return data, err == nil
}

// Put stores the entry of key, replacing any: it is written to a temporary
// file renamed into place.
func (c *Cache) Put(key string, data []byte) error {
	p := c.path(key)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), "tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), p)
}

// Key hashes its parts (each one delimited) into an entry key.
func Key(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\x00", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// A Hasher hashes files by content, each name once. It is safe for
// concurrent use.
type Hasher struct {
	mu   sync.Mutex
	memo map[string]string
}

// File returns the hex SHA-256 of the file's content, or "" when it cannot
// be read (a missing file: a dependency that changed).
func (h *Hasher) File(name string) string {
	h.mu.Lock()
	if v, ok := h.memo[name]; ok {
		h.mu.Unlock()
		return v
	}
	h.mu.Unlock()
	v := hashFile(name)
	h.mu.Lock()
	if h.memo == nil {
		h.memo = map[string]string{}
	}
	h.memo[name] = v
	h.mu.Unlock()
	return v
}

func hashFile(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Executable returns the hash of the running program's file: cudavet's
// own build is part of every key.
var Executable = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	if v := hashFile(exe); v != "" {
		return v
	}
	return "unknown"
})

// Clean removes every entry (the directory stays).
func (c *Cache) Clean() error {
	return filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == c.dir {
			return err
		}
		if d.IsDir() {
			if err := os.RemoveAll(p); err != nil {
				return err
			}
			return filepath.SkipDir
		}
		return os.Remove(p)
	})
}
