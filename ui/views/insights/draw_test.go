package insights

import (
	"strings"
	"testing"

	"donations/api"
	"donations/dataset"
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

// The top donors end with how many more tie the last one's total.
func TestTopDonorsSayHowManyMoreTie(t *testing.T) {
	total := api.ScaledDecimal(10000, 2)
	top := []dataset.Donor{{Email: "a@example.org", Currency: "USD", Total: total, Gifts: 1}}
	if got := topDonors(top, 2, 80); !strings.Contains(got, "2 more tie at USD 100.00") {
		t.Errorf("top donors:\n%s\nwant a line: 2 more tie at USD 100.00", got)
	}
	if got := topDonors(top, 0, 80); strings.Contains(got, "tie") {
		t.Errorf("top donors with no tie speak of one:\n%s", got)
	}
}
