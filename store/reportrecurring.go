package store

import (
	"context"
	"slices"
	"time"

	"donations/api"
)

// RecurringRow is a donor with counted recurring gifts before the end
// asked, named as on their newest: their first and last such gift (in the
// store's zone), the last one's amount and its plan's interval as sent,
// and their count and total in the currency asked. InCur says the last
// one's amount is in it.
type RecurringRow struct {
	Email, FirstName, LastName string
	First, Last                time.Time
	Amount                     Sum
	Total                      api.Decimal
	Interval                   string
	Gifts                      int
	InCur                      bool
}

// Recurring are the recurring donors of q in cur, their gifts read up to
// end, in no order.
func (s *Store) Recurring(ctx context.Context, q ReportQuery, cur string, end time.Time) ([]RecurringRow, error) {
	list := &recurringDonors{zone: s.zone, end: end}
	ok, err := s.recurringFast(ctx, q, cur, list)
	if err == nil && !ok {
		err = s.recurringFrom(ctx, q, cur, everyDonation, list)
	}
	return list.rows, err
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
		var email string
		var r recurringSum
		var inCur bool
		if err := rows.Scan(&email, &r.first, &r.last, &r.firstName, &r.lastName, &inCur, &r.amount, &r.interval, &r.gifts, &r.total); err != nil {
			return s.explain(err)
		}
		list.add(email, r, inCur)
	}
	return s.explain(rows.Err())
}

// recurringDonors are the recurring donors of a query as they are read,
// their gifts up to end.
type recurringDonors struct {
	rows []RecurringRow
	zone *time.Location
	end  time.Time
}

// add adds the donor email whose recurring gifts add up to r, its newest
// gift's amount in the currency asked if inCur.
func (l *recurringDonors) add(email string, r recurringSum, inCur bool) {
	l.rows = append(l.rows, RecurringRow{Email: email, FirstName: r.firstName, LastName: r.lastName,
		First: time.UnixMilli(r.first).In(l.zone), Last: time.UnixMilli(r.last).In(l.zone),
		Amount: Sum{r.amount}, Total: r.total.decimal(), Interval: r.interval, Gifts: int(r.gifts), InCur: inCur})
}
