package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"donations/api"
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
func (s *Store) Ranges(ctx context.Context, q ReportQuery, cur string, from []int64) (RangeTable, error) {
	byGift := q.ByGift
	if len(from) == 0 || from[0] != 0 {
		from = append([]int64{0}, from...)
	}
	out := RangeTable{ByGift: byGift, Bands: make([]Band, len(from))}
	for i, f := range from {
		out.Bands[i].From = api.ScaledDecimal(f, 0)
	}
	sums := make([]amountSum, len(from)+1) // the last: Below
	units, args, err := s.rangeUnits(ctx, q, cur, byGift)
	if err != nil {
		return out, err
	}
	rows, err := s.db.QueryContext(ctx, units, args...)
	if err != nil {
		return out, s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var t amountSum
		var n int
		var null bool
		if err := rows.Scan(&t, &n, &null); err != nil {
			return out, s.explain(err)
		}
		if null {
			continue // an amount that is no number: the notes say so
		}
		i, b := bandOf(t, from), &out.Below
		if i >= 0 {
			b = &out.Bands[i]
		} else {
			i = len(from)
		}
		if !byGift {
			b.Donors++
		}
		b.Gifts += n
		sums[i].plus(t)
	}
	for i := range out.Bands {
		out.Bands[i].Amount = sums[i].decimal()
	}
	out.Below.Amount = sums[len(from)].decimal()
	return out, s.explain(rows.Err())
}

// bandOf is the band of from that t falls in, -1 below 0.
func bandOf(t amountSum, from []int64) int {
	for i := len(from) - 1; i >= 0; i-- {
		if t.exact == nil && t.e4 >= from[i]*10000 ||
			t.exact != nil && t.exact.Compare(api.ScaledDecimal(from[i], 0)) >= 0 {
			return i
		}
	}
	return -1
}

// rangeUnits is the SQL of what Ranges bands, and its arguments: each
// donor of q with an e-mail, what they gave in cur in q's year (t) in how
// many gifts (n); byGift, each gift of the year in cur, with or without
// an e-mail. null says the amount is no number.
func (s *Store) rangeUnits(ctx context.Context, q ReportQuery, cur string, byGift bool) (string, []any, error) {
	if ok, err := s.donorYearsServe(ctx, q); !byGift && (ok || err != nil) {
		counted, args := q.countedCond()
		return `SELECT xsum(e4) AS t, sum(n) AS n, 0 FROM rollup_donor_year WHERE email_key <> '' AND year = ? AND cur = ? AND ` +
			counted + ` GROUP BY email_key`, append([]any{q.Year, cur}, args...), err
	}
	g, args, err := s.gifts(ctx, q)
	if byGift {
		return `SELECT e4, 1, e4 IS NULL FROM (` + g + `) WHERE counted AND day >= ? AND cur = ?`, append(args, q.dayFrom(q.Year), cur), err
	}
	return `SELECT xsum(e4) AS t, count(*) AS n, 0 FROM (` + g + `) WHERE counted AND email_key <> '' AND day >= ? AND cur = ?
		GROUP BY email_key`, append(args, q.dayFrom(q.Year), cur), err
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
