package frontend

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/cudavet/cudavet/frontend/shim"
)

// leadSource is the virtual header a lead preamble is built from: the
// preamble, then the lead header (leadText).
const leadSource = shim.Dir + "/__cudavet/lead.h"

func leadText(lead string) string {
	return "#include <__cudavet/preamble.h>\n#include <" + lead + ">\n"
}

// leadFamilies are the shim's header directories worth a preamble of
// their own when a file includes one first: the torch stand-ins, a third
// of a small kernel file's parse (35 of 50 ms) when parsed per file.
var leadFamilies = []string{"torch/", "ATen/", "c10/"}

// shimHeaders is the set of the shim's header names relative to shim.Dir.
var shimHeaders = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, f := range shim.Files() {
		m[strings.TrimPrefix(f.Path, shim.Dir+"/")] = true
	}
	return m
})

// leadInclude returns the header that src includes before anything else
// — before any declaration, macro or conditional, with only comments,
// blank lines and #pragma once ahead of it — when that header is one of
// the shim's torch headers (leadFamilies), included with <>; else "".
// Precompiling such a header after the preamble changes nothing: the
// file would have included it at that point anyway.
func leadInclude(src []byte) string {
	s := bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	for {
		s = bytes.TrimLeft(s, " \t\r\n\f\v")
		switch {
		case bytes.HasPrefix(s, []byte("//")):
			s = skipLineComment(s)
		case bytes.HasPrefix(s, []byte("/*")):
			end := bytes.Index(s[2:], []byte("*/"))
			if end < 0 {
				return ""
			}
			s = s[end+4:]
		case bytes.HasPrefix(s, []byte("#")):
			line, rest := ppDirective(s[1:])
			if line == "pragma once" {
				s = rest
				continue
			}
			name, ok := strings.CutPrefix(line, "include <")
			if !ok {
				return ""
			}
			name, tail, ok := strings.Cut(name, ">")
			tail = strings.TrimSpace(tail)
			if !ok || (tail != "" && !strings.HasPrefix(tail, "//")) || !shimHeaders()[name] ||
				!slices.ContainsFunc(leadFamilies, func(f string) bool { return strings.HasPrefix(name, f) }) {
				return ""
			}
			return name
		default:
			return ""
		}
	}
}

// skipLineComment returns s past the // comment it starts with (and the
// lines a trailing backslash joins to it).
func skipLineComment(s []byte) []byte {
	for {
		nl := bytes.IndexByte(s, '\n')
		if nl < 0 {
			return nil
		}
		line := bytes.TrimRight(s[:nl], "\r")
		s = s[nl+1:]
		if !bytes.HasSuffix(line, []byte("\\")) {
			return s
		}
	}
}

// ppDirective returns the preprocessing directive that s (just past its #)
// starts, with its words separated by one space, and the text after its
// line; a directive continued by a backslash or holding a comment is
// returned as "", which matches nothing.
func ppDirective(s []byte) (string, []byte) {
	nl := bytes.IndexByte(s, '\n')
	line, rest := s, []byte(nil)
	if nl >= 0 {
		line, rest = s[:nl], s[nl+1:]
	}
	line = bytes.TrimRight(line, "\r \t")
	if bytes.HasSuffix(line, []byte("\\")) || bytes.Contains(line, []byte("/*")) {
		return "", rest
	}
	words := strings.Fields(string(line))
	if len(words) > 1 && words[0] == "include" && !strings.HasPrefix(words[1], "<") {
		return "", rest
	}
	out := strings.Join(words, " ")
	// "#include<x>" and "# include <x>" are one directive.
	if strings.HasPrefix(out, "include<") {
		out = "include <" + out[len("include<"):]
	}
	return out, rest
}

// forcesIncludes reports whether a compiler argument includes a file
// before the main file's first line (-include, -imacros, -include-pch).
func forcesIncludes(arg string) bool {
	return strings.HasPrefix(arg, "-include") || strings.HasPrefix(arg, "-imacros")
}

// shadowedLead reports whether one of the user's include directories in
// args holds a file named lead, which the unit includes instead of the
// shim's: a project's own header is not precompiled (the preamble would
// not see it change).
func shadowedLead(args []string, lead string) bool {
	if lead == "" {
		return false
	}
	_, dirs := splitIncludeDirs(args)
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d.dir, lead)); err == nil {
			return true
		}
	}
	return false
}
