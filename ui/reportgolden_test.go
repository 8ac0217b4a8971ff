package ui

import (
	"fmt"

	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"donations/api/demo"
)

// The report pages on the deterministic demo data, at the two sizes the
// browser promises; refresh with `go test ./ui -run TestReportGolden -update`
// and read the diff before committing it. The pages follow each other
// (tab), so one browser per size turns to each in turn.
func TestReportGoldenScreens(t *testing.T) {
	t.Parallel()
	skipShort(t)
	pages := []struct {
		name string
		tabs int
	}{{"lybunt", 1}, {"retention", 3}, {"yoy", 5}}
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 35}} {
		src, _ := demoSource(t, demo.Options{Count: testCount})
		d := newDriver(t, src, size.w, size.h)
		d.keys("G", "i")
		tabs := 0
		for _, p := range pages {
			for ; tabs < p.tabs; tabs++ {
				d.keys("tab")
			}
			golden.RequireEqual(goldenOf{t, fmt.Sprintf("%s/%s_%dx%d", t.Name(), p.name, size.w, size.h)}, stable(d.screen()))
		}
	}
}
