package lsp

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	protocol "github.com/sourcegraph/go-lsp"
)

// A Mapper converts positions in one version of a file between clang's
// form (1-based line, 1-based byte column) and the protocol's (0-based
// line, 0-based column in UTF-16 code units). It is the only place that
// does: every other file goes through it.
//
// Lines end at '\n' (a '\r' before it belongs to the line ending). Columns
// past the end of a line are clamped to it and lines past the end of the
// file to its end, as the protocol asks of servers. Invalid UTF-8 bytes
// count as one code unit each.
type Mapper struct {
	content []byte
	starts  []int // byte offset at which each line starts; starts[0] == 0
}

// NewMapper returns the mapper of content, which it keeps (the caller must
// not modify it afterwards).
func NewMapper(content []byte) *Mapper {
	starts := []int{0}
	for i, b := range content {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &Mapper{content: content, starts: starts}
}

// Content returns the text the mapper was made for.
func (m *Mapper) Content() []byte { return m.content }

// Lines returns the number of lines (a final line without '\n' counts, an
// empty file has one line).
func (m *Mapper) Lines() int { return len(m.starts) }

// line returns the bytes of 0-based line i without its line ending.
func (m *Mapper) line(i int) []byte {
	start, end := m.starts[i], len(m.content)
	if i+1 < len(m.starts) {
		end = m.starts[i+1] - 1 // the '\n'
	}
	l := m.content[start:end]
	return bytes.TrimSuffix(l, []byte("\r"))
}

// Position converts a clang position (1-based line, 1-based byte column)
// to a protocol position. Line 0 or column 0 (unknown) map to the start of
// the line or file.
func (m *Mapper) Position(line, col int) protocol.Position {
	if line < 1 {
		return protocol.Position{}
	}
	if line > len(m.starts) {
		last := len(m.starts) - 1
		return protocol.Position{Line: last, Character: utf16Len(m.line(last))}
	}
	l := m.line(line - 1)
	n := max(col-1, 0)
	if n > len(l) {
		n = len(l)
	}
	return protocol.Position{Line: line - 1, Character: utf16Len(l[:n])}
}

// Offset converts a protocol position to a byte offset in the content. A
// negative line or character is an error; positions past the end of a
// line or of the file are clamped.
func (m *Mapper) Offset(p protocol.Position) (int, error) {
	if p.Line < 0 || p.Character < 0 {
		return 0, fmt.Errorf("invalid position %d:%d", p.Line, p.Character)
	}
	if p.Line >= len(m.starts) {
		return len(m.content), nil
	}
	l := m.line(p.Line)
	return m.starts[p.Line] + utf16Prefix(l, p.Character), nil
}

// Clang converts a protocol position to clang's 1-based line and byte
// column.
func (m *Mapper) Clang(p protocol.Position) (line, col int, err error) {
	off, err := m.Offset(p)
	if err != nil {
		return 0, 0, err
	}
	line = lineOf(m.starts, off)
	return line + 1, off - m.starts[line] + 1, nil
}

// LineEnd returns the protocol position of the end of 0-based line i
// (before its line ending), clamped to the file.
func (m *Mapper) LineEnd(i int) protocol.Position {
	i = min(max(i, 0), len(m.starts)-1)
	return protocol.Position{Line: i, Character: utf16Len(m.line(i))}
}

// Indent returns the leading blanks of 0-based line i ("" past the end).
func (m *Mapper) Indent(i int) string {
	if i < 0 || i >= len(m.starts) {
		return ""
	}
	l := m.line(i)
	n := len(l) - len(bytes.TrimLeft(l, " \t"))
	return string(l[:n])
}

// lineOf returns the 0-based line holding byte offset off.
func lineOf(starts []int, off int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// utf16Len returns the number of UTF-16 code units of b.
func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += runeUnits(r)
		b = b[size:]
	}
	return n
}

// utf16Prefix returns the number of bytes of b that its first units UTF-16
// code units span, clamped to len(b). A position inside a surrogate pair
// rounds down to the start of its rune.
func utf16Prefix(b []byte, units int) int {
	off := 0
	for off < len(b) {
		r, size := utf8.DecodeRune(b[off:])
		u := runeUnits(r)
		if units < u {
			break
		}
		units -= u
		off += size
	}
	return off
}

func runeUnits(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}
