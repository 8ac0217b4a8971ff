package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/query"
	"donations/store"
	"donations/ui/uictx"
	"donations/ui/views/donors"
	"donations/ui/views/insights"
)

// Insights and the donor view count what the footer counts:
// the paid gifts, the rest in words, or with a, every status but
// refunded; the switch holds in every view until pressed again.
func TestTotalsCountWhatTheFooterCounts(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) { totalsCountWhatTheFooterCounts(t, sh) })
	}
}

func totalsCountWhatTheFooterCounts(t *testing.T, sh apitest.Shape) {
	// Every status is in three pages, which a walk crosses.
	src, srv := demoSource(t, sh.Of(demo.Options{Count: testCount}))
	all := apitest.Every(t, demoClient(t, srv))
	d := newDriver(t, src, 120, 35)
	d.keys("G", "i")
	v := d.m.children[insights.ID].(*insights.View)
	st, ctx := d.m.data.scratch.Store(), context.Background()
	notRefunded := []string{"paid", "pending", "failed", "disputed"}
	check := func(what string, statuses []string) {
		t.Helper()
		want, err := st.Donors(ctx, query.Filter{Statuses: statuses}, "total", true, 0, 1)
		if err != nil || len(v.Facts().Top) == 0 || v.Facts().Top[0].Email != want[0].Email || v.Facts().Top[0].Total.Compare(want[0].Total) != 0 {
			t.Fatalf("%s: top donor %+v, want %+v (%v)", what, v.Facts().Top[0], want[0], err)
		}
		if net := donorNet(t, all, want[0].Email, statuses); want[0].Total.Compare(net) != 0 {
			t.Fatalf("%s: top donor %s totals %s; their gifts, less refunds in part, %s", what, want[0].Email, want[0].Total, net)
		}
		median, _, err := st.Median(ctx, query.Filter{Statuses: statuses})
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
	want := countedOf(t, all, func(status string) bool { return status != store.Refunded })
	sums := d.m.data.sums()
	if !sums.Rule.All || sums.ConvCount["USD"].Compare(want.net["USD"]) != 0 || sums.Refunded["USD"].Compare(want.part["USD"]) != 0 {
		t.Errorf("footer: rule %+v counts USD %s less %s refunded in part, want %s less %s",
			sums.Rule, sums.ConvCount["USD"], sums.Refunded["USD"], want.net["USD"], want.part["USD"])
	}
	d.mustShow("Σ raised ≈ " + uictx.Money("USD", want.net["USD"]))
	if total := sumCounts(want.unconverted); total > 0 {
		// The headline counts those in its currency, of them all.
		d.mustShow(fmt.Sprintf("incl. %d of %d unconverted", want.unconverted["USD"], total))
	}
	d.keys("d")
	dv := d.m.children[donors.ID].(*donors.View)
	for _, tc := range []struct {
		key      string
		statuses []string
		word     string
	}{{"", notRefunded, "all but refunded"}, {"a", []string{"paid"}, "paid"}} {
		d.keys(tc.key)
		want, err := st.Donors(ctx, query.Filter{Statuses: tc.statuses}, "total", true, 0, 1)
		n, _ := st.DonorCount(ctx, query.Filter{Statuses: tc.statuses})
		if err != nil || len(dv.Rows()) == 0 || dv.Rows()[0].Email != want[0].Email || dv.Rows()[0].Gifts != want[0].Gifts || dv.Total() != n ||
			dv.Rows()[0].Total.Compare(donorNet(t, all, want[0].Email, tc.statuses)) != 0 {
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

// counted is what the footer's headline adds up, worked out from the
// records: per currency, the gifts of the statuses that count, each less
// the part refunded, converted or else in its own currency; part is what
// was taken off; unconverted how many of them had no conversion, by
// their own currency.
type counted struct {
	net, part   map[string]api.Decimal
	unconverted map[string]int
}

func countedOf(t *testing.T, all []api.Donation, counts func(status string) bool) counted {
	c := counted{net: map[string]api.Decimal{}, part: map[string]api.Decimal{}, unconverted: map[string]int{}}
	for i := range all {
		g, ok := apitest.NetOf(t, &all[i])
		if !ok || !counts(g.Status) {
			continue
		}
		c.net[g.Currency] = c.net[g.Currency].Add(api.ScaledDecimal(g.Net, 4))
		c.part[g.Currency] = c.part[g.Currency].Add(api.ScaledDecimal(g.Part, 4))
		if !g.Converted {
			c.unconverted[g.Currency]++
		}
	}
	return c
}

func sumCounts(m map[string]int) (n int) {
	for _, v := range m {
		n += v
	}
	return n
}

// donorNet is what the converted gifts of the e-mail email (as the store
// keys it) of the statuses given add up to, each less its part refunded.
func donorNet(t *testing.T, all []api.Donation, email string, statuses []string) api.Decimal {
	var sum api.Decimal
	for i := range all {
		g, ok := apitest.NetOf(t, &all[i])
		if ok && g.Converted && slices.Contains(statuses, g.Status) && strings.ToLower(strings.TrimSpace(all[i].Email.Value)) == email {
			sum = sum.Add(api.ScaledDecimal(g.Net, 4))
		}
	}
	return sum
}
