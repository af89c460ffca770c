package cache

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCache(t *testing.T) {
	c, err := Open(filepath.Join(t.TempDir(), "c"))
	if err != nil {
		t.Fatal(err)
	}
	k := Key("a", "b")
	if k == Key("ab") || k == Key("a", "b", "") {
		t.Error("keys of different parts collide")
	}
	if _, ok := c.Get(k); ok {
		t.Error("hit in an empty cache")
	}
	if err := c.Put(k, []byte("v1")); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(k, []byte("v2")); err != nil {
		t.Fatal(err)
	}
	if v, ok := c.Get(k); !ok || string(v) != "v2" {
		t.Errorf("Get: %q %v", v, ok)
	}
	if err := c.Clean(); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(k); ok {
		t.Error("hit after Clean")
	}
	f := filepath.Join(t.TempDir(), "x.cu")
	os.WriteFile(f, []byte("x"), 0o644)
	var h Hasher
	if v := h.File(f); len(v) != 64 || h.File(f) != v {
		t.Errorf("File: %q", v)
	}
	if h.File(f+".missing") != "" {
		t.Error("missing file hashed")
	}
	if Executable() == "" {
		t.Error("no executable hash")
	}
}
