package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/textsafe"
	"donations/ui/uictx"
)

// The platform's old gifts come without a conversion: the footer's
// converted total counts those in its currency in their own amounts and
// says how many of them all it counts: those in other currencies it
// cannot (one count of both said the figure held gifts it did not). At 80
// and 120 columns, no number cut.
func TestTotalsSayWhatHadNoConversion(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	in, apart := 0, 0
	for _, d := range apitest.Every(t, demoClient(t, srv)) {
		g, ok := apitest.NetOf(t, &d)
		switch {
		case !ok || g.Status != "paid" || g.Converted:
		case g.Currency == "USD":
			in++
		default:
			apart++
		}
	}
	if in == 0 || apart == 0 {
		t.Fatalf("%d USD gifts and %d others had no conversion: the test tests nothing", in, apart)
	}
	// One browser, the terminal resized: the footer is drawn anew at each size.
	d := newDriver(t, src, 80, 24)
	for _, size := range [][2]int{{80, 24}, {120, 35}} {
		d.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		d.keys("G")
		sums := d.m.data.sums()
		if len(sums.Converted) != 1 {
			t.Fatalf("converted totals in %v, want the one currency the demo converts to", sums.Converted)
		}
		d.mustShow(fmt.Sprintf("incl. %d of %d unconverted", in, in+apart))
		if line := ansi.Strip(d.m.totalsLine()); cutNumber.MatchString(line) || textsafe.Width(line) > size[0] {
			t.Errorf("%d columns: %q", size[0], line)
		}
	}
}

// A paid gift refunded in part counts less the part refunded, and the
// footer says what was taken off: the net total and the part refunded add
// up to what the paid gifts were converted to, as the server sent them.
func TestTotalsSayWhatWasRefundedInPart(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	gross, refunds := api.Decimal{}, 0
	for _, d := range apitest.Every(t, demoClient(t, srv)) {
		// A gift without conversion counts in its own currency: in USD when
		// that is its currency.
		conv, ok := d.ConvertedAmount.Decimal()
		cur := d.ConvertedCurrency.Value
		if !ok {
			conv, ok = d.Amount.Decimal()
			cur = d.Currency.Value
		}
		if d.Status.Value != "paid" || !ok || !strings.EqualFold(cur, "USD") {
			continue
		}
		gross = gross.Add(conv)
		if r, ok := d.AmountRefunded.Decimal(); ok && r.Compare(api.Decimal{}) != 0 {
			refunds++
		}
	}
	if refunds == 0 {
		t.Fatal("no paid gift was refunded in part: the test tests nothing")
	}
	d := newDriver(t, src, 200, 30)
	d.keys("G")
	sums := d.m.data.sums()
	part := sums.Refunded["USD"]
	if part.Compare(api.Decimal{}) <= 0 {
		t.Fatalf("the footer took nothing off for %d gifts refunded in part", refunds)
	}
	d.mustShow(uictx.Money("USD", part) + " refunded in part")
	if got := sums.ConvCount["USD"].Add(part); got.Compare(gross) != 0 {
		t.Errorf("net %s + refunded in part %s = %s, want the paid gifts' %s", sums.ConvCount["USD"], part, got, gross)
	}
}

// The footer's ↻ counts the recurring gifts its Σ counts, as insights and
// summary do: on donorbox the paid ones, with a every status but refunded,
// never a recurring gift the headline leaves out.
func TestRecurringCountsWhatTheHeadlineCounts(t *testing.T) {
	t.Parallel()
	src, srv := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	all := apitest.Every(t, demoClient(t, srv))
	recurring := func(counts func(status string) bool) (n, every int) {
		for i := range all {
			if !all[i].Recurring.Value {
				continue
			}
			every++
			if counts(strings.ToLower(strings.TrimSpace(all[i].Status.Value))) {
				n++
			}
		}
		return n, every
	}
	// Wide enough for the full "↻ N recurring" beside "+6 currencies".
	d := newDriver(t, src, 230, 30)
	for _, tc := range []struct {
		key    string
		counts func(string) bool
	}{
		{"", func(s string) bool { return s == "paid" }},
		{"a", func(s string) bool { return s != "refunded" }},
	} {
		d.keys(tc.key)
		want, every := recurring(tc.counts)
		if want == every {
			t.Fatalf("every recurring gift counts (%d): the test tests nothing", every)
		}
		if got := d.m.data.sums().Recurring; got != want {
			t.Errorf("after %q: ↻ %d recurring, want the %d the headline counts of %d", tc.key, got, want, every)
		}
		d.mustShow(fmt.Sprintf("↻ %s recurring", uictx.Commas(want)))
	}
}

