package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/demo"
)

// TestDetailKeepsItsPlaceWhenTheWindowIsReadAgain: the store read again
// (a sync's progress, a walk's pages) brings the same selected gift in a
// new window of rows; the pane scrolled down stays where it was rather
// than jumping back to the top each time.
func TestDetailKeepsItsPlaceWhenTheWindowIsReadAgain(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 120, 16)
	top := d.m.detail.View()
	x := d.m.ctx.Layout.ListWidth + 2
	for range 3 {
		d.send(tea.MouseWheelMsg{X: x, Y: 5, Button: tea.MouseWheelDown})
	}
	scrolled := d.m.detail.View()
	if scrolled == top {
		t.Fatal("the wheel did not scroll the detail: the test proves nothing")
	}
	id := d.m.list.selectedRow().Summary.ID
	d.m.data.shown.Refresh()
	d.send(tea.WindowSizeMsg{Width: 120, Height: 16})
	if got := d.m.list.selectedRow().Summary.ID; got != id {
		t.Fatalf("the selection moved from %v to %v", id, got)
	}
	if got := d.m.detail.View(); got != scrolled {
		t.Errorf("after the window was read again the detail shows\n%s\nwant, as scrolled,\n%s", got, scrolled)
	}
}
