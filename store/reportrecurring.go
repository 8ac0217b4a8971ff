package store

import (
	"cmp"
	"context"
	"slices"
	"strings"
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
// value first, then by e-mail; fn must not use the store.
func (s *Store) Recurring(ctx context.Context, q ReportQuery, cur string, fn func(RecurringDonor) error) error {
	list := s.recurringList(q)
	ok, err := s.recurringFast(ctx, q, cur, list)
	if err != nil {
		return err
	}
	if !ok {
		if err := s.recurringFrom(ctx, q, cur, everyDonation, list); err != nil {
			return err
		}
	}
	return list.each(fn)
}

// each calls fn with each donor of l, the largest monthly value first,
// then by e-mail.
func (l *recurringDonors) each(fn func(RecurringDonor) error) error {
	// Sorting the donors themselves moved a few hundred bytes a swap: their
	// places are sorted instead, and each is made as it is given.
	slices.SortFunc(l.order, func(a, b monthlyRank) int {
		return cmp.Or(b.monthly.compare(a.monthly), strings.Compare(a.email, b.email))
	})
	for _, r := range l.order {
		if err := fn(l.donor(r)); err != nil {
			return err
		}
	}
	return nil
}

// recurringFrom adds to list the recurring donors of q whose gifts src
// gives, in e-mail order.
func (s *Store) recurringFrom(ctx context.Context, q ReportQuery, cur string, src giftSource, list *recurringDonors) error {
	g, args, err := s.giftsFrom(ctx, q, src)
	if err != nil {
		return err
	}
	// One pass by donor off the donor index: beside the lone max() the
	// bare columns are the newest gift's (least() is no built-in min()).
	rows, err := s.db.QueryContext(ctx, `SELECT email_key, least(date_utc), max(date_utc),
			coalesce(first_name, ''), coalesce(last_name, ''), cur = ?, e4, coalesce(plan_interval, ''),
			count(*), xsum(CASE WHEN cur = ? THEN e4 ELSE 0 END)
		FROM (`+g+`) WHERE counted AND recurring AND email_key <> '' AND date_utc < ? GROUP BY email_key ORDER BY email_key`,
		slices.Concat([]any{cur, cur}, args, []any{list.end.UnixMilli()})...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var d RecurringDonor
		var r recurringSum
		var inCur bool
		if err := rows.Scan(&d.Email, &r.first, &r.last, &r.firstName, &r.lastName, &inCur, &r.amount, &r.interval, &r.gifts, &r.total); err != nil {
			return s.explain(err)
		}
		list.add(d.Email, r, inCur)
	}
	return s.explain(rows.Err())
}

// recurringDonors are the recurring donors of a report as they are read,
// and their places with their monthly value, to sort.
type recurringDonors struct {
	all       []recurringSum
	order     []monthlyRank
	zone      *time.Location
	from, end time.Time
	intervals map[string]Interval // a few forms, read once each
}

func (s *Store) recurringList(q ReportQuery) *recurringDonors {
	from, _ := q.YearSpan(q.Year, s.zone)
	return &recurringDonors{zone: s.zone, from: from, end: q.RecurringEnd(s.zone), intervals: map[string]Interval{}}
}

// add adds the donor email whose recurring gifts add up to r, with r's
// total in the report's currency, its newest gift's amount too if inCur.
func (l *recurringDonors) add(email string, r recurringSum, inCur bool) {
	var monthly amountSum
	if inCur {
		monthly = r.amount.monthly(l.interval(r.interval))
	}
	l.order = append(l.order, monthlyRank{monthly, len(l.all), email})
	l.all = append(l.all, r)
}

// interval is the interval sent as every.
func (l *recurringDonors) interval(every string) Interval {
	iv, ok := l.intervals[every]
	if !ok {
		iv, _ = ParseInterval(every)
		l.intervals[every] = iv
	}
	return iv
}

// donor is the donor added at r.
func (l *recurringDonors) donor(r monthlyRank) RecurringDonor {
	sum := l.all[r.i]
	iv := l.interval(sum.interval)
	d := RecurringDonor{Email: r.email, FirstName: sum.firstName, LastName: sum.lastName, Interval: iv,
		Monthly: r.monthly.decimal(), Total: sum.total.decimal(), Gifts: int(sum.gifts)}
	d.First, d.Last = time.UnixMilli(sum.first).In(l.zone), time.UnixMilli(sum.last).In(l.zone)
	stop := iv.After(d.Last, Stopping)
	d.Active = !stop.Before(l.end)
	d.Started = !d.First.Before(l.from)
	d.Stopped = !d.Active && !stop.Before(l.from)
	return d
}

// monthlyRank is a recurring donor's monthly value, their place in the
// list read and their e-mail.
type monthlyRank struct {
	monthly amountSum
	i       int
	email   string
}
