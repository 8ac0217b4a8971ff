package store

import (
	"context"
	"fmt"
)

// DonorYears are the donors with an e-mail that gave, or did not, this
// year (q's), last year and before last year, counted and added up: what
// they gave in the currency asked this year and last year.
type DonorYears struct {
	ThisYear, LastYear, Before bool
	Donors                     int
	This, Last                 Sum
}

// RetentionGroups are q's donors with an e-mail grouped by the years they
// gave in, in cur: what retention tells apart.
func (s *Store) RetentionGroups(ctx context.Context, q ReportQuery, cur string) ([]DonorYears, error) {
	groups, err := s.retentionTally(ctx, q, cur)
	if err != nil {
		return nil, err
	}
	out := make([]DonorYears, 0, len(groups))
	for k, t := range groups {
		out = append(out, DonorYears{ThisYear: k[0] == int64(1), LastYear: k[1] == int64(1), Before: k[2] == int64(1),
			Donors: int(t.n), This: Sum{t.sum}, Last: Sum{t.sum2}})
	}
	return out, nil
}

// retentionTally is retentionGroups' tally2() groups: keyed by whether
// the donors gave this year, last year and before last year, with what
// they gave in cur this year (sum) and last year (sum2). tally2() adds
// them up in one pass: twenty-one sums over them in SQL are much of the
// report in a large store.
func (s *Store) retentionTally(ctx context.Context, q ReportQuery, cur string) (map[tallyKey]*tallySum, error) {
	const by = "SELECT tally2(?, ay, aly, iy, ily, before) FROM (%s)"
	if ok, err := s.donorYearsServe(ctx, q); ok || err != nil {
		if err != nil {
			return nil, err
		}
		counted, args := q.countedCond()
		return s.tally(ctx, fmt.Sprintf(by, `SELECT max(year) >= ? AS iy, max(year = ?) AS ily, min(year) < ? AS before,
			xsum(CASE WHEN year = ? AND cur = ? THEN e4 ELSE 0 END) AS ay, xsum(CASE WHEN year = ? AND cur = ? THEN e4 ELSE 0 END) AS aly
			FROM rollup_donor_year WHERE email_key <> '' AND year <= ? AND `+counted+` GROUP BY email_key`),
			append([]any{q.Year, q.Year - 1, q.Year - 1, q.Year, cur, q.Year - 1, cur, q.Year}, args...)...)
	}
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return nil, err
	}
	// A donor's gifts come in day order, and the day says the year with no
	// arithmetic.
	const d = `SELECT max(day) >= ? AS iy, max(day >= ? AND day < ?) AS ily, min(day) < ? AS before,
		xsum(CASE WHEN day >= ? AND cur = ? THEN e4 ELSE 0 END) AS ay,
		xsum(CASE WHEN day >= ? AND day < ? AND cur = ? THEN e4 ELSE 0 END) AS aly
		FROM (%s) WHERE counted AND email_key <> '' GROUP BY email_key`
	y, ly := q.dayFrom(q.Year), q.dayFrom(q.Year-1)
	return s.tally(ctx, fmt.Sprintf(by, fmt.Sprintf(d, g)), append([]any{y, ly, y, ly, y, cur, ly, y, cur}, args...)...)
}
