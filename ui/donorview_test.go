package ui

import (
	"fmt"
	"testing"

	"donations/api/demo"
	"donations/textsafe"
	"donations/ui/views/donors"
)

// A donor looked up by a gift that does not count (failed) lists no
// donor: the donor view must say why and which key counts it, not that
// no donation is shown while the list above it shows one.
func TestDonorViewSaysWhyTheGiftsShownMakeNoDonor(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{Count: 300})
	id := srv.Match(demo.Filter{})[0]
	if !srv.SetStatus(id, "failed") {
		t.Fatalf("no donation %d to fail", id)
	}
	d := newDriver(t, src, 80, 24)
	d.keys("f", "tab", "tab", "tab", "tab", fmt.Sprint(id), "enter")
	if d.m.data.Len() != 1 {
		t.Fatalf("id %d: %d rows shown, want 1", id, d.m.data.Len())
	}
	d.keys("d")
	d.mustShow("No donor: the 1 gift shown is not counted (paid, with an e-mail)", "a counts every status but refunded")
	d.mustNotShow("no donation is shown")
	d.fitsWidth(80)
	d.keys("a")
	if v := d.m.children[donors.ID].(*donors.View); v.Total() != 1 {
		t.Errorf("a: %d donors, want the failed gift's donor", v.Total())
	}
}

// fitsWidth fails the test when a line of the screen is wider than width:
// the terminal would wrap it and push every line below it down.
func (d *driver) fitsWidth(width int) {
	d.t.Helper()
	for i, l := range lines(d.screen()) {
		if w := textsafe.Width(l); w > width {
			d.t.Fatalf("line %d is %d cells wide, more than %d:\n%s", i+1, w, width, d.screen())
		}
	}
}