// bareMore is a "+3" with no noun after it: "+3 statuses" and "+6
// currencies" say what the 3 and the 6 are.
var bareMore = regexp.MustCompile(`\+[\d,]*\d(?:[^\d, ]|,|$| [^\pL])`)

// What the footer leaves out for want of room it counts with a noun: "+3"
// alone says nothing. Each shape, the paid gifts and every
// status, at 80 and 100 columns, where parts are left out.
func TestFooterSaysWhatItLeavesOut(t *testing.T) {
	t.Parallel()
	for _, sh := range apitest.RacedShapes() {
		t.Run(sh.Name, func(t *testing.T) {
			src, _ := demoSource(t, sh.Of(demo.Options{}))
			// One browser, the terminal resized: at 80 columns the paid
			// gifts, then every status; at 100 every status, then the paid.
			d := newDriver(t, src, 80, 24)
			for _, w := range []int{80, 100} {
				d.send(tea.WindowSizeMsg{Width: w, Height: 24})
				for _, key := range []string{"G", "a"} {
					d.keys(key)
					line := ansi.Strip(d.m.totalsLine())
					if bareMore.MatchString(line) || textsafe.Width(line) > w {
						t.Errorf("%d columns, after %s (every status: %v): a bare count or too wide: %q", w, key, d.m.data.allStatuses, line)
					}
				}
			}
		})
	}
	// The money refunded shows, the rest counted by its noun. The part
	// refunds are a detail of the headline: where the refunded money does
	// not fit beside them, they give way. (--demo's own 5,000 gifts at 80
	// columns: the line is full.) Accounts of these sizes, 9,500 gifts in
	// all, are for the first pass; the race pass (-short) checks the words
	// above on its smaller account.
	t.Run("figures of fixed accounts", func(t *testing.T) {
		skipShort(t)
		footerFiguresOfFixedAccounts(t)
	})
}

func footerFiguresOfFixedAccounts(t *testing.T) {
	type step struct {
		keys []string
		want string
	}
	for _, tc := range []struct {
		opts  demo.Options
		w, h  int
		steps []step // each goes on from the screen the one before left
	}{
		// The figures are of 1,500 gifts, not testCount's 300.
		{demo.Options{Count: 1500}, 80, 24, []step{{[]string{"G"}, "+USD 20,631.08 refunded +3 statuses, not counted"}}},
		{demo.Options{Count: 5000}, 80, 24, []step{{[]string{"G"}, "refunded +3 statuses, not counted"}}},
		// Refunded in six currencies (gifts with no conversion count in
		// their own): how many, as summary says it, not one currency's sum.
		// What is left out gives the bare ↻ room where it still names a
		// figure.
		{demo.Options{Shape: demo.ShapeDonorbox, Count: 1500}, 120, 35, []step{
			{[]string{"G"}, "│  +84 refunded · 92 pending +2 statuses, not counted  │  ↻ 253"},
			{[]string{"a"}, "+84 refunded +1 part refund, not counted  │  ↻ 314"},
		}},
	} {
		src, _ := demoSource(t, tc.opts)
		d := newDriver(t, src, tc.w, tc.h)
		for _, s := range tc.steps {
			d.keys(s.keys...)
			d.mustShow(s.want)
		}
	}
}
