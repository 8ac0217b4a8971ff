package ui

import (
	"fmt"
	"testing"

	"donations/api/demo"
)

// The platform's old gifts come without a conversion: the footer's
// converted total counts them in their own currency and says how many,
// rather than drop them.
func TestTotalsSayWhatHadNoConversion(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	d := newDriver(t, src, 200, 30)
	d.keys("G")
	sums := d.m.data.shown.sums
	if sums.notConverted == 0 {
		t.Fatal("every gift had a conversion: the test tests nothing")
	}
	d.mustShow(fmt.Sprintf("incl. %d unconverted", sums.notConverted))
	if len(sums.converted) != 1 {
		t.Fatalf("converted totals in %v, want the one currency the demo converts to", sums.converted)
	}
}
