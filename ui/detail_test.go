package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"donations/api/demo"
	"donations/ui/uictx"
)

// A copy asked for in the detail leaves the detail open, full screen or beside.
func TestCopyInTheDetailLeavesItOpen(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 10})
	for _, w := range []int{80, 120} {
		d := newDriver(t, src, w, 24)
		d.keys("enter", "y", "e")
		if d.m.focus != detailID {
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
func TestDetailKeepsItsPlaceOnResize(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 80, 24)
	d.keys("enter")
	for range 8 {
		d.keys("down")
	}
	before := d.m.detail.vp.YOffset()
	if before == 0 {
		t.Fatal("the detail did not scroll")
	}
	d.send(tea.WindowSizeMsg{Width: 90, Height: 24})
	if got := d.m.detail.vp.YOffset(); got != before {
		t.Errorf("after a resize the detail is at line %d, was at %d", got, before)
	}
	d.keys("n") // the next gift starts at its top
	if got := d.m.detail.vp.YOffset(); got != 0 {
		t.Errorf("the next gift opens at line %d", got)
	}
}

// At 120 columns the list beside the detail keeps the status column.
func TestListBesideTheDetailShowsTheStatusAt120(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 120, 35)
	titles := lines(d.screen())[1]
	for _, want := range []string{"DATE", "DONOR", "E-MAIL", "AMOUNT", "STATUS", "│Donation"} {
		if !strings.Contains(titles, want) {
			t.Errorf("column titles %q lack %s", titles, want)
		}
	}
}

// An e-mail too long for the pane breaks after its "@" (or a "."), never
// mid-word.
func TestDetailWrapsAnEmailAtItsParts(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 10})
	d := newDriver(t, src, 80, 24)
	g := full(t, d.m.data.At(0))
	local, domain, _ := strings.Cut(g.Email.Value, "@")
	if len(g.Email.Value) <= 19 {
		t.Fatalf("e-mail %q fits the test's width", g.Email.Value)
	}
	text := ansi.Strip(detailText(&g, 40, time.UTC, uictx.NewStyles(true)))
	if !strings.Contains(text, local+"@\n") || !strings.Contains(text, domain) {
		t.Errorf("the e-mail %s did not break after its @:\n%s", g.Email.Value, text)
	}
}
