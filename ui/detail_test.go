package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"donations/api/demo"
	"donations/ui/views/detail"
)

// A copy asked for in the detail leaves the detail open, full screen or beside.
func TestCopyInTheDetailLeavesItOpen(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	for _, w := range []int{80, 120} {
		d := newDriver(t, src, w, 24)
		d.keys("enter", "y", "e")
		if d.m.focus != detail.ID {
			t.Errorf("at %d columns, y e gave the keys to %q, not the detail", w, d.m.focus)
		}
		d.mustShow("Sent e-mail", "Donor", "E-mail")
		d.keys("esc")
		if d.m.focus != listID {
			t.Errorf("esc after the copy went to %q", d.m.focus)
		}
	}
}

// Resizing the terminal rewraps the detail but keeps the place read to.
// On a narrow screen the detail with the keys is drawn under the header.
func TestDetailKeepsItsPlaceOnResize(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 80, 24)
	d.keys("enter")
	top := func() string { return strings.TrimSpace(lines(d.screen())[1]) }
	first := top()
	for range 8 {
		d.keys("down")
	}
	before := top()
	if before == first {
		t.Fatal("the detail did not scroll")
	}
	d.send(tea.WindowSizeMsg{Width: 90, Height: 24})
	if got := top(); got != before {
		t.Errorf("after a resize the detail shows %q on top, showed %q", got, before)
	}
	d.keys("n") // the next gift starts at its top
	if got := top(); !strings.HasPrefix(got, "Donation ") {
		t.Errorf("the next gift opens at %q", got)
	}
}

// At 120 columns the list beside the detail keeps the status column.
func TestListBesideTheDetailShowsTheStatusAt120(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 120, 35)
	titles := lines(d.screen())[1]
	for _, want := range []string{"DATE", "DONOR", "E-MAIL", "AMOUNT", "STATUS", "│Donation"} {
		if !strings.Contains(titles, want) {
			t.Errorf("column titles %q lack %s", titles, want)
		}
	}
}
