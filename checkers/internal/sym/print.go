package sym

import (
	"strconv"
	"strings"
)

// Key returns a canonical printed form of t: equal keys mean equal terms.
// It is computed once and cached.
func (t *Term) Key() string {
	if t.key == "" {
		var b strings.Builder
		t.write(&b)
		t.key = b.String()
	}
	return t.key
}

// String returns t in an SMT-LIB-like syntax.
func (t *Term) String() string { return t.Key() }

func (t *Term) write(b *strings.Builder) {
	switch t.Op {
	case OpConst:
		if t.Width == 0 {
			if t.Val != 0 {
				b.WriteString("true")
			} else {
				b.WriteString("false")
			}
			return
		}
		b.WriteString("#")
		b.WriteString(strconv.FormatUint(t.Val, 10))
		b.WriteString(":")
		b.WriteString(strconv.Itoa(t.Width))
		return
	case OpVar:
		b.WriteString(t.Name)
		return
	}
	if t.key != "" {
		b.WriteString(t.key)
		return
	}
	b.WriteString("(")
	b.WriteString(t.Op.String())
	switch t.Op {
	case OpZExt, OpSExt, OpTrunc:
		b.WriteString(strconv.Itoa(t.Width))
	case OpAddOvf, OpSubOvf, OpMulOvf:
		if t.Signed {
			b.WriteString("_s")
		} else {
			b.WriteString("_u")
		}
	}
	for _, a := range t.Args {
		b.WriteString(" ")
		a.write(b)
	}
	b.WriteString(")")
}
