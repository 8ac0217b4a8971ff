package apitest

import (
	"math/big"
	"strings"
	"testing"

	"donations/api"
)

// Gift is what one record counts for in every sum, worked out from the
// record alone, apart from the store that the tests check: in Currency (the
// converted one where the server converted the gift, else its own), Net is
// the amount less Part, what a refund in part took off it (the same share
// of the converted amount, rounded half away from zero to the cent). A gift
// refunded whole keeps its amount: its status keeps it out of what counts.
// Amounts are × 10^4.
type Gift struct {
	Status, Currency string // Status as the store keys it: trimmed, lower case
	Net, Part        int64
	Converted        bool
}

// NetOf is d as a Gift; ok is false for a record without an amount. A
// number with more than four decimals fails t: the tests read exact amounts.
func NetOf(t testing.TB, d *api.Donation) (g Gift, ok bool) {
	t.Helper()
	amount, ok := e4(t, d.Amount)
	if !ok {
		return Gift{}, false
	}
	g = Gift{Status: strings.ToLower(strings.TrimSpace(d.Status.Value)), Currency: strings.ToUpper(d.Currency.Value), Net: amount}
	if conv, ok := e4(t, d.ConvertedAmount); ok && strings.TrimSpace(d.ConvertedCurrency.Value) != "" {
		g.Currency, g.Net, g.Converted = strings.ToUpper(d.ConvertedCurrency.Value), conv, true
	}
	if r, ok := e4(t, d.AmountRefunded); ok && r > 0 && g.Status != "refunded" {
		g.Part = min(r, amount)
		if g.Net != amount || g.Currency != strings.ToUpper(d.Currency.Value) {
			// The nearest multiple of 100 (a cent), half up.
			x := new(big.Int).Mul(big.NewInt(2*g.Net), big.NewInt(g.Part))
			x.Add(x, big.NewInt(100*amount))
			g.Part = x.Div(x, big.NewInt(200*amount)).Int64() * 100
		}
	}
	g.Net -= g.Part
	return g, true
}

// e4 is n × 10^4, as it was sent.
func e4(t testing.TB, n api.Number) (int64, bool) {
	t.Helper()
	d, ok := n.Decimal()
	if !ok {
		return 0, false
	}
	v, exact := d.Scaled(4)
	if !exact {
		t.Fatalf("%q has more than four decimals: the test reads exact amounts only", n.Text)
	}
	return v, true
}
