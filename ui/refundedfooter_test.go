package ui

import (
	"context"
	"maps"
	"strings"
	"testing"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/ui/uictx"
)

// The footer's refunded money is what `donations summary` says of it: a
// converted sum counts a gift sent with no conversion in its own
// currency, as the headline beside it does. It counted only the converted
// ones, so on the platform's shape it said "+USD 39,904.15 refunded"
// where summary said USD 45,014.00 and five other currencies; refunded in
// several currencies, the footer says how many rather than one sum.
func TestFooterRefundedCountsGiftsWithoutConversion(t *testing.T) {
	t.Parallel()
	src, _ := demoSource(t, demo.Options{Shape: demo.ShapeDonorbox})
	d := newDriver(t, src, 120, 35)
	d.keys("G")
	want, n := map[string]api.Decimal{}, 0
	_, err := d.m.data.asked().Donations(context.Background(), func(x *api.Donation) error {
		if x.Status.Value != dataset.Refunded {
			return nil
		}
		n++
		amount, cur := x.ConvertedAmount, x.ConvertedCurrency.Value
		if !amount.Valid {
			amount, cur = x.Amount, strings.ToUpper(x.Currency.Value)
		}
		v, _ := amount.Decimal()
		want[cur] = want[cur].Add(v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got := d.m.data.sums().ByStatus[dataset.Refunded]
	if len(want) < 2 || !maps.EqualFunc(got, want, func(a, b api.Decimal) bool { return a.Compare(b) == 0 }) {
		t.Errorf("refunded: the footer adds up %v, the gifts %v", got, want)
	}
	d.mustShow(uictx.Commas(n) + " refunded")
}
