package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"sync"

	protocol "github.com/sourcegraph/go-lsp"
)

// A snapshot is one version of an open document. It is immutable: an edit
// makes a new snapshot, so an analysis reads a consistent text however the
// buffer changes meanwhile.
type snapshot struct {
	uri     protocol.DocumentURI
	path    string // absolute file name, as the front end names it
	version int
	text    *Mapper // the buffer's content, unsaved edits included
	// settled is set on the scheduler's copy of a snapshot that an open
	// or a save made: no typing is under way, so the symbolic stage need
	// not wait for a pause.
	settled bool
}

// overlays holds the latest snapshot of every open document. Its methods
// are safe for concurrent use.
type overlays struct {
	mu   sync.Mutex
	docs map[protocol.DocumentURI]*snapshot
}

func newOverlays() *overlays {
	return &overlays{docs: map[protocol.DocumentURI]*snapshot{}}
}

// open records a newly opened document. Opening an open document replaces
// it (some clients reopen without closing).
func (o *overlays) open(item protocol.TextDocumentItem) (*snapshot, error) {
	path, err := uriPath(item.URI)
	if err != nil {
		return nil, err
	}
	s := &snapshot{uri: item.URI, path: path, version: item.Version, text: NewMapper([]byte(item.Text))}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.docs[item.URI] = s
	return s, nil
}

// change applies the changes in order to the document's latest text: a
// change without a range replaces the whole text, one with a range
// replaces that range (incremental sync).
func (o *overlays) change(id protocol.VersionedTextDocumentIdentifier, changes []protocol.TextDocumentContentChangeEvent) (*snapshot, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	old := o.docs[id.URI]
	if old == nil {
		return nil, notOpen(methodDidChange, id.URI)
	}
	text := old.text
	for i, c := range changes {
		if c.Range == nil {
			text = NewMapper([]byte(c.Text))
			continue
		}
		start, err := text.Offset(c.Range.Start)
		if err != nil {
			return nil, fmt.Errorf("change %d: start: %w", i, err)
		}
		end, err := text.Offset(c.Range.End)
		if err != nil {
			return nil, fmt.Errorf("change %d: end: %w", i, err)
		}
		if end < start {
			return nil, fmt.Errorf("change %d: range %s ends before it starts", i, *c.Range)
		}
		content := text.Content()
		next := make([]byte, 0, len(content)-(end-start)+len(c.Text))
		next = append(append(append(next, content[:start]...), c.Text...), content[end:]...)
		text = NewMapper(next)
	}
	s := &snapshot{uri: old.uri, path: old.path, version: id.Version, text: text}
	o.docs[id.URI] = s
	return s, nil
}

// close forgets the document.
func (o *overlays) close(uri protocol.DocumentURI) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.docs[uri] == nil {
		return notOpen(methodDidClose, uri)
	}
	delete(o.docs, uri)
	return nil
}

// get returns the document's latest snapshot, or nil when it is not open.
func (o *overlays) get(uri protocol.DocumentURI) *snapshot {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.docs[uri]
}

// all returns the latest snapshots, sorted by URI.
func (o *overlays) all() []*snapshot {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []*snapshot
	for _, s := range o.docs {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].uri < out[j].uri })
	return out
}

// files returns the unsaved contents of every open document by file name:
// the front end's Overlay, so that an analysis sees the buffers (a header
// being edited included), not the files on disk.
func (o *overlays) files() map[string][]byte {
	o.mu.Lock()
	defer o.mu.Unlock()
	m := make(map[string][]byte, len(o.docs))
	for _, s := range o.docs {
		m[s.path] = s.text.Content()
	}
	return m
}

// uriPath returns the absolute file name of a file:// URI.
func uriPath(uri protocol.DocumentURI) (string, error) {
	u, err := url.Parse(string(uri))
	if err != nil {
		return "", fmt.Errorf("document URI %q: %w", uri, err)
	}
	if u.Scheme != "file" || !filepath.IsAbs(u.Path) {
		return "", fmt.Errorf("document URI %q: want an absolute file:// URI", uri)
	}
	return filepath.Clean(u.Path), nil
}

// pathURI returns the file:// URI of an absolute file name.
func pathURI(path string) protocol.DocumentURI {
	return protocol.DocumentURI((&url.URL{Scheme: "file", Path: path}).String())
}
