package store

import (
	"context"

	"donations/api"
)

// MonthSum is what the counted gifts of a calendar month of q's year
// (ThisYear) or of the year before add up to: how many, and their sum in
// the currency asked (a gift in another counts and adds nothing).
type MonthSum struct {
	ThisYear bool
	Month    int // 1..12
	Gifts    int
	Sum      api.Decimal
}

// MonthSums are q's year and the one before added up by month, in cur,
// in no order; a month with no gift has none.
func (s *Store) MonthSums(ctx context.Context, q ReportQuery, cur string) ([]MonthSum, error) {
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return nil, err
	}
	// From the first day of last year on: the day is in the index.
	groups, err := s.tally(ctx, `SELECT tally(?, CASE WHEN cur = ? THEN e4 ELSE 0 END, day >= ?,
		CAST(substr(day, 6, 2) AS INTEGER)) FROM (`+g+`) WHERE counted AND day >= ?`,
		append(append([]any{cur, q.dayFrom(q.Year)}, args...), q.dayFrom(q.Year-1))...)
	if err != nil {
		return nil, err
	}
	out := make([]MonthSum, 0, len(groups))
	for k, t := range groups {
		m, _ := k[1].(int64)
		out = append(out, MonthSum{ThisYear: k[0] == int64(1), Month: int(m), Gifts: int(t.n), Sum: t.sum.decimal()})
	}
	return out, nil
}
