package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/ui/views/insights"
)

// i adds up what the list shows; m, w and d change the period.
func TestInsightsAddUpWhatIsShown(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			// Paid gifts over many months and weeks are in three pages.
			src, _ := demoSource(t, sh.Of(demo.Options{Count: testCount}))
			d := newDriver(t, src, 120, 60)
			d.keys("G", "f", "tab", "tab", "tab", "tab", "tab", "tab", "paid", "enter", "i")
			v := d.m.children[insights.ID].(*insights.View)
			if d.m.focus != insights.ID || v.Facts() == nil {
				t.Fatalf("focus %v, facts %v:\n%s", d.m.focus, v.Facts(), d.screen())
			}
			total, n := insights.SumOf(v.Facts().Statuses, "USD")
			footer := d.m.data.sums()
			if n != d.m.data.Len() || len(v.Facts().Statuses) != 1 || total.String() != footer.Converted["USD"].String() {
				t.Errorf("insights add up %d gifts, %s; the list shows %d, the footer says %s", n, total, d.m.data.Len(), footer.Converted["USD"])
			}
			d.mustShow("Insights", "By month (USD, converted)")
			text := ansi.Strip(v.Draw(100))
			for _, want := range []string{"By form", "By status", "By currency", "By payment type", "Top donors", "refunded 0.0%", "median USD"} {
				if !strings.Contains(text, want) {
					t.Errorf("the insights lack %q", want)
				}
			}
			d.keys("w")
			d.mustShow("By week (USD, converted)")
			if !strings.Contains(v.Facts().Periods[0].Key[0], "-") {
				t.Errorf("a week is named by its Monday's date: %q", v.Facts().Periods[0].Key[0])
			}
			d.keys("esc")
			if d.m.focus != listID {
				t.Errorf("esc: focus %v", d.m.focus)
			}
		})
	}
}

// Insights over no donation say so, rather than draw bars in no currency.
func TestInsightsOverNothing(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Count: 300})
	d := newDriver(t, src, 120, 35)
	d.keys("f", "tab", "tab", "tab", "tab", "tab", "2020-01-01..2020-01-31", "enter", "i")
	d.mustShow("Insights · 0 donations", "Nothing to add up: no donation here has a converted amount.")
	d.mustNotShow("(, converted)", " 0.00 converted")
}

// Old gifts the server sent no conversion for count in the bars as the
// footer counts them: a month of them is not 0.00 beside its gifts, and
// the months add up to what the footer says was raised.
func TestInsightsCountGiftsWithoutConversion(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	d := newDriver(t, src, 120, 60)
	d.keys("G", "i")
	v := d.m.children[insights.ID].(*insights.View)
	if d.m.focus != insights.ID || v.Facts() == nil {
		t.Fatalf("focus %v, facts %v:\n%s", d.m.focus, v.Facts(), d.screen())
	}
	footer := d.m.data.sums()
	if in, _ := footer.Unconverted(); in == 0 {
		t.Fatal("every USD gift had a conversion: the test tests nothing")
	}
	if total, _ := insights.SumOf(v.Facts().Periods, "USD"); total.Compare(footer.ConvCount["USD"]) != 0 {
		t.Errorf("the months add up to %s, the footer says %s raised", total, footer.ConvCount["USD"])
	}
}
