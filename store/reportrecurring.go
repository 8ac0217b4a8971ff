package store

import (
	"cmp"
	"context"
	"slices"
	"time"

	"donations/api"
)

// Stopping is how many of its plan's intervals without a gift make a
// recurring donor stopped.
const Stopping = 2

// RecurringDonor is a donor with counted recurring gifts up to the end of
// the period (the year's end, or now in a year not over), named as on
// their newest: their first and last such gift, the last one's plan's
// interval and its amount a month (the monthly value), and their count and
// total, in the report's currency.
type RecurringDonor struct {
	Email, FirstName, LastName string
	First, Last                time.Time
	// Interval is the last gift's plan's interval; zero when the server
	// sent none, or one not understood: it is then taken as monthly.
	Interval       Interval
	Monthly, Total api.Decimal
	Gifts          int
	// Active: the Stopping intervals after the last gift run past the
	// period's end. Started: the first gift in the period. Stopped: not
	// active, and the Stopping intervals ran out in the period.
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
// value first; fn must not use the store. The donors are held to be
// sorted: the monthly value is worked out from the interval here.
func (s *Store) Recurring(ctx context.Context, q ReportQuery, cur string, fn func(RecurringDonor) error) error {
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return err
	}
	from, _ := q.YearSpan(q.Year, s.zone)
	end := q.RecurringEnd(s.zone)
	// One pass by donor off the donor index: beside the lone max() the
	// bare columns are the newest gift's (least() is no built-in min()).
	rows, err := s.db.QueryContext(ctx, `SELECT email_key, least(date_utc), max(date_utc),
			coalesce(first_name, ''), coalesce(last_name, ''), cur = ?, e4, coalesce(plan_interval, ''),
			count(*), sum(CASE WHEN cur = ? THEN e4 ELSE 0 END)
		FROM (`+g+`) WHERE counted AND recurring AND email_key <> '' AND date_utc < ? GROUP BY email_key ORDER BY email_key`,
		slices.Concat([]any{cur, cur}, args, []any{end.UnixMilli()})...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	var all []RecurringDonor
	var order []monthlyRank
	intervals := map[string]Interval{} // a few forms, read once each
	for rows.Next() {
		var d RecurringDonor
		var first, last, e4, total int64
		var inCur bool
		var every string
		if err := rows.Scan(&d.Email, &first, &last, &d.FirstName, &d.LastName, &inCur, &e4, &every, &d.Gifts, &total); err != nil {
			return s.explain(err)
		}
		iv, ok := intervals[every]
		if !ok {
			iv, _ = ParseInterval(every)
			intervals[every] = iv
		}
		d.Interval, d.Total = iv, api.ScaledDecimal(total, scale)
		d.First, d.Last = time.UnixMilli(first).In(s.zone), time.UnixMilli(last).In(s.zone)
		monthly := int64(0)
		if inCur {
			monthly = iv.MonthlyE4(e4)
		}
		d.Monthly = api.ScaledDecimal(monthly, scale)
		stop := iv.After(d.Last, Stopping)
		d.Active = !stop.Before(end)
		d.Started = !d.First.Before(from)
		d.Stopped = !d.Active && !stop.Before(from)
		order = append(order, monthlyRank{monthly, len(all)})
		all = append(all, d)
	}
	if err := rows.Err(); err != nil {
		return s.explain(err)
	}
	// Sorting the donors themselves moved a few hundred bytes a swap, and
	// comparing their e-mails reached into each: they are read in e-mail
	// order (the donor index's, at no cost), so their places tell it.
	slices.SortFunc(order, func(a, b monthlyRank) int {
		return cmp.Or(cmp.Compare(b.e4, a.e4), cmp.Compare(a.i, b.i))
	})
	for _, r := range order {
		if err := fn(all[r.i]); err != nil {
			return err
		}
	}
	return nil
}

// monthlyRank is a recurring donor's monthly value × 10^4 and their place
// in the list read.
type monthlyRank struct {
	e4 int64
	i  int
}
