package insights

import (
	"strings"
	"testing"

	"donations/api"
)

// The median of an even count is the mean of the two middle gifts, exact
// to half a cent; it is said as money, to the cent.
func TestTheMedianIsSaidToTheCent(t *testing.T) {
	median, err := api.ParseDecimal("69.965")
	if err != nil {
		t.Fatal(err)
	}
	v := &View{facts: &Facts{Median: median, MedianOf: 2}}
	line := v.shares("USD", api.ScaledDecimal(13993, 2), 2, 200)
	if !strings.Contains(line, "median USD 69.97") {
		t.Fatalf("shares: %q, want the median to the cent (USD 69.97)", line)
	}
}
