package ui

import (
	"testing"

	"donations/api/demo"
)

// With --demo, the help says where the demo runs and how to add a gift to it.
func TestHelpSaysHowToAddAGiftToTheDemo(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 10})
	for _, size := range [][2]int{{80, 24}, {120, 35}} {
		d := newDriverWith(t, src, Options{Demo: "http://127.0.0.1:4321"}, size[0], size[1])
		d.keys("?")
		for range 6 {
			d.screen() // the help lays its text out as it is drawn
			d.keys("pgdown")
		}
		d.mustShow("The demo API runs at http://127.0.0.1:4321", "curl -X POST 'http://127.0.0.1:4321/admin/add?n=1'")
	}
	d := newDriver(t, src, 120, 35)
	d.keys("?")
	d.mustNotShow("The demo API runs at")
}
