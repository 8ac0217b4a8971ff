package ui

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/dataset"
)

// The window near the end is what is left from its first row on, not a
// full window moved back: G, then page after page back to the top, shows
// a full screen of rows at every step, none of them waiting to be read.
func TestScrollingToTheEndAndBackShowsFullScreens(t *testing.T) {
	t.Parallel()
	_, c, st := storeAccount(t, 1000)
	if _, err := dataset.Sync(context.Background(), st, c, dataset.SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: syncWith(st, c)}, 120, 35)
	d.settle()
	w, l := d.m.data, d.m.list
	h := d.m.ctx.Layout.ListHeight - 1
	full := func(step string) {
		t.Helper()
		if w.Len() != 1000 || l.offset+h > w.Len() {
			t.Fatalf("%s: rows %d to %d of %d", step, l.offset, l.offset+h, w.Len())
		}
		for i := l.offset; i < l.offset+h; i++ {
			if w.At(i).Summary.ID.Value == 0 {
				t.Fatalf("%s: row %d of the screen from %d is not read", step, i, l.offset)
			}
		}
	}
	d.keys("G")
	if l.cursor != 999 {
		t.Fatalf("G: cursor %d", l.cursor)
	}
	full("G")
	for step := 0; l.offset > 0; step++ {
		if step == 1000/h+1 {
			t.Fatalf("%d pages back, the screen is still from row %d", step, l.offset)
		}
		d.send(tea.KeyPressMsg{Code: tea.KeyPgUp})
		full("back a page")
	}
	d.keys("G")
	full("G again")
}
