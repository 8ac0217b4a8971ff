package ui

import (
	"path/filepath"
	"testing"

	"donations/api"
	"donations/export"
)

// recordingSource hands out list walkers and remembers how each was asked for.
type recordingSource struct {
	list        []api.Donation
	concurrency []int
	walkers     []*closingWalker
}

type closingWalker struct {
	listWalker
	closed bool
}

func (w *closingWalker) Close() { w.closed = true }

func (s *recordingSource) Walk(_ api.Query, _ api.Order, n int) Walker {
	s.concurrency = append(s.concurrency, n)
	w := &closingWalker{listWalker: listWalker{list: s.list}}
	s.walkers = append(s.walkers, w)
	return w
}

// The list reads a page at a time; the export asks for several at once, on
// a walk of its own that it closes when done.
func TestExportWalksConcurrentlyAndClosesItsWalker(t *testing.T) {
	list, _, err := api.DecodePage([]byte(`[{"id":1,"email":"a@example.org"},{"id":2}]`), 1)
	if err != nil {
		t.Fatal(err)
	}
	src := &recordingSource{list: list}
	d := newDriver(t, src, 100, 30)
	d.keys("e")
	d.m.export.path.SetValue(filepath.Join(t.TempDir(), "out.ndjson"))
	d.keys("enter")
	d.mustShow("Exported 2 donations")
	if len(src.concurrency) != 2 || src.concurrency[0] != 1 || src.concurrency[1] != export.DefaultConcurrency {
		t.Errorf("walks asked with concurrency %v, want [1 %d]", src.concurrency, export.DefaultConcurrency)
	}
	if !src.walkers[1].closed {
		t.Error("the export did not close its walker")
	}
}
