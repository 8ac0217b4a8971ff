package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"
)

// RecurringRow is a donor with counted recurring gifts before the end
// asked, named as on their newest: their first and last such gift (in the
// store's zone), the last one's amount and its plan's interval as sent,
// and their count and total in the currency asked. InCur says the last
// one's amount is in it.
type RecurringRow struct {
	Email, FirstName, LastName string
	First, Last                time.Time
	Amount, Total              Sum
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

// recurringFast adds to list the recurring donors of q read from
// rollup_donor_last, and says whether it could: where lastServes says the
// table gives what the gifts give, and no counted recurring gift of theirs
// lies at or after the period's end (a year still running ends now),
// which the slow path leaves out and the table would not. Donors with
// gifts in several currencies are read from their gifts.
func (s *Store) recurringFast(ctx context.Context, q ReportQuery, cur string, list *recurringDonors) (bool, error) {
	n, ok, err := s.lastServes(ctx, q)
	if !ok || err != nil {
		return false, err
	}
	// The e-mail and name in one column (whoColumn), and whether the
	// donor's gifts are in cur, and in several currencies, in another: each
	// column read costs a call into SQLite, with its lock, and each string
	// an allocation.
	rows, err := s.db.QueryContext(ctx, `SELECT `+whoColumn+`, (cur = ?) + 2 * mixed, recurring
		FROM rollup_donor_last WHERE rule = ? AND recurring IS NOT NULL`, cur, n)
	if err != nil {
		return false, s.explain(err)
	}
	defer rows.Close()
	end := list.end.UnixMilli()
	var mixed []string
	for rows.Next() {
		var who string
		var kind int
		var packed sql.RawBytes
		if err := rows.Scan(&who, &kind, &packed); err != nil {
			return false, s.explain(err)
		}
		email, first, last, ok := cutWho(who)
		r, err := unpackRecurring(packed, first, last)
		switch {
		case err != nil:
			return false, err
		case !ok:
			return false, errRecurringSum
		case kind&2 != 0:
			mixed = append(mixed, email)
		case r.last >= end:
			list.rows = list.rows[:0]
			return false, nil
		default:
			if kind&1 == 0 {
				r.total = amountSum{}
			}
			list.add(email, r, kind&1 != 0)
		}
	}
	if err := rows.Err(); err != nil {
		return false, s.explain(err)
	}
	if len(mixed) == 0 {
		return true, nil
	}
	// Picked in the same pass, not in one of their own: that would be one
	// more scan of the whole table, mostly for none.
	emails, err := json.Marshal(mixed)
	if err != nil {
		return false, err
	}
	src := giftSource{"picked", "(SELECT value AS picked FROM json_each(?)) CROSS JOIN donations ON donations.email_key = picked", []any{string(emails)}}
	return true, s.recurringFrom(ctx, q, cur, src, list)
}

// whoColumn is a row's e-mail and name, each as the report reads it, in
// one text: the lengths in bytes of the e-mail and the first name, then
// the three (any character may be in a name, a separator too).
const whoColumn = `octet_length(email_key) || ',' || octet_length(coalesce(first_name, '')) || ',' ||
	email_key || coalesce(first_name, '') || coalesce(last_name, '')`

// cutWho cuts what whoColumn joins; ok is false if it is not that.
func cutWho(who string) (email, first, last string, ok bool) {
	n, rest, ok1 := strings.Cut(who, ",")
	m, rest, ok2 := strings.Cut(rest, ",")
	ne, err1 := strconv.Atoi(n)
	nf, err2 := strconv.Atoi(m)
	if !ok1 || !ok2 || err1 != nil || err2 != nil || ne < 0 || nf < 0 || ne+nf > len(rest) {
		return "", "", "", false
	}
	return rest[:ne], rest[ne : ne+nf], rest[ne+nf:], true
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
		Amount: Sum{r.amount}, Total: Sum{r.total}, Interval: r.interval, Gifts: int(r.gifts), InCur: inCur})
}
