package ui

import (
	"fmt"

	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"donations/api/demo"
)

// The report pages on the deterministic demo data, at the two sizes the
// browser promises; refresh with `go test ./ui -run TestReportGolden -update`
// and read the diff before committing it. The pages follow each other
// (tab), so one browser turns to each in turn, the terminal resized to
// each size on every page: a page at another size is the one the
// terminal resized to it shows.
func TestReportGoldenScreens(t *testing.T) {
	t.Parallel()
	skipShort(t)
	pages := []struct {
		name string
		tabs int
	}{{"lybunt", 1}, {"retention", 3}, {"yoy", 5}}
	sizes := []struct{ w, h int }{{80, 24}, {120, 35}}
	src, _ := demoSource(t, demo.Options{Count: wideCount})
	d := newDriver(t, src, sizes[0].w, sizes[0].h)
	d.keys("G", "i")
	tabs := 0
	for _, p := range pages {
		for ; tabs < p.tabs; tabs++ {
			d.keys("tab")
		}
		for _, size := range sizes {
			d.send(tea.WindowSizeMsg{Width: size.w, Height: size.h})
			golden.RequireEqual(goldenOf{t, fmt.Sprintf("%s/%s_%dx%d", t.Name(), p.name, size.w, size.h)}, stable(d.screen()))
		}
	}
}
