package store

import (
	"context"
	"time"

	"donations/api"
)

// Stopping is how many intervals without a gift make a recurring donor
// stopped. The API sends no interval, so every plan is taken as monthly.
const Stopping = 2

// RecurringDonor is a donor with counted recurring gifts up to the end of
// the period (the year's end, or now in a year not over), named as on
// their newest: their first and last such gift, the last one's amount (the
// monthly value), and their count and total, in the report's currency.
type RecurringDonor struct {
	Email, FirstName, LastName string
	First, Last                time.Time
	Monthly, Total             api.Decimal
	Gifts                      int
	// Active: a gift within Stopping months of the period's end. Started:
	// the first gift in the period. Stopped: not active, and the Stopping
	// months ran out in the period.
	Active, Started, Stopped bool
}

// RecurringEnd is the end of the period a recurring report looks at: the
// year's end, or now in a year not over.
func (q ReportQuery) RecurringEnd(loc *time.Location) time.Time {
	_, until := q.YearSpan(q.Year, loc)
	if q.Now.Before(until) {
		return q.Now
	}
	return until
}

// Recurring calls fn with each recurring donor of q, the largest monthly
// value first; fn must not use the store.
func (s *Store) Recurring(ctx context.Context, q ReportQuery, cur string, fn func(RecurringDonor) error) error {
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return err
	}
	from, _ := q.YearSpan(q.Year, s.zone)
	end := q.RecurringEnd(s.zone)
	stop := end.AddDate(0, -Stopping, 0)
	rows, err := s.db.QueryContext(ctx, `WITH r AS (SELECT * FROM (`+g+`)
			WHERE counted AND recurring AND email_key <> '' AND date_utc < ?),
		f AS (SELECT email_key, min(date_utc) AS first FROM r GROUP BY email_key),
		l AS (SELECT email_key, max(date_utc) AS last, coalesce(first_name, '') AS first_name,
			coalesce(last_name, '') AS last_name, CASE WHEN cur = ? THEN e4 ELSE 0 END AS monthly,
			count(*) AS n, sum(CASE WHEN cur = ? THEN e4 ELSE 0 END) AS total FROM r GROUP BY email_key)
		SELECT email_key, first, last, first_name, last_name, monthly, n, total FROM l JOIN f USING (email_key)
		ORDER BY monthly DESC, email_key`, append(args, end.UnixMilli(), cur, cur)...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var d RecurringDonor
		var first, last, monthly, total int64
		if err := rows.Scan(&d.Email, &first, &last, &d.FirstName, &d.LastName, &monthly, &d.Gifts, &total); err != nil {
			return s.explain(err)
		}
		d.First, d.Last = time.UnixMilli(first).In(s.zone), time.UnixMilli(last).In(s.zone)
		d.Monthly, d.Total = api.ScaledDecimal(monthly, scale), api.ScaledDecimal(total, scale)
		d.Active = !d.Last.Before(stop)
		d.Started = !d.First.Before(from)
		d.Stopped = !d.Active && !d.Last.AddDate(0, Stopping, 0).Before(from)
		if err := fn(d); err != nil {
			return err
		}
	}
	return s.explain(rows.Err())
}
