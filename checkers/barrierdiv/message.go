package barrierdiv

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/cudavet/cudavet/checkers/divergence"
	"github.com/cudavet/cudavet/frontend/ir"
	"golang.org/x/tools/go/analysis"
)

// source gives messages the source text of conditions, read through
// pass.ReadFile; without it they fall back to printing the IR.
type source struct {
	pass  *analysis.Pass
	fset  *token.FileSet
	files map[string][]byte
}

func newSource(pass *analysis.Pass, fset *token.FileSet) *source {
	return &source{pass: pass, fset: fset, files: map[string][]byte{}}
}

// diagnostic builds the report for barrier path b whose outermost relevant
// control is b.Controls[i]; call is the index of its first CallSite or -1.
func (s *source) diagnostic(b divergence.Barrier, i, call int) analysis.Diagnostic {
	ctl := b.Controls[i]
	name := s.syncName(b.Sync)
	at := ir.Node(b.Sync)
	subject := name
	var related []analysis.RelatedInformation
	if call >= 0 {
		c := b.Controls[call].Node.(*ir.Call)
		at = c
		callee := c.Fn.Base
		if callee == "" {
			callee = c.Fn.Name
		}
		if i < call {
			subject = fmt.Sprintf("call to %s, which reaches %s at %s,", callee, name, s.where(b.Sync.P, c.P))
		} else {
			subject = fmt.Sprintf("call to %s passes thread-dependent arguments: its %s at %s", callee, name, s.where(b.Sync.P, c.P))
		}
		related = append(related, analysis.RelatedInformation{Pos: b.Sync.P, Message: name + " is here"})
	}
	pred, condAt := s.predicate(ctl, at.Pos())
	related = append(related, analysis.RelatedInformation{Pos: condAt, Message: "condition depends on " + ctl.Fact.Reason()})
	if ctl.Kind >= divergence.AfterReturn {
		related = append(related, analysis.RelatedInformation{Pos: ctl.Node.Pos(), Message: jumpWord(ctl.Kind) + " taken by some threads only"})
	}
	if p := ctl.Fact.Pos; p.IsValid() && s.line(p) != s.line(condAt) {
		related = append(related, analysis.RelatedInformation{Pos: p, Message: ctl.Fact.Source + " is used here"})
	}
	return analysis.Diagnostic{
		Pos:      at.Pos(),
		End:      s.callEnd(at.Pos()),
		Category: "barrierdiv",
		Message:  subject + " " + pred,
		Related:  related,
	}
}

// predicate says how ctl restricts the threads reaching the barrier, and
// returns the position of the condition it names.
func (s *source) predicate(ctl divergence.Control, at token.Pos) (string, token.Pos) {
	switch ctl.Kind {
	case divergence.IfBranch, divergence.Operand, divergence.SwitchCase:
		who, because := s.who(ctl, at)
		return "is reached only by " + who + " " + because, s.condPos(ctl)
	case divergence.LoopTrip:
		return s.loopTrip(ctl, at), ctl.Node.Pos()
	}
	u := *ctl.Under
	who, because := s.who(u, at)
	switch ctl.Kind {
	case divergence.AfterReturn:
		return "comes after an early return taken only by " + who + " " + because, s.condPos(u)
	case divergence.AfterBreak:
		return "is in a loop that " + who + " leave early by break " + because, s.condPos(u)
	}
	return "is in a loop in which " + who + " skip to the next iteration by continue " + because, s.condPos(u)
}

// who names the threads a condition control lets through, and says in
// parentheses where the condition is and what it depends on.
func (s *source) who(c divergence.Control, at token.Pos) (who, because string) {
	reason := c.Fact.Reason()
	switch c.Kind {
	case divergence.SwitchCase:
		return "some threads", fmt.Sprintf("(switch at %s depends on %s)", s.where(c.Node.Pos(), at), reason)
	case divergence.LoopTrip:
		return "some threads", fmt.Sprintf("(inside the loop at %s, whose trip count depends on %s)", s.where(c.Node.Pos(), at), reason)
	}
	because = fmt.Sprintf("(condition at %s depends on %s)", s.where(s.condPos(c), at), reason)
	if c.Else {
		return "threads where " + s.condText(c) + " is false", because
	}
	return "threads with " + s.condText(c), because
}

// loopTrip describes a loop whose condition is thread-dependent, naming
// the induction variable's start when it is what makes it so.
func (s *source) loopTrip(c divergence.Control, at token.Pos) string {
	loop := c.Node.(*ir.Loop)
	if v := c.Fact.Via; v != nil && loop.Init != nil {
		for _, st := range loop.Init.Stmts {
			var init ir.Expr
			switch st := st.(type) {
			case *ir.DeclStmt:
				if st.Var == v {
					init = st.Init
				}
			case *ir.Assign:
				if st.Var == v {
					init = st.X
				}
			}
			if init != nil && hasThreadIdx(init) {
				return fmt.Sprintf("is inside a loop whose trip count depends on %s (%s starts at %s, %s)",
					c.Fact.Source, v.Name, exprText(init), s.where(loop.P, at))
			}
		}
	}
	return fmt.Sprintf("is inside a loop whose trip count depends on %s (loop condition %s at %s)",
		c.Fact.Reason(), s.condText(c), s.where(loop.P, at))
}

