package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"donations/api/apitest"
	"donations/api/demo"
	"donations/store"
)

// i adds up what the list shows; m, w and d change the period.
func TestInsightsAddUpWhatIsShown(t *testing.T) {
	for _, sh := range apitest.Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			src, _ := demoSource(t, sh.Of(demo.Options{Count: 700}))
			d := newDriver(t, src, 120, 60)
			d.keys("G", "f", "tab", "tab", "tab", "tab", "tab", "tab", "paid", "enter", "i")
			v := d.m.children[insightsID].(*insightsView)
			if d.m.focus != insightsID || v.facts == nil {
				t.Fatalf("focus %v, facts %v, err %v", d.m.focus, v.facts, v.err)
			}
			total, n := sumOf(v.facts.statuses, "USD")
			footer := d.m.data.shown.sums
			if n != d.m.data.Len() || len(v.facts.statuses) != 1 || total.String() != footer.Converted["USD"].String() {
				t.Errorf("insights add up %d gifts, %s; the list shows %d, the footer says %s", n, total, d.m.data.Len(), footer.Converted["USD"])
			}
			d.mustShow("Insights", "By month (USD, converted)")
			text := ansi.Strip(v.render(100))
			for _, want := range []string{"By form", "By status", "By currency", "By payment type", "Top donors", "refunded 0.0%", "median USD"} {
				if !strings.Contains(text, want) {
					t.Errorf("the insights lack %q", want)
				}
			}
			d.keys("w")
			d.mustShow("By week (USD, converted)")
			if !strings.Contains(keyText(v.facts.periods[0]), "-") {
				t.Errorf("a week is named by its Monday's date: %q", keyText(v.facts.periods[0]))
			}
			d.keys("esc")
			if d.m.focus != listID {
				t.Errorf("esc: focus %v", d.m.focus)
			}
		})
	}
}

func TestSparklineSpansFewestToMost(t *testing.T) {
	groups := groupsOfCounts(10, 15, 20)
	if got := sparkline(groups, 10); got != "▁▄█" {
		t.Errorf("sparkline = %q", got)
	}
	if got := sparkline(groupsOfCounts(5, 5), 10); got != "██" {
		t.Errorf("flat sparkline = %q", got)
	}
	if got := sparkline(groupsOfCounts(1, 2, 3, 4), 2); got != "▁█" {
		t.Errorf("the latest that fit: %q", got)
	}
}

func groupsOfCounts(counts ...int) []store.Group {
	var out []store.Group
	for _, n := range counts {
		out = append(out, store.Group{Key: []string{"k"}, Count: n})
	}
	return out
}

// Insights over no donation say so, rather than draw bars in no currency.
func TestInsightsOverNothing(t *testing.T) {
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
	src, _ := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	d := newDriver(t, src, 120, 60)
	d.keys("G", "i")
	v := d.m.children[insightsID].(*insightsView)
	if d.m.focus != insightsID || v.facts == nil {
		t.Fatalf("focus %v, facts %v, err %v", d.m.focus, v.facts, v.err)
	}
	footer := d.m.data.shown.sums
	if footer.NotConverted == 0 {
		t.Fatal("every gift had a conversion: the test tests nothing")
	}
	if total, _ := sumOf(v.facts.periods, "USD"); total.Compare(footer.ConvCount["USD"]) != 0 {
		t.Errorf("the months add up to %s, the footer says %s raised", total, footer.ConvCount["USD"])
	}
}
