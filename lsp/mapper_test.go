package lsp

import (
	"testing"

	protocol "github.com/sourcegraph/go-lsp"
)

// The text of the mapper tests: ASCII, a two-byte character (Σ: 1 UTF-16
// unit), a three-byte one (→: 1 unit), a four-byte one (😀: 2 units, a
// surrogate pair), a CRLF line ending, an invalid byte and a last line
// without a newline.
const mapperText = "int x;\n" + // line 1
	"/* Σ */ y;\n" + // line 2: "y" at byte col 10, UTF-16 col 8 (0-based)
	"a→b 😀 z;\r\n" + // line 3: "z" at byte col 12, UTF-16 col 7 (0-based)
	"\xff w\n" + // line 4: invalid byte, then "w" at byte col 3
	"last" // line 5

func TestMapperPosition(t *testing.T) {
	m := NewMapper([]byte(mapperText))
	for _, c := range []struct {
		line, col int
		want      protocol.Position
	}{
		{1, 1, pos(0, 0)},
		{1, 5, pos(0, 4)},
		{2, 10, pos(1, 8)},  // after Σ (2 bytes, 1 unit)
		{2, 4, pos(1, 3)},   // Σ itself
		{3, 12, pos(2, 7)},  // after → (3 bytes, 1 unit) and 😀 (4 bytes, 2 units)
		{3, 100, pos(2, 9)}, // past the end: clamped before "\r\n"
		{4, 3, pos(3, 2)},   // invalid byte: one unit
		{5, 5, pos(4, 4)},   // end of a last line without newline
		{9, 1, pos(4, 4)},   // past the last line: end of file
		{0, 0, pos(0, 0)},   // unknown position
		{2, 0, pos(1, 0)},   // unknown column
	} {
		if got := m.Position(c.line, c.col); got != c.want {
			t.Errorf("Position(%d, %d) = %v, want %v", c.line, c.col, got, c.want)
		}
	}
}

func TestMapperOffset(t *testing.T) {
	m := NewMapper([]byte(mapperText))
	for _, c := range []struct {
		p    protocol.Position
		want int // byte offset
	}{
		{pos(0, 0), 0},
		{pos(1, 8), 7 + 9},       // "y"
		{pos(2, 7), 7 + 12 + 11}, // "z"
		{pos(2, 5), 7 + 12 + 6},  // inside the surrogate pair: start of 😀
		{pos(2, 50), 7 + 12 + 13},
		{pos(4, 4), len(mapperText)},
		{pos(7, 0), len(mapperText)},
	} {
		got, err := m.Offset(c.p)
		if err != nil || got != c.want {
			t.Errorf("Offset(%v) = %d, %v; want %d", c.p, got, err, c.want)
		}
	}
	if _, err := m.Offset(pos(-1, 0)); err == nil {
		t.Error("Offset of a negative line: no error")
	}
}

// TestMapperRoundTrip converts every rune start of the text to the
// protocol and back.
func TestMapperRoundTrip(t *testing.T) {
	m := NewMapper([]byte(mapperText))
	line, col := 1, 1
	for i := 0; i < len(mapperText); {
		r := []rune(mapperText[i:])[0]
		size := len(string(r))
		if mapperText[i] == 0xff {
			size = 1
		}
		if mapperText[i] != '\r' && mapperText[i] != '\n' {
			p := m.Position(line, col)
			l, c, err := m.Clang(p)
			if err != nil || l != line || c != col {
				t.Errorf("%d:%d → %v → %d:%d %v", line, col, p, l, c, err)
			}
		}
		if mapperText[i] == '\n' {
			line, col = line+1, 1
		} else {
			col += size
		}
		i += size
	}
}

func TestMapperLines(t *testing.T) {
	m := NewMapper([]byte(mapperText))
	if m.Lines() != 5 {
		t.Errorf("Lines() = %d, want 5", m.Lines())
	}
	if got := m.LineEnd(2); got != pos(2, 9) {
		t.Errorf("LineEnd(2) = %v", got)
	}
	if got := NewMapper([]byte("\t  x\n")).Indent(0); got != "\t  " {
		t.Errorf("Indent = %q", got)
	}
	if got := NewMapper(nil); got.Lines() != 1 || got.Position(1, 1) != pos(0, 0) {
		t.Error("empty file")
	}
}

func pos(line, char int) protocol.Position { return protocol.Position{Line: line, Character: char} }
