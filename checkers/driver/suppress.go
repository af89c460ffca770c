package driver

import (
	"bytes"
	"fmt"
	"go/token"
	"path/filepath"
	"strings"
)

// An ignore is one well-formed `// cudavet:ignore[checks] reason` directive.
// It suppresses the named checkers' findings on its own line, or on the
// next line when the comment is alone on its line. The file-level form,
// `// cudavet:ignore-file[checks] reason`, suppresses them in its whole
// file.
type ignore struct {
	wholeFile bool // ignore-file: every line of its file
	pos       token.Pos
	posn      token.Position
	text      string   // the directive as written, for messages
	checks    []string // checker names, in the order written
	line      int      // line whose findings it suppresses
	// bothLines is set when the file could not be read to tell whether the
	// comment is alone on its line: it then covers line and line+1.
	bothLines bool
	used      bool
}

func (ig *ignore) matches(d *Diagnostic) bool {
	p := d.Position
	if p.Filename != ig.posn.Filename {
		return false
	}
	if !ig.wholeFile && p.Line != ig.line && !(ig.bothLines && p.Line == ig.line+1) {
		return false
	}
	for _, c := range ig.checks {
		if c == d.Checker {
			return true
		}
	}
	return false
}

// suppress removes the root analyzers' findings that an ignore directive
// covers and appends the directives' own problems: malformed, missing a
// reason (such an ignore suppresses nothing), or suppressing nothing
// although every checker it names ran without internal error.
func (r *runner) suppress(diags []Diagnostic, stats *Stats) []Diagnostic {
	ignores, problems := r.parseIgnores()
	byLine, byFile := indexIgnores(ignores)
	kept := diags[:0]
	for _, d := range diags {
		lineHit := r.suppressible(&d) && suppressedBy(byLine[fileLine{d.Position.Filename, d.Position.Line}], &d)
		// A line's ignore takes the finding before its file's, so that an
		// ignore-file does not make a line's ignore look unused.
		if lineHit || r.suppressible(&d) && suppressedBy(byFile[d.Position.Filename], &d) {
			stats.Suppressed++
			if c := stats.Checker(d.Checker); c != nil {
				c.Suppressed++
			}
			continue
		}
		kept = append(kept, d)
	}
	unsure := r.parseUnsure()
	for _, ig := range ignores {
		if !ig.used && !r.cfg.SkipUnusedIgnores && r.allRanCleanly(ig.checks, stats) && !unsure(ig.posn.Filename) {
			msg := fmt.Sprintf("this cudavet:%s directive suppresses nothing", ig.text)
			problems = append(problems, r.ignoreDiagnostic(ig.pos, msg))
		}
	}
	return append(kept, problems...)
}

// fileLine is a line of a file.
type fileLine struct {
	file string
	line int
}

// indexIgnores maps each line to the ignores that may cover it, and each
// file to its ignore-file directives.
func indexIgnores(ignores []*ignore) (map[fileLine][]*ignore, map[string][]*ignore) {
	m := map[fileLine][]*ignore{}
	files := map[string][]*ignore{}
	for _, ig := range ignores {
		if ig.wholeFile {
			files[ig.posn.Filename] = append(files[ig.posn.Filename], ig)
			continue
		}
		k := fileLine{ig.posn.Filename, ig.line}
		m[k] = append(m[k], ig)
		if ig.bothLines {
			k.line++
			m[k] = append(m[k], ig)
		}
	}
	return m, files
}

// suppressible reports whether d is a finding of a requested analyzer (not
// an internal error, a front-end diagnostic or a directive problem).
func (r *runner) suppressible(d *Diagnostic) bool {
	if Incomplete(d.Category) {
		return false
	}
	for a := range r.roots {
		if a.Name == d.Checker {
			return true
		}
	}
	return false
}

// parseUnsure returns a predicate telling the files in which an unused
// ignore may only look unused because the file did not parse: those with a
// parse diagnostic and, when there is one, the headers (a header's
// diagnostics are reported against the file that includes it).
func (r *runner) parseUnsure() func(file string) bool {
	broken := map[string]bool{}
	for _, d := range r.prog.Diagnostics {
		if d.Category == "parse" {
			broken[position(r.prog.Fset, d.Pos).Filename] = true
		}
	}
	return func(file string) bool {
		if len(broken) == 0 {
			return false
		}
		ext := filepath.Ext(file)
		return broken[file] || (ext != ".cu" && ext != ".cpp" && ext != ".cc")
	}
}

// suppressedBy marks every ignore matching d as used and reports whether
// there was one.
func suppressedBy(ignores []*ignore, d *Diagnostic) bool {
	hit := false
	for _, ig := range ignores {
		if ig.matches(d) {
			ig.used, hit = true, true
		}
	}
	return hit
}

