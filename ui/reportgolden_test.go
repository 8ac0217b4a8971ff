package ui

import (
	"fmt"

	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"donations/api/demo"
)

// The report pages on the deterministic demo data, at the two sizes the
// browser promises; refresh with `go test ./ui -run TestReportGolden -update`
// and read the diff before committing it.
func TestReportGoldenScreens(t *testing.T) {
	skipShort(t)
	pages := []struct {
		name string
		tabs int
	}{{"lybunt", 1}, {"retention", 3}, {"yoy", 5}}
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 35}} {
		for _, p := range pages {
			t.Run(fmt.Sprintf("%s_%dx%d", p.name, size.w, size.h), func(t *testing.T) {
				src, _ := demoSource(t, demo.Options{Count: testCount})
				d := newDriver(t, src, size.w, size.h)
				d.keys("G", "i")
				for range p.tabs {
					d.keys("tab")
				}
				golden.RequireEqual(t, stable(d.screen()))
			})
		}
	}
}
