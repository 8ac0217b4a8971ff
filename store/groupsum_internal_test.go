package store

import (
	"math"
	"testing"
)

// Integer sums that would pass int64 move to exact decimals first: a
// donor's rows add up in Go, past what SQLite's sum() checks.
func TestSummingNeverOverflows(t *testing.T) {
	g := summing{Group: *NewGroup([]string{"a@example.org"})}
	for _, v := range []int64{math.MaxInt64, math.MaxInt64, 10} {
		g.add(groupRow{n: 1, cur: "USD", conv: "EUR", amount: v, converted: -v, nA4: 1, nC4: 1})
	}
	g.settle()
	// MaxInt64 × 2 + 10 = 18446744073709551624 (× 10^-4).
	if got := g.Amounts["USD"].String(); got != "1844674407370955.1624" {
		t.Errorf("amounts = %s, want 1844674407370955.1624", got)
	}
	if got := g.Converted["EUR"].String(); got != "-1844674407370955.1624" {
		t.Errorf("converted = %s, want -1844674407370955.1624", got)
	}
	if g.Count != 3 {
		t.Errorf("count = %d, want 3", g.Count)
	}
}
