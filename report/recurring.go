package report

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"donations/api"
	"donations/store"
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
func (q Query) RecurringEnd(loc *time.Location) time.Time {
	_, until := q.YearSpan(q.Year, loc)
	if q.Now.Before(until) {
		return q.Now
	}
	return until
}

// Recurring calls fn with each recurring donor of q, the largest monthly
// value first, then by e-mail; fn must not use the store.
func Recurring(ctx context.Context, st *store.Store, q Query, cur string, fn func(RecurringDonor) error) error {
	// The period is in the store's zone, which the store dates the gifts in.
	loc := st.Zone()
	from, _ := q.YearSpan(q.Year, loc)
	end := q.RecurringEnd(loc)
	rows, err := st.Recurring(ctx, q.SQL(), cur, end)
	if err != nil {
		return err
	}
	intervals := map[string]Interval{} // a few forms, read once each
	interval := func(every string) Interval {
		iv, ok := intervals[every]
		if !ok {
			iv, _ = ParseInterval(every)
			intervals[every] = iv
		}
		return iv
	}
	// Sorting the donors themselves moved a few hundred bytes a swap: their
	// places are sorted instead, and each is made as it is given.
	order := make([]monthlyRank, len(rows))
	for i, r := range rows {
		order[i] = monthlyRank{i: i, email: r.Email} // another currency's amount is worth nothing here
		if r.InCur {
			order[i].e4, order[i].exact = monthly(r.Amount, interval(r.Interval))
		}
	}
	slices.SortFunc(order, func(a, b monthlyRank) int {
		return cmp.Or(b.compare(a), strings.Compare(a.email, b.email))
	})
	for _, o := range order {
		r := rows[o.i]
		d := RecurringDonor{Email: r.Email, FirstName: r.FirstName, LastName: r.LastName, First: r.First, Last: r.Last,
			Interval: interval(r.Interval), Monthly: o.monthly(), Total: r.Total.Decimal(), Gifts: r.Gifts}
		stop := d.Interval.After(d.Last, Stopping)
		d.Active = !stop.Before(end)
		d.Started = !d.First.Before(from)
		d.Stopped = !d.Active && !stop.Before(from)
		if err := fn(d); err != nil {
			return err
		}
	}
	return nil
}

// monthlyRank is a recurring donor's place among the donors read, their
// e-mail and their monthly value: × 10^4 where an int64 holds it, else
// exact.
type monthlyRank struct {
	i     int
	email string
	e4    int64
	exact *api.Decimal
}

// monthly is r's monthly value.
func (r monthlyRank) monthly() api.Decimal {
	if r.exact != nil {
		return *r.exact
	}
	return api.ScaledDecimal(r.e4, 4)
}

// compare is -1, 0 or +1 as r's monthly value is less than, equal to or
// more than o's.
func (r monthlyRank) compare(o monthlyRank) int {
	if r.exact == nil && o.exact == nil {
		return cmp.Compare(r.e4, o.e4)
	}
	return r.monthly().Compare(o.monthly())
}
