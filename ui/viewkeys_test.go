package ui

import (
	"strings"
	"testing"

	"donations/api/demo"
)

// The ? screen's key line names Esc, the key that leaves every other view,
// and the list's Esc says what it does there.
func TestHelpNamesEsc(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 80, 24)
	d.keys("?")
	d.mustShow("stop loading/export, clear search")
	keyLine := ""
	for _, l := range lines(d.screen()) {
		if strings.Contains(l, "scroll") {
			keyLine = l
		}
	}
	if !strings.Contains(keyLine, "esc back") {
		t.Errorf("the help's key line %q does not name esc", keyLine)
	}
	d.keys("esc")
	if d.m.focus != listID {
		t.Errorf("esc left focus on %v", d.m.focus)
	}
}

// In insights g/Home go to the top and G/End to the bottom, on the
// overview and on every report page long enough to scroll: at the bottom
// a line down moves nothing, and the top is the page as it opened.
func TestInsightsTopAndBottom(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 80, 24)
	d.keys("G", "i")
	for page := range []string{"insights", "lybunt", "sybunt"} {
		top := d.screen()
		for _, tc := range []struct{ down, up string }{{"G", "g"}, {"end", "home"}} {
			d.keys(tc.down)
			bottom := d.screen()
			if bottom == top {
				t.Fatalf("page %d, %s: the page did not move:\n%s", page, tc.down, bottom)
			}
			if d.keys("down"); d.screen() != bottom {
				t.Fatalf("page %d, %s: not at the bottom, a line down moved it:\n%s", page, tc.down, d.screen())
			}
			if d.keys(tc.up); d.screen() != top {
				t.Fatalf("page %d, %s: not at the top:\n%s\nwant\n%s", page, tc.up, d.screen(), top)
			}
		}
		d.keys("tab")
	}
}

// In the donor view t chooses the sort by total, as every other key
// chooses its own, even when the view opened by total; again reverses it.
func TestDonorTotalKeyChoosesTotal(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "d")
	for _, tc := range []struct{ key, want string }{
		{"t", "by total ↓"}, {"t", "by total ↑"}, {"c", "by gifts ↓"}, {"t", "by total ↓"}, {"c", "by gifts ↓"}, {"c", "by gifts ↑"},
	} {
		d.keys(tc.key)
		d.mustShow(tc.want)
	}
}
