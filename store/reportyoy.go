package store

import (
	"context"

	"donations/api"
)

// YearMonth is one month of a year against the same month of the year
// before: gifts and amounts (in the report's currency), in the month and
// from the year's start to its end.
type YearMonth struct {
	Month                  int // 1..12, calendar month
	This, Last             Part
	ThisToDate, LastToDate Part
}

// YearOverYear is q's year against the one before, month by month from
// the year's first month. Part.Donors counts gifts here; a gift in another
// currency than cur counts but adds nothing (the notes say how much).
func (s *Store) YearOverYear(ctx context.Context, q ReportQuery, cur string) ([]YearMonth, error) {
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT fy = ?, CAST(substr(day, 6, 2) AS INTEGER), count(*),
		sum(CASE WHEN cur = ? THEN e4 ELSE 0 END) FROM (`+g+`) WHERE counted AND fy >= ? GROUP BY 1, 2`,
		append(append([]any{q.Year, cur}, args...), q.Year-1)...)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	months := make([]YearMonth, 12)
	fs := q.fiscalStart()
	for i := range months {
		months[i].Month = (fs-1+i)%12 + 1
	}
	for rows.Next() {
		var this bool
		var m, n int
		var sum int64
		if err := rows.Scan(&this, &m, &n, &sum); err != nil {
			return nil, s.explain(err)
		}
		p := &months[(m-fs+12)%12].Last
		if this {
			p = &months[(m-fs+12)%12].This
		}
		*p = Part{n, api.ScaledDecimal(sum, scale)}
	}
	if err := rows.Err(); err != nil {
		return nil, s.explain(err)
	}
	var this, last Part
	for i := range months {
		this, last = this.plus(months[i].This), last.plus(months[i].Last)
		months[i].ThisToDate, months[i].LastToDate = this, last
	}
	return months, nil
}

func (p Part) plus(o Part) Part { return Part{p.Donors + o.Donors, p.Amount.Add(o.Amount)} }
