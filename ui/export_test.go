package ui

import (
	"os"
	"path/filepath"
	"strings"
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

// The browser's export writes the byte-order mark when the profile asks
// (csv_bom = true), and only into CSV.
func TestExportByteOrderMark(t *testing.T) {
	list, _, err := api.DecodePage([]byte(`[{"id":1,"first_name":"Zoë"}]`), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		bom  bool
		name string
		want bool
	}{{true, "out.csv", true}, {false, "out.csv", false}, {true, "out.ndjson", false}} {
		d := newDriver(t, &recordingSource{list: list}, 100, 30)
		d.m.ctx.CSVBOM = tc.bom
		path := filepath.Join(t.TempDir(), tc.name)
		d.keys("e")
		d.m.export.path.SetValue(path)
		d.keys("enter")
		d.mustShow("Exported 1 donation")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.HasPrefix(string(b), export.BOM); got != tc.want || !strings.Contains(string(b), "Zoë") {
			t.Errorf("bom %v, %s: file starts %q", tc.bom, tc.name, b[:min(8, len(b))])
		}
	}
}