func hasThreadIdx(e ir.Expr) bool {
	found := false
	ir.Inspect(e, func(n ir.Node) bool {
		if b, ok := n.(*ir.Builtin); ok && b.Kind == ir.ThreadIdx {
			found = true
		}
		return !found
	})
	return found
}

func jumpWord(k divergence.ControlKind) string {
	switch k {
	case divergence.AfterReturn:
		return "return"
	case divergence.AfterBreak:
		return "break"
	}
	return "continue"
}

// syncName spells a barrier as written (block.sync(), cg::sync(block)), or
// from the IR when the source is not at hand. The barrier of a collective
// (cub::BlockReduce::Sum) is "the barrier in" the collective.
func (s *source) syncName(sync *ir.Sync) string {
	if end := s.callEnd(sync.P); end.IsValid() {
		data, off, _ := s.text(sync.P)
		text := string(data[off : off+int(end-sync.P)])
		callee, _, _ := strings.Cut(text, "(")
		if len(text) <= 40 && strings.Contains(callee, "sync") && !strings.ContainsAny(text, "\n\r") {
			return text
		}
	}
	name := sync.Name
	if name == "" {
		name = sync.Kind.String()
	}
	if !strings.HasSuffix(name, ")") {
		name += "()"
	}
	if !strings.Contains(name, "sync") {
		name = "the barrier in " + name
	}
	return name
}

// condPos is the position a control's condition is reported at: the
// statement for if, switch and loops, the operand itself for && || ?:.
func (s *source) condPos(c divergence.Control) token.Pos {
	if c.Kind == divergence.Operand && c.Cond != nil {
		return c.Cond.Pos()
	}
	return c.Node.Pos()
}

// where says "line N", or "file:N" when pos is in another file than at.
func (s *source) where(pos, at token.Pos) string {
	p, a := s.fset.Position(pos), s.fset.Position(at)
	if p.Filename != a.Filename {
		return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
	}
	return fmt.Sprintf("line %d", p.Line)
}

func (s *source) line(pos token.Pos) int { return s.fset.Position(pos).Line }

// text returns the contents of pos's file and pos's offset in it.
func (s *source) text(pos token.Pos) ([]byte, int, bool) {
	if !pos.IsValid() || s.pass.ReadFile == nil {
		return nil, 0, false
	}
	p := s.fset.Position(pos)
	data, ok := s.files[p.Filename]
	if !ok {
		data, _ = s.pass.ReadFile(p.Filename)
		s.files[p.Filename] = data
	}
	if p.Offset < 0 || p.Offset >= len(data) {
		return nil, 0, false
	}
	return data, p.Offset, true
}

// condText quotes a control's condition from the source (the parentheses
// after if, switch, while or for), or prints it from the IR.
func (s *source) condText(c divergence.Control) string {
	var kw string
	pos := c.Node.Pos()
	switch n := c.Node.(type) {
	case *ir.If:
		kw = "if"
	case *ir.Switch:
		kw = "switch"
	case *ir.Loop:
		kw = n.Kind.String()
		if n.Kind == ir.DoWhileLoop && n.Body != nil {
			kw, pos = "while", n.Body.EndPos
		}
	}
	if kw != "" {
		if data, off, ok := s.text(pos); ok {
			if t, ok := parenAfter(data, off, kw); ok {
				if kw != "for" {
					return t
				}
				if parts := splitTop(t, ';'); len(parts) == 3 && strings.TrimSpace(parts[1]) != "" {
					return strings.TrimSpace(parts[1])
				}
			}
		}
	}
	if c.Cond == nil {
		return "true"
	}
	return exprText(c.Cond)
}

// callEnd returns the end of the call or barrier spelled at pos (after its
// closing parenthesis), or NoPos when the source is not available.
func (s *source) callEnd(pos token.Pos) token.Pos {
	data, off, ok := s.text(pos)
	if !ok {
		return token.NoPos
	}
	i := off
	for i < len(data) && (isIdent(data[i]) || data[i] == '.' || data[i] == ':' || data[i] == '<' || data[i] == '>') {
		i++
	}
	if i < len(data) && data[i] == '(' {
		if j := matchParen(data, i); j > 0 {
			i = j + 1
		}
	}
	if i == off {
		return token.NoPos
	}
	return pos + token.Pos(i-off)
}
