package checkertest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// expectation is one regexp of a want comment: a diagnostic on line of file
// whose message matches re.
type expectation struct {
	file string
	line int
	re   *regexp.Regexp
	used bool
}

// comment is one C comment: its text without the markers and the line
// it starts on.
type comment struct {
	text string
	line int
}

// comments returns the comments of C/C++ source, skipping string and
// character literals. A // comment ends at the end of its line (a
// backslash-continued // comment ends at its first line: use /* want */
// inside macros).
func comments(src string) []comment {
	var out []comment
	line := 1
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			line++
		case c == '"' || c == '\'':
			i = skipLiteral(src, i, &line)
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			out = append(out, comment{src[i+2 : i+end], line})
			i += end - 1
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			body := src[i+2 : i+2+end]
			out = append(out, comment{body, line})
			line += strings.Count(body, "\n")
			i += 2 + end + 1
		}
	}
	return out
}

// skipLiteral returns the index of the quote closing the literal opened at
// src[i] (or of the end of its line when it is not closed).
func skipLiteral(src string, i int, line *int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			if j+1 < len(src) && src[j+1] == '\n' {
				*line++
			}
			j++
		case q:
			return j
		case '\n':
			*line++
			return j
		}
	}
	return len(src)
}

// parseWants returns the expectations of the want comments of file:
//
//	// want "re1" `re2`     diagnostics on this line
//	// want +1 "re"         on the next line (+N: N lines below)
//	/* want "re" */         the same, inside a macro
func parseWants(file, src string) ([]*expectation, []error) {
	var exps []*expectation
	var errs []error
	for _, c := range comments(src) {
		text := strings.TrimSpace(c.text)
		rest, ok := strings.CutPrefix(text, "want")
		if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
			continue
		}
		es, err := parseWant(file, c.line, rest)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %w", file, c.line, err))
			continue
		}
		exps = append(exps, es...)
	}
	return exps, errs
}

// parseWant parses the part of a want comment after "want".
func parseWant(file string, line int, s string) ([]*expectation, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "+") {
		n, rest, _ := strings.Cut(s[1:], " ")
		off, err := strconv.Atoi(n)
		if err != nil || off <= 0 {
			return nil, fmt.Errorf("bad line offset %q in want comment", "+"+n)
		}
		line += off
		s = strings.TrimSpace(rest)
	}
	var exps []*expectation
	for s != "" {
		lit, err := strconv.QuotedPrefix(s)
		if err != nil || lit[0] == '\'' {
			return nil, fmt.Errorf("want comment: expected a quoted regexp at %q", s)
		}
		pat, _ := strconv.Unquote(lit)
		re, err := regexp.Compile(pat)
		if err != nil {
			return nil, fmt.Errorf("want comment: %w", err)
		}
		exps = append(exps, &expectation{file: file, line: line, re: re})
		s = strings.TrimSpace(s[len(lit):])
	}
	if len(exps) == 0 {
		return nil, fmt.Errorf("want comment without a regexp")
	}
	return exps, nil
}
