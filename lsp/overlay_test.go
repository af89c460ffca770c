package lsp

import (
	"testing"

	protocol "github.com/sourcegraph/go-lsp"
)

func TestOverlayEdits(t *testing.T) {
	o := newOverlays()
	uri := protocol.DocumentURI("file:///src/k.cu")
	if _, err := o.open(protocol.TextDocumentItem{URI: uri, Version: 1, Text: "a Σ b\nc 😀 d\n"}); err != nil {
		t.Fatal(err)
	}
	rng := func(l1, c1, l2, c2 int) *protocol.Range {
		return &protocol.Range{Start: pos(l1, c1), End: pos(l2, c2)}
	}
	for _, c := range []struct {
		changes []protocol.TextDocumentContentChangeEvent
		want    string
	}{
		{[]protocol.TextDocumentContentChangeEvent{{Range: rng(0, 2, 0, 3), Text: "sum"}}, "a sum b\nc 😀 d\n"},
		{[]protocol.TextDocumentContentChangeEvent{{Range: rng(1, 2, 1, 4), Text: "x"}}, "a sum b\nc x d\n"}, // the surrogate pair
		{[]protocol.TextDocumentContentChangeEvent{ // two changes, the second on the first's result
			{Range: rng(0, 0, 1, 0), Text: ""},
			{Range: rng(0, 5, 0, 5), Text: "\nnew"},
		}, "c x d\nnew\n"},
		{[]protocol.TextDocumentContentChangeEvent{{Text: "full"}}, "full"},
		{[]protocol.TextDocumentContentChangeEvent{{Range: rng(3, 0, 3, 0), Text: "!"}}, "full!"}, // past the end: appended
	} {
		s, err := o.change(protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: 2}, c.changes)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(s.text.Content()); got != c.want {
			t.Errorf("after %+v: %q, want %q", c.changes, got, c.want)
		}
	}
	if _, err := o.change(protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}}, []protocol.TextDocumentContentChangeEvent{{Range: rng(0, 3, 0, 1)}}); err == nil {
		t.Error("a range ending before it starts: no error")
	}
	if got := string(o.files()["/src/k.cu"]); got != "full!" {
		t.Errorf("overlay %q", got)
	}
	if err := o.close(uri); err != nil || o.get(uri) != nil || o.close(uri) == nil {
		t.Error("close")
	}
}

func TestURIs(t *testing.T) {
	for _, bad := range []protocol.DocumentURI{"http://x/a.cu", "file:rel.cu", "untitled:Untitled-1", "%zz"} {
		if _, err := uriPath(bad); err == nil {
			t.Errorf("uriPath(%q): no error", bad)
		}
	}
	path := "/work/my kernels/a#1.cu"
	got, err := uriPath(pathURI(path))
	if err != nil || got != path {
		t.Errorf("round trip of %q: %q %v", path, got, err)
	}
	if got, _ := uriPath("file:///work/my%20kernels/b.cu"); got != "/work/my kernels/b.cu" {
		t.Errorf("escaped URI: %q", got)
	}
}
