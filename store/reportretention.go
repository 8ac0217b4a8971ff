package store

import (
	"context"
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
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return r, err
	}
	// One row per donor: gave this year (iy), last year (ily), before last
	// year (before), and what they gave each of the two years. A donor's
	// gifts come in day order, and the day says the year with no
	// arithmetic.
	const d = `SELECT max(day) >= ? AS iy, max(day >= ? AND day < ?) AS ily, min(day) < ? AS before,
		sum(CASE WHEN day >= ? AND cur = ? THEN e4 ELSE 0 END) AS ay,
		sum(CASE WHEN day >= ? AND day < ? AND cur = ? THEN e4 ELSE 0 END) AS aly
		FROM g WHERE counted AND email_key <> '' GROUP BY email_key`
	y, ly := q.dayFrom(q.Year), q.dayFrom(q.Year-1)
	parts := []struct {
		when, amount string
		to           *Part
	}{
		{"ily", "aly", &r.LastYear}, {"iy", "ay", &r.ThisYear},
		{"ily AND iy", "ay", &r.Retained}, {"iy AND NOT ily AND NOT before", "ay", &r.New},
		{"iy AND NOT ily AND before", "ay", &r.Recaptured}, {"ily AND NOT iy", "aly", &r.Lost},
		{"ily AND NOT before", "aly", &r.NewLastYear}, {"ily AND NOT before AND iy", "ay", &r.NewRetained},
		{"ily AND before", "aly", &r.RepeatLastYear}, {"ily AND before AND iy", "ay", &r.RepeatRetained},
	}
	sel := "SELECT coalesce(sum(CASE WHEN ily AND iy THEN aly ELSE 0 END), 0)"
	for _, p := range parts {
		sel += ", coalesce(sum(" + p.when + "), 0), coalesce(sum(CASE WHEN " + p.when + " THEN " + p.amount + " ELSE 0 END), 0)"
	}
	row := s.db.QueryRowContext(ctx, "WITH g AS ("+g+"), d AS ("+d+") "+sel+" FROM d",
		append(args, y, ly, y, ly, y, cur, ly, y, cur)...)
	var retainedLast int64
	dest := []any{&retainedLast}
	e4s := make([]int64, len(parts))
	for i, p := range parts {
		dest = append(dest, &p.to.Donors, &e4s[i])
	}
	if err := row.Scan(dest...); err != nil {
		return r, s.explain(err)
	}
	for i, p := range parts {
		p.to.Amount = api.ScaledDecimal(e4s[i], scale)
	}
	r.RetainedLastYear = api.ScaledDecimal(retainedLast, scale)
	return r, nil
}
