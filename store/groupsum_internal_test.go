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

// A gift's amount scans to its value and says it has one; NULL scans to
// none, so that the group adds nothing (not a zero) in its currency; a
// value SQL should never hold is an error, not a zero.
func TestE4ScanSaysWhetherThereIsAnAmount(t *testing.T) {
	v, n := int64(7), int64(1)
	sc := e4Scan{&v, &n}
	if err := sc.Scan(int64(12500)); err != nil || v != 12500 || n != 1 {
		t.Errorf("int64: %d, %d, %v", v, n, err)
	}
	if err := sc.Scan(nil); err != nil || v != 0 || n != 0 {
		t.Errorf("NULL: %d, %d, %v", v, n, err)
	}
	if err := sc.Scan("12.5"); err == nil {
		t.Error("text scanned without an error")
	}
}
