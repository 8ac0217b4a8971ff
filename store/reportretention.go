package store

import (
	"context"
	"fmt"
	"strconv"

	"donations/api"
)

// Retention is a year against the one before in the Fundraising
// Effectiveness Project's terms: donors and what they gave, in the
// report's currency. Each Part counts donors and adds up their gifts of
// the year it is about (Lost: last year; the others: this year).
type Retention struct {
	LastYear, ThisYear Part
	// Retained gave both years; New gave this year for the first time;
	// Recaptured gave this year and before last year, not last year (lapsed
	// and back); Lost gave last year, not this year.
	Retained, New, Recaptured, Lost Part
	// RetainedLastYear is what the retained donors gave last year.
	RetainedLastYear api.Decimal
	// NewLastYear are last year's new donors (a first gift last year), and
	// NewRetained those of them who gave again this year (their gifts of
	// this year); RepeatLastYear and RepeatRetained the same for last
	// year's donors who had given before.
	NewLastYear, NewRetained, RepeatLastYear, RepeatRetained Part
}

// Part is a number of donors and what they gave.
type Part struct {
	Donors int
	Amount api.Decimal
}

// Rate is part over whole, of donors and of amounts, as fractions; ok is
// false where whole is nothing.
func Rate(part, whole Part) (donors, amount float64, ok bool) {
	if whole.Donors == 0 {
		return 0, 0, false
	}
	donors = float64(part.Donors) / float64(whole.Donors)
	if w := decimalFloat(whole.Amount); w != 0 {
		amount = decimalFloat(part.Amount) / w
	}
	return donors, amount, true
}

// decimalFloat is d as the nearest float, for shares.
func decimalFloat(d api.Decimal) float64 {
	f, _ := strconv.ParseFloat(d.String(), 64)
	return f
}

// Retention compares q's year with the one before, in cur, for the donors
// with an e-mail.
func (s *Store) Retention(ctx context.Context, q ReportQuery, cur string) (Retention, error) {
	var r Retention
	groups, err := s.retentionGroups(ctx, q, cur)
	if err != nil {
		return r, err
	}
	var retainedLast amountSum
	sums := map[*Part]*amountSum{}
	for k, t := range groups {
		iy, ily, before := k[0] == int64(1), k[1] == int64(1), k[2] == int64(1)
		if ily && iy {
			retainedLast.plus(t.sum2)
		}
		for _, p := range retentionParts(&r) {
			if p.when(iy, ily, before) {
				amount := t.sum
				if p.lastYear {
					amount = t.sum2
				}
				p.to.Donors += int(t.n)
				if sums[p.to] == nil {
					sums[p.to] = &amountSum{}
				}
				sums[p.to].plus(amount)
			}
		}
	}
	for p, sum := range sums {
		p.Amount = sum.decimal()
	}
	r.RetainedLastYear = retainedLast.decimal()
	return r, nil
}

// retentionGroups are q's donors with an e-mail added up by whether they
// gave this year (iy), last year (ily) and before last year (before), with
// what they gave in cur this year (sum) and last year (sum2). tally2()
// adds them up in one pass: twenty-one sums over them in SQL cost a third
// of the report at 1M.
func (s *Store) retentionGroups(ctx context.Context, q ReportQuery, cur string) (map[tallyKey]*tallySum, error) {
	const by = "SELECT tally2(?, ay, aly, iy, ily, before) FROM (%s)"
	if ok, err := s.donorYearsServe(ctx, q); ok || err != nil {
		if err != nil {
			return nil, err
		}
		counted, args := q.countedCond()
		return s.tally(ctx, fmt.Sprintf(by, `SELECT max(year) >= ? AS iy, max(year = ?) AS ily, min(year) < ? AS before,
			xsum(CASE WHEN year = ? AND cur = ? THEN e4 ELSE 0 END) AS ay, xsum(CASE WHEN year = ? AND cur = ? THEN e4 ELSE 0 END) AS aly
			FROM rollup_donor_year WHERE email_key <> '' AND year <= ? AND `+counted+` GROUP BY email_key`),
			append([]any{q.Year, q.Year - 1, q.Year - 1, q.Year, cur, q.Year - 1, cur, q.Year}, args...)...)
	}
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return nil, err
	}
	// A donor's gifts come in day order, and the day says the year with no
	// arithmetic.
	const d = `SELECT max(day) >= ? AS iy, max(day >= ? AND day < ?) AS ily, min(day) < ? AS before,
		xsum(CASE WHEN day >= ? AND cur = ? THEN e4 ELSE 0 END) AS ay,
		xsum(CASE WHEN day >= ? AND day < ? AND cur = ? THEN e4 ELSE 0 END) AS aly
		FROM (%s) WHERE counted AND email_key <> '' GROUP BY email_key`
	y, ly := q.dayFrom(q.Year), q.dayFrom(q.Year-1)
	return s.tally(ctx, fmt.Sprintf(by, fmt.Sprintf(d, g)), append([]any{y, ly, y, ly, y, cur, ly, y, cur}, args...)...)
}

// retentionPart is a part of r: which donors it counts, by whether they
// gave this year, last year and before, and whether it adds up what they
// gave last year (or this year).
type retentionPart struct {
	when     func(iy, ily, before bool) bool
	lastYear bool
	to       *Part
}

func retentionParts(r *Retention) []retentionPart {
	return []retentionPart{
		{func(_, ily, _ bool) bool { return ily }, true, &r.LastYear},
		{func(iy, _, _ bool) bool { return iy }, false, &r.ThisYear},
		{func(iy, ily, _ bool) bool { return ily && iy }, false, &r.Retained},
		{func(iy, ily, before bool) bool { return iy && !ily && !before }, false, &r.New},
		{func(iy, ily, before bool) bool { return iy && !ily && before }, false, &r.Recaptured},
		{func(iy, ily, _ bool) bool { return ily && !iy }, true, &r.Lost},
		{func(_, ily, before bool) bool { return ily && !before }, true, &r.NewLastYear},
		{func(iy, ily, before bool) bool { return ily && !before && iy }, false, &r.NewRetained},
		{func(_, ily, before bool) bool { return ily && before }, true, &r.RepeatLastYear},
		{func(iy, ily, before bool) bool { return ily && before && iy }, false, &r.RepeatRetained},
	}
}
