package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"donations/api/demo"
	"donations/store"
	"donations/ui/uictx"
	"donations/ui/views/donors"
	"donations/ui/views/insights"
)

// Insights and the donor view count what the footer counts (issue 29.2):
// the paid gifts, the rest in words, or with a, every status but
// refunded; the switch holds in every view until pressed again.
func TestTotalsCountWhatTheFooterCounts(t *testing.T) {
	src, _ := demoSource(t, demo.Options{Count: 600})
	d := newDriver(t, src, 120, 35)
	d.keys("G", "i")
	v := d.m.children[insights.ID].(*insights.View)
	st, ctx := d.m.data.active(), context.Background()
	notRefunded := []string{"paid", "pending", "failed", "disputed"}
	check := func(what string, statuses []string) {
		t.Helper()
		want, err := st.Donors(ctx, store.Filter{Statuses: statuses}, "total", true, 0, 1)
		if err != nil || len(v.Facts().Top) == 0 || v.Facts().Top[0].Email != want[0].Email || v.Facts().Top[0].Total.Compare(want[0].Total) != 0 {
			t.Fatalf("%s: top donor %+v, want %+v (%v)", what, v.Facts().Top[0], want[0], err)
		}
		median, _, err := st.Median(ctx, store.Filter{Statuses: statuses})
		if err != nil || v.Facts().Median.Compare(median) != 0 {
			t.Fatalf("%s: median %s, want %s (%v)", what, v.Facts().Median, median, err)
		}
	}
	check("paid", []string{"paid"})
	d.mustShow("counted (paid)", "raised ≈ USD", "refunded", "not counted")
	mustDraw(t, v, "Top donors (paid)")
	d.keys("a")
	check("every status", notRefunded)
	d.mustShow("counted (all but refunded)")
	mustDraw(t, v, "Top donors (all but refunded)")

	// The footer and the donor view count the same, the switch still on.
	d.keys("esc")
	if sums := d.m.data.shown.sums; !sums.Rule.AllStatuses || sums.ConvCount["USD"].Compare(sums.Converted["USD"].Sub(sums.ByStatus["refunded"]["USD"])) != 0 {
		t.Errorf("footer: rule %+v counts USD %s of %s", sums.Rule, sums.ConvCount["USD"], sums.Converted["USD"])
	}
	d.mustShow("Σ raised ≈ " + uictx.Money("USD", d.m.data.shown.sums.ConvCount["USD"]))
	d.keys("d")
	dv := d.m.children[donors.ID].(*donors.View)
	for _, tc := range []struct {
		key      string
		statuses []string
		word     string
	}{{"", notRefunded, "all but refunded"}, {"a", []string{"paid"}, "paid"}} {
		d.keys(tc.key)
		want, err := st.Donors(ctx, store.Filter{Statuses: tc.statuses}, "total", true, 0, 1)
		n, _ := st.DonorCount(ctx, store.Filter{Statuses: tc.statuses})
		if err != nil || len(dv.Rows()) == 0 || dv.Rows()[0].Email != want[0].Email || dv.Rows()[0].Gifts != want[0].Gifts || dv.Total() != n {
			t.Fatalf("donors counting %s: first %+v of %d, want %+v of %d", tc.word, dv.Rows()[0], dv.Total(), want[0], n)
		}
		d.mustShow("gifts: " + tc.word)
	}
}

// mustDraw checks what insights draws, below the screen too.
func mustDraw(t *testing.T, v *insights.View, want string) {
	t.Helper()
	if text := ansi.Strip(v.Draw(116)); !strings.Contains(text, want) {
		t.Fatalf("insights lack %q:\n%s", want, text)
	}
}
