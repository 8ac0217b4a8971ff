package store

import "context"

// YearMonth is one month of a year against the same month of the year
// before: gifts and amounts (in the report's currency), in the month and
// from the year's start to its end.
type YearMonth struct {
	Month                  int // 1..12, calendar month
	This, Last             Part
	ThisToDate, LastToDate Part
	// ToCome: the month starts after the report's Now, so this year's
	// figures of it are not known yet, not nothing.
	ToCome bool
	// Under way: the month holds the report's Now, so this year's figures
	// of it are of its first days, last year's of the whole month.
	UnderWay bool
}

// YearOverYear is q's year against the one before, month by month from
// the year's first month. Part.Donors counts gifts here; a gift in another
// currency than cur counts but adds nothing (the notes say how much).
func (s *Store) YearOverYear(ctx context.Context, q ReportQuery, cur string) ([]YearMonth, error) {
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
	months := make([]YearMonth, 12)
	fs := q.fiscalStart()
	start, _ := q.YearSpan(q.Year, s.reportZone(q))
	for i := range months {
		months[i].Month = (fs-1+i)%12 + 1
		months[i].ToCome = q.Now.Before(start.AddDate(0, i, 0))
		months[i].UnderWay = !months[i].ToCome && q.Now.Before(start.AddDate(0, i+1, 0))
	}
	for k, t := range groups {
		m, _ := k[1].(int64)
		p := &months[(int(m)-fs+12)%12].Last
		if k[0] == int64(1) {
			p = &months[(int(m)-fs+12)%12].This
		}
		*p = Part{int(t.n), t.sum.decimal()}
	}
	var this, last Part
	for i := range months {
		this, last = this.plus(months[i].This), last.plus(months[i].Last)
		months[i].ThisToDate, months[i].LastToDate = this, last
	}
	return months, nil
}

func (p Part) plus(o Part) Part { return Part{p.Donors + o.Donors, p.Amount.Add(o.Amount)} }
