package layering

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fileLine is a line of a doc.go's file list: "//\tname.go  what it holds".
var fileLine = regexp.MustCompile(`^//\t([A-Za-z0-9_]+\.go)\b`)

// TestDocFileLists checks that a package whose doc.go lists its files
// (the map a newcomer reads first) lists each of them, and no file it no
// longer has: the lists of symex, sym and solver had drifted unnoticed
// (issue 41). doc.go itself need not be listed; test files are not.
func TestDocFileLists(t *testing.T) {
	checked := 0
	for _, p := range listPackages(t) {
		src, err := os.ReadFile(filepath.Join(p.Dir, "doc.go"))
		if err != nil {
			continue
		}
		var listed []string
		for _, l := range strings.Split(string(src), "\n") {
			if m := fileLine.FindStringSubmatch(l); m != nil {
				listed = append(listed, m[1])
			}
		}
		if len(listed) == 0 {
			continue // no file list
		}
		checked++
		var files []string
		for _, f := range slices.Concat(p.GoFiles, p.CgoFiles, p.IgnoredGoFiles) {
			if !strings.HasSuffix(f, "_test.go") && f != "doc.go" {
				files = append(files, f)
			}
		}
		for _, f := range files {
			if !slices.Contains(listed, f) {
				t.Errorf("%s: doc.go does not list %s", p.ImportPath, f)
			}
		}
		for _, f := range listed {
			if f != "doc.go" && !slices.Contains(files, f) {
				t.Errorf("%s: doc.go lists %s, which the package does not have", p.ImportPath, f)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no doc.go with a file list found")
	}
}
