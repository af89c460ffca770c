package sym

import (
	"crypto/sha256"
	le "encoding/binary"
	"encoding/hex"
	"strconv"
	"strings"
)

// Key returns a canonical identity of t: equal keys mean equal terms. It is
// a fixed-size hash of the operator, width, constant, name (variables are
// keyed by name and width) and the arguments' keys, computed once per
// node: terms that share subterms (x ^ (x >> 3) repeated) keep small keys,
// where a printed form would grow exponentially.
func (t *Term) Key() string {
	if k := t.key.Load(); k != nil {
		return *k
	}
	h := sha256.New()
	var buf [8]byte
	h.Write([]byte{byte(t.Op), byte(t.Width)})
	if t.Signed {
		h.Write([]byte{1})
	}
	le.LittleEndian.PutUint64(buf[:], t.Val)
	h.Write(buf[:])
	h.Write([]byte(t.Name))
	h.Write([]byte{0})
	for _, a := range t.Args {
		h.Write([]byte(a.Key()))
	}
	k := hex.EncodeToString(h.Sum(nil)[:16])
	t.key.Store(&k)
	return k
}

// maxPrint bounds String's output: a term with much sharing prints its
// subterms again at each use.
const maxPrint = 4096

// String returns t in an SMT-LIB-like syntax (cut after a few thousand
// characters).
func (t *Term) String() string {
	var b strings.Builder
	t.write(&b)
	if b.Len() > maxPrint {
		return b.String()[:maxPrint] + "…"
	}
	return b.String()
}

func (t *Term) write(b *strings.Builder) {
	if b.Len() > maxPrint {
		return
	}
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
