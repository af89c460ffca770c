package main

import (
	"runtime/debug"
	"strings"
	"sync"
)

// version is cudavet's version (starting with a number) as the Go build recorded it: the module
// version, and the VCS revision when built from a checkout ("+dirty" when
// it had uncommitted changes).
var version = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "0.0.0-devel"
	}
	// SARIF consumers compare versions that start with a number.
	v := strings.TrimPrefix(info.Main.Version, "v")
	if v == "" || v == "(devel)" {
		v = "0.0.0-devel"
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		v += "+" + rev[:min(12, len(rev))] + dirty
	}
	return v
})
