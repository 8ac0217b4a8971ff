package store

import (
	"fmt"
	"maps"
	"math"
	"testing"

	"donations/api"
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

// A group's maps given back (Release) are empty when settle fills them
// again: a sum of the group before must not add to the next one's.
func TestReleasedMapsSettleAfresh(t *testing.T) {
	for i := range 20 {
		g := summing{Group: Group{Key: []string{"a@example.org"}}}
		g.add(groupRow{n: 1, cur: "USD", amount: int64(i) * 10_000, nA4: 1})
		g.add(groupRow{n: 1, cur: fmt.Sprintf("X%d", i), conv: "EUR", amount: 5, converted: 7, nA4: 1, nC4: 1})
		g.settle()
		want := map[string]string{"USD": fmt.Sprintf("%d.00", i), fmt.Sprintf("X%d", i): "0.0005"}
		if got := texts(g.Amounts); !maps.Equal(got, want) {
			t.Fatalf("round %d: amounts %v, want %v", i, got, want)
		}
		if got := texts(g.Converted); !maps.Equal(got, map[string]string{"EUR": "0.0007"}) {
			t.Fatalf("round %d: converted %v", i, got)
		}
		if got := texts(g.Unconverted); !maps.Equal(got, map[string]string{"USD": fmt.Sprintf("%d.00", i)}) {
			t.Fatalf("round %d: unconverted %v", i, got)
		}
		Release(g.Group)
	}
}

func texts(m map[string]api.Decimal) map[string]string {
	out := map[string]string{}
	for cur, v := range m {
		out[cur] = v.String()
	}
	return out
}

// Finding a group of partial refunds by its key joins the key in a buffer
// kept from group to group, and makes no string of it: a summary by donor
// and day looks up every group it reads.
func TestFindingAGroupAllocatesNothing(t *testing.T) {
	a := newGroups()
	a.get([]string{"a@example.org", "2024-01-02"}).Count = 3
	var buf []byte
	var g *Group
	for _, tc := range []struct {
		key  []string
		want int // 0: none
	}{{[]string{"a@example.org", "2024-01-02"}, 3}, {[]string{"a@example.org", "2024-01-03"}, 0}, {[]string{"a@example.org"}, 0}} {
		got := 0
		if g, buf = a.find(tc.key, buf); g != nil {
			got = g.Count
		}
		if got != tc.want {
			t.Errorf("%q: count %d, want %d", tc.key, got, tc.want)
		}
	}
	key := []string{"b@example.org", "2024-01-02"}
	if n := testing.AllocsPerRun(100, func() { g, buf = a.find(key, buf) }); n != 0 || g != nil {
		t.Errorf("%v allocations a lookup, found %v", n, g)
	}
}
