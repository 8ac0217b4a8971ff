package store

import (
	"context"

	"donations/api"
)

// BandSum is what falls in one band of a gift range table: the donors
// (none by gift), their gifts, and what they add up to in the currency
// asked.
type BandSum struct {
	Donors, Gifts int
	Amount        api.Decimal
}

// Bands adds q's year up in cur into bands whose lower ends are from, in
// whole units ascending: the donors by what they gave in the year, or
// with byGift each gift by its size. A total below from[0] falls in
// below; an amount that is no number in none (the notes count it).
func (s *Store) Bands(ctx context.Context, q ReportQuery, cur string, byGift bool, from []int64) (bands []BandSum, below BandSum, err error) {
	bands = make([]BandSum, len(from))
	sums := make([]amountSum, len(from)+1) // the last: below
	units, args, err := s.rangeUnits(ctx, q, cur, byGift)
	if err != nil {
		return bands, below, err
	}
	rows, err := s.db.QueryContext(ctx, units, args...)
	if err != nil {
		return bands, below, s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var t amountSum
		var n int
		var null bool
		if err := rows.Scan(&t, &n, &null); err != nil {
			return bands, below, s.explain(err)
		}
		if null {
			continue
		}
		i, b := bandOf(t, from), &below
		if i >= 0 {
			b = &bands[i]
		} else {
			i = len(from)
		}
		if !byGift {
			b.Donors++
		}
		b.Gifts += n
		sums[i].plus(t)
	}
	for i := range bands {
		bands[i].Amount = sums[i].decimal()
	}
	below.Amount = sums[len(from)].decimal()
	return bands, below, s.explain(rows.Err())
}

// bandOf is the band of from that t falls in, -1 below the first.
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