// allRanCleanly reports whether every named checker was requested and had
// no internal error: only then can an unused ignore be told apart from one
// whose finding was not computed.
func (r *runner) allRanCleanly(names []string, stats *Stats) bool {
	for _, n := range names {
		c := stats.Checker(n)
		if c == nil || !c.Root || c.InternalErrors > 0 || c.Stopped > 0 {
			return false
		}
	}
	return true
}

// parseIgnores reads the ignore directives of every file, once per
// position (a header may be listed under more than one token.File).
func (r *runner) parseIgnores() ([]*ignore, []Diagnostic) {
	var ignores []*ignore
	var problems []Diagnostic
	seen := map[string]bool{}
	src := map[string][]byte{}
	for _, f := range r.prog.Files {
		for _, dir := range f.Directives {
			text, ok := ignoreText(dir.Text)
			if !ok {
				continue // another directive: the annotation parser's business
			}
			posn := position(r.prog.Fset, dir.Pos)
			key := fmt.Sprintf("%s:%d", posn.Filename, posn.Offset)
			if seen[key] {
				continue
			}
			seen[key] = true
			checks, reason, whole, err := parseIgnore(text)
			switch {
			case err != nil:
				problems = append(problems, r.ignoreDiagnostic(dir.Pos, err.Error()))
			case reason == "":
				msg := fmt.Sprintf("cudavet:%s directive needs a reason after the checker list; it suppresses nothing", ignoreHead(text))
				problems = append(problems, r.ignoreDiagnostic(dir.Pos, msg))
			default:
				ig := &ignore{pos: dir.Pos, posn: posn, text: ignoreHead(text), checks: checks, line: posn.Line, wholeFile: whole}
				if !whole {
					r.placeIgnore(ig, src)
				}
				ignores = append(ignores, ig)
			}
		}
	}
	return ignores, problems
}

// placeIgnore sets the line ig covers: the next one when nothing but
// blanks and the comment opener precede the directive on its line (the
// directive's position may be that of the comment or of "cudavet:").
func (r *runner) placeIgnore(ig *ignore, src map[string][]byte) {
	data, ok := src[ig.posn.Filename]
	if !ok {
		var err error
		data, err = r.readFile(ig.posn.Filename)
		if err != nil {
			data = nil
		}
		src[ig.posn.Filename] = data
	}
	if data == nil || ig.posn.Offset > len(data) {
		ig.bothLines = true
		return
	}
	start := bytes.LastIndexByte(data[:ig.posn.Offset], '\n') + 1
	before := bytes.TrimSpace(data[start:ig.posn.Offset])
	for _, opener := range []string{"//", "/*"} {
		before = bytes.TrimSuffix(before, []byte(opener))
	}
	if len(bytes.TrimSpace(before)) == 0 {
		ig.line++
	}
}

// ignoreText reports whether a directive's text is an ignore directive
// ("ignore" or "ignore-file", alone or followed by "[" or a blank) and
// returns it trimmed, without the closing "*/" of a block comment.
func ignoreText(text string) (string, bool) {
	t := strings.TrimSpace(text)
	t = strings.TrimSpace(strings.TrimSuffix(t, "*/"))
	rest, ok := strings.CutPrefix(t, "ignore")
	if r, file := strings.CutPrefix(rest, "-file"); file {
		rest = r
	}
	if !ok || (rest != "" && rest[0] != '[' && rest[0] != ' ' && rest[0] != '\t') {
		return "", false
	}
	return t, true
}

// parseIgnore splits "ignore[a,b] reason" or "ignore-file[a,b] reason"
// into its checker names and reason, and tells which form it is.
func parseIgnore(text string) (checks []string, reason string, wholeFile bool, err error) {
	rest := strings.TrimPrefix(text, "ignore")
	rest, wholeFile = strings.CutPrefix(rest, "-file")
	form := "ignore"
	if wholeFile {
		form = "ignore-file"
	}
	bad := fmt.Errorf("malformed cudavet:%s directive %q: want // cudavet:%s[checker,...] reason", form, text, form)
	if !strings.HasPrefix(rest, "[") {
		return nil, "", wholeFile, bad
	}
	list, reason, ok := strings.Cut(rest[1:], "]")
	if !ok {
		return nil, "", wholeFile, bad
	}
	for c := range strings.SplitSeq(list, ",") {
		c = strings.TrimSpace(c)
		if c == "" {
			return nil, "", wholeFile, bad
		}
		checks = append(checks, c)
	}
	return checks, strings.TrimSpace(reason), wholeFile, nil
}

// ignoreHead returns "ignore[...]" or "ignore-file[...]" of a well-formed
// directive.
func ignoreHead(text string) string {
	i := strings.IndexByte(text, ']')
	return text[:i+1]
}

func (r *runner) ignoreDiagnostic(pos token.Pos, msg string) Diagnostic {
	return Diagnostic{Checker: Ignore, Category: Ignore, Pos: pos, Position: position(r.prog.Fset, pos), Message: msg}
}
