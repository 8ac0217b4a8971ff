package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"donations/api"
	"donations/query"
)

// Insight is what the insights view shows of the donations a filter
// selects, added up in one pass: the groups by period, form, status,
// currency, payment type, recurring and campaign (its name, "" where the
// server names none), and the donors with the largest converted totals.
type Insight struct {
	Periods, Forms, Statuses, Currencies, Payments, Recurring, Campaigns []Group
	Top                                                                  []Donor
	// TopTies is how many donors past Top tie its last one: the cut,
	// made by e-mail among them, left them out.
	TopTies int
}

// insightRow is one donation's columns the pass reads.
type insightRow struct {
	date                            sql.NullInt64
	form, status, currency, payment string
	campaign                        string
	convCurrency                    string
	recurring                       bool
	amount, converted               sql.NullInt64 // less the part refunded
	amountText, convertedText       sql.NullString
	refunded, refundedConverted     int64 // the part refunded (partRefunded)
}

// Insight adds up what f selects by period ("day", "week" from Monday, or
// "month", in loc), by form, status, currency, payment type, recurring and
// campaign,
// and finds the top donors by converted total. Every donation, or those of
// some statuses, is read from the rollups; another selection in one pass
// over its rows (a GROUP BY per break-down would sort every row once for
// each).
func (s *Store) Insight(ctx context.Context, qf query.Filter, period string, loc *time.Location, top int) (in Insight, err error) {
	f := filter{Filter: qf}
	src, err := s.groupSource(ctx, f, []string{period}, loc)
	switch {
	case err != nil:
		return in, err
	case src.table != "donations":
		err = s.insightOfRollups(ctx, &in, f, period, loc)
	default:
		err = s.insightPass(ctx, &in, f, period, loc)
	}
	if err != nil {
		return in, err
	}
	if in.Top, err = s.Donors(ctx, f.Filter, "total", true, 0, top); err != nil || len(in.Top) < top || top == 0 {
		return in, err
	}
	in.TopTies, err = s.tiesPast(ctx, f, top, in.Top[top-1])
	return in, err
}

// tiesPast is how many donors from the one at from on, in the order of
// the top ones, have the total of last, the last one kept: read a page at
// a time, as there are seldom more than a few.
func (s *Store) tiesPast(ctx context.Context, f filter, from int, last Donor) (int, error) {
	const page = 100
	ties := 0
	for offset := from; ; offset += page {
		next, err := s.Donors(ctx, f.Filter, "total", true, offset, page)
		if err != nil {
			return 0, err
		}
		for _, d := range next {
			if d.Currency != last.Currency || d.Total.Compare(last.Total) != 0 {
				return ties, nil
			}
			ties++
		}
		if len(next) < page {
			return ties, nil
		}
	}
}

// insightOfRollups adds up from the rollups what f selects: every
// donation, or those of some statuses.
func (s *Store) insightOfRollups(ctx context.Context, in *Insight, f filter, period string, loc *time.Location) error {
	for _, g := range []struct {
		to *[]Group
		by string
	}{{&in.Periods, period}, {&in.Forms, "form"}, {&in.Statuses, "status"}, {&in.Currencies, "currency"},
		{&in.Payments, "payment_type"}, {&in.Recurring, "recurring"}, {&in.Campaigns, "campaign"}} {
		var err error
		if *g.to, err = s.Groups(ctx, f.Filter, []string{g.by}, loc); err != nil {
			return err
		}
	}
	return nil
}

// insightPass adds up what f selects in one pass over its rows.
func (s *Store) insightPass(ctx context.Context, in *Insight, f filter, period string, loc *time.Location) error {
	if err := s.searchable(ctx, &f); err != nil {
		return err
	}
	where, args, err := f.where()
	if err != nil {
		return err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT date_utc, coalesce(form_name, ''), coalesce(status_key, ''),
		coalesce(currency, ''), coalesce(payment_type, ''), coalesce(converted_currency, ''), coalesce(campaign_name, ''),
		recurring, `+netAmount+`, `+netConverted+`, amount, converted_amount,
		`+partRefunded+`, coalesce(`+partRefundedConverted+`, 0) FROM donations`+where, args...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	acc := newInsightAcc(period, loc)
	var r insightRow
	for rows.Next() {
		if err := rows.Scan(&r.date, &r.form, &r.status, &r.currency, &r.payment, &r.convCurrency, &r.campaign,
			&r.recurring, &r.amount, &r.converted, &r.amountText, &r.convertedText, &r.refunded, &r.refundedConverted); err != nil {
			return s.explain(err)
		}
		acc.add(&r)
	}
	if err := rows.Err(); err != nil {
		return s.explain(err)
	}
	*in = acc.result()
	return nil
}

type insightAcc struct {
	period string
	loc    *time.Location
	groups [7]*groups // periods, forms, statuses, currencies, payments, recurring, campaigns
}

func newInsightAcc(period string, loc *time.Location) *insightAcc {
	if loc == nil {
		loc = time.UTC
	}
	a := &insightAcc{period: period, loc: loc}
	for i := range a.groups {
		a.groups[i] = newGroups()
	}
	return a
}

// periodKey is the day, week (its Monday) or month of a date, in loc.
func (a *insightAcc) periodKey(date sql.NullInt64) string {
	if !date.Valid {
		return ""
	}
	t := time.UnixMilli(date.Int64).In(a.loc)
	switch a.period {
	case "day":
		return t.Format("2006-01-02")
	case "week":
		return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)).Format("2006-01-02")
	}
	return t.Format("2006-01")
}

func (a *insightAcc) add(r *insightRow) {
	recurring := "one-time"
	if r.recurring {
		recurring = "recurring"
	}
	for i, k := range []string{a.periodKey(r.date), r.form, r.status, strings.ToUpper(r.currency), r.payment, recurring, r.campaign} {
		g := a.groups[i].get([]string{k})
		g.Count++
		addAmount(g.Amounts, strings.ToUpper(r.currency), r.amount, r.amountText)
		addAmount(g.Converted, strings.ToUpper(r.convCurrency), r.converted, r.convertedText)
		if r.convCurrency == "" { // as summing.add counts it
			g.NotConverted++
			addAmount(g.Unconverted, strings.ToUpper(r.currency), r.amount, r.amountText)
		}
		switch { // as refunds adds them up
		case r.refunded == 0:
		case r.convCurrency == "":
			addAmount(g.Refunded, strings.ToUpper(r.currency), sql.NullInt64{Int64: r.refunded, Valid: true}, r.amountText)
		default:
			addAmount(g.Refunded, strings.ToUpper(r.convCurrency), sql.NullInt64{Int64: r.refundedConverted, Valid: true}, r.convertedText)
		}
	}
}

// addAmount adds an amount to its currency's sum: from the exact integer
// column, or from the text when the column could not hold it.
func addAmount(m map[string]api.Decimal, cur string, e4 sql.NullInt64, text sql.NullString) {
	switch {
	case e4.Valid:
		m[cur] = m[cur].Add(api.ScaledDecimal(e4.Int64, scale))
	case text.Valid:
		addText(m, cur, &text.String)
	}
}

func (a *insightAcc) result() Insight {
	return Insight{Periods: a.groups[0].sorted(), Forms: a.groups[1].sorted(), Statuses: a.groups[2].sorted(),
		Currencies: a.groups[3].sorted(), Payments: a.groups[4].sorted(), Recurring: a.groups[5].sorted(),
		Campaigns: a.groups[6].sorted()}
}
