package ui

import (
	"strings"
	"testing"

	"donations/api/demo"
	"donations/ui/views/insights"
)

// The ? screen's key line names Esc, the key that leaves every other view,
// and the list's Esc says what it does there.
func TestHelpNamesEsc(t *testing.T) {
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
// overview and on every report page long enough to scroll.
func TestInsightsTopAndBottom(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 80, 24)
	d.keys("G", "i")
	v := d.m.children[insights.ID].(*insights.View)
	for page := range []string{"insights", "lybunt", "sybunt"} {
		for _, tc := range []struct{ down, up string }{{"G", "g"}, {"end", "home"}} {
			d.keys(tc.down)
			if !v.AtBottom() || v.AtTop() {
				t.Fatalf("page %d, %s: not at the bottom:\n%s", page, tc.down, d.screen())
			}
			d.keys(tc.up)
			if !v.AtTop() {
				t.Fatalf("page %d, %s: not at the top:\n%s", page, tc.up, d.screen())
			}
		}
		d.keys("tab")
	}
}

// In the donor view t chooses the sort by total, as every other key
// chooses its own, even when the view opened by total; again reverses it.
func TestDonorTotalKeyChoosesTotal(t *testing.T) {
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
