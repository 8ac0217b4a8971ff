package report

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"donations/api"
	"donations/store"
)

// Band is one row of a gift range table: the donors whose gifts of the
// year add up to From or more, and less than the next band's From (by
// gift: the gifts of that size), how many gifts they made and what they
// gave, in the report's currency.
type Band struct {
	From   api.Decimal
	Donors int // by gift: none
	Gifts  int
	Amount api.Decimal
}

// RangeTable is a gift range table: its bands, and what falls in none,
// donors whose year adds up to less than nothing (refunds and negative
// amounts) or such gifts.
type RangeTable struct {
	ByGift bool
	Bands  []Band
	Below  Band
}

// DefaultBands are the lower ends of the gift range table's bands.
var DefaultBands = []int64{0, 100, 250, 500, 1000, 2500, 5000, 10000}

// Ranges bands q's year in cur: the donors by what they gave in the year,
// or, with q.ByGift, each gift by its size; from are the bands' lower ends in
// whole units, ascending, the first 0 (a band from 0 is added where they
// do not start there). Totals below 0 fall in no band (Below).
func Ranges(ctx context.Context, st *store.Store, q Query, cur string, from []int64) (RangeTable, error) {
	if len(from) == 0 || from[0] != 0 {
		from = append([]int64{0}, from...)
	}
	out := RangeTable{ByGift: q.ByGift, Bands: make([]Band, len(from))}
	sums, below, err := st.Bands(ctx, q.SQL(), cur, q.ByGift, from)
	for i, f := range from {
		out.Bands[i] = Band{From: api.ScaledDecimal(f, 0), Donors: sums[i].Donors, Gifts: sums[i].Gifts, Amount: sums[i].Amount}
	}
	out.Below = Band{Donors: below.Donors, Gifts: below.Gifts, Amount: below.Amount}
	return out, err
}

// ParseBands reads bands' lower ends as "0,100,250": whole units,
// ascending.
func ParseBands(s string) ([]int64, error) {
	var out []int64
	for _, part := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
		if err != nil || v < 0 || v > 1e9 {
			return nil, fmt.Errorf("%q is not a whole amount from 0 to 1,000,000,000", strings.TrimSpace(part))
		}
		if len(out) > 0 && v <= out[len(out)-1] {
			return nil, fmt.Errorf("the bands must ascend: %d after %d", v, out[len(out)-1])
		}
		out = append(out, v)
	}
	return out, nil
}
