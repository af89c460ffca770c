package frontend

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A header that no source of the run includes is parsed in the context of
// a sibling: a source of the run that uses the header's namespace lends
// its preprocessor lines (its includes and the conditions around them), so
// the header sees the declarations its includers give it. With no such
// sibling the header is parsed on its own, and a failure says so.

var (
	namespaceDecl = regexp.MustCompile(`(?m)^[ \t]*namespace[ \t]+([A-Za-z_][A-Za-z0-9_]*)`)
	directive     = regexp.MustCompile(`^[ \t]*#[ \t]*(include|if|ifdef|ifndef|elif|else|endif|define|undef)\b`)
)

// contextSuffix names the virtual unit that parses a header in context;
// it lies in the sibling's directory, so that the sibling's quoted
// includes resolve as in the sibling.
const contextSuffix = ".cudavet-context.cu"

// headerContext is the virtual unit of a lone header: its name and text.
type headerContext struct {
	main string
	text string
}

// contextFor returns the unit that parses header with a sibling's
// includes, or false when no source of the run uses its namespace.
func (ld *loader) contextFor(header string, sources []string) (headerContext, bool) {
	src, ok := ld.content(header)
	if !ok {
		return headerContext{}, false
	}
	var names []string
	for _, m := range namespaceDecl.FindAllStringSubmatch(string(src), -1) {
		if n := m[1]; n != "std" && n != "detail" && !contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return headerContext{}, false
	}
	for _, s := range byCloseness(header, sources) {
		text, ok := ld.content(s)
		if !ok || !usesNamespace(string(text), names) {
			continue
		}
		var b strings.Builder
		lines := strings.Split(string(text), "\n")
		for i := 0; i < len(lines); i++ {
			m := directive.FindStringSubmatch(lines[i])
			if m == nil || (m[1] == "include" && strings.Contains(lines[i], filepath.Base(header))) {
				continue
			}
			// A directive continues over lines ending in a backslash.
			for ; i < len(lines); i++ {
				b.WriteString(lines[i])
				b.WriteByte('\n')
				if !strings.HasSuffix(strings.TrimRight(lines[i], " \t\r"), "\\") {
					break
				}
			}
		}
		b.WriteString("#include " + strconv.Quote(header) + "\n")
		return headerContext{main: s + contextSuffix, text: b.String()}, true
	}
	return headerContext{}, false
}

// content returns a file's text: the overlay's, or the disk's.
func (ld *loader) content(name string) ([]byte, bool) {
	if c, ok := ld.cfg.Overlay[name]; ok {
		return c, true
	}
	c, err := os.ReadFile(name)
	return c, err == nil
}

func usesNamespace(text string, names []string) bool {
	for _, n := range names {
		if strings.Contains(text, n+"::") || strings.Contains(text, "namespace "+n) {
			return true
		}
	}
	return false
}

// byCloseness orders the sources by how near they are to the header: the
// same directory first, then by the length of the common directory.
func byCloseness(header string, sources []string) []string {
	dir := filepath.Dir(header)
	common := func(s string) int {
		a, b := strings.Split(dir, string(filepath.Separator)), strings.Split(filepath.Dir(s), string(filepath.Separator))
		n := 0
		for n < len(a) && n < len(b) && a[n] == b[n] {
			n++
		}
		return n
	}
	out := append([]string(nil), sources...)
	sort.SliceStable(out, func(i, j int) bool { return common(out[i]) > common(out[j]) })
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
