package report

import (
	"context"
	"strconv"

	"donations/api"
	"donations/store"
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

// RetentionOf compares q's year with the one before, in cur, for the donors
// with an e-mail.
func RetentionOf(ctx context.Context, st *store.Store, q Query, cur string) (Retention, error) {
	var r Retention
	groups, err := st.RetentionGroups(ctx, q.SQL(), cur)
	if err != nil {
		return r, err
	}
	var retainedLast store.Sum
	sums := map[*Part]store.Sum{}
	for _, g := range groups {
		if g.LastYear && g.ThisYear {
			retainedLast = retainedLast.Plus(g.Last)
		}
		for _, p := range retentionParts(&r) {
			if p.when(g.ThisYear, g.LastYear, g.Before) {
				amount := g.This
				if p.lastYear {
					amount = g.Last
				}
				p.to.Donors += g.Donors
				sums[p.to] = sums[p.to].Plus(amount)
			}
		}
	}
	for p, sum := range sums {
		p.Amount = sum.Decimal()
	}
	r.RetainedLastYear = retainedLast.Decimal()
	return r, nil
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
