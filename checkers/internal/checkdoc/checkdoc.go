// Package checkdoc extracts a checker's documentation from its doc.go, so
// that it lives once: the text after the "# Analyzer NAME" heading of the
// package comment becomes Analyzer.Doc ("name: summary", then details).
package checkdoc

import "strings"

// Doc returns the documentation of analyzer name from the source of its
// doc.go. It panics if the heading is missing (a programming error caught
// by every test).
func Doc(src, name string) string {
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, "package ") {
			break
		}
		if t, ok := strings.CutPrefix(l, "// "); ok {
			lines = append(lines, t)
		} else if t, ok := strings.CutPrefix(l, "//"); ok {
			lines = append(lines, t)
		}
	}
	_, after, ok := strings.Cut(strings.Join(lines, "\n"), "# Analyzer "+name+"\n")
	if !ok {
		panic("checkdoc: doc.go has no # Analyzer " + name + " section")
	}
	return strings.TrimSpace(after)
}
