package report

import (
	"context"

	"donations/api"
	"donations/store"
)

// Lapsed are the two reports of donors who stopped giving.
const (
	// LYBUNT: gave Last Year But Unfortunately Not This year.
	LYBUNT = "lybunt"
	// SYBUNT: gave Some Year But Unfortunately Not This year (nor last).
	SYBUNT = "sybunt"
)

// LapsedDonor is one row of LYBUNT or SYBUNT: a donor (a lower-case
// e-mail), named as on their newest gift, with the total of their last
// year of giving and of every year, in the report's currency. Other holds
// what they gave in other currencies (gifts with no conversion).
type LapsedDonor struct {
	Email, FirstName, LastName string
	LastGift                   string // the day of their newest gift
	LastYear                   int    // their last year of giving
	LastYearTotal, Lifetime    api.Decimal
	Gifts                      int
	Other                      map[string]api.Decimal
}

// Lapsed calls fn with each donor of the report kind (LYBUNT or SYBUNT)
// for q, in cur, the largest first: by last year's total for LYBUNT, by
// lifetime total for SYBUNT (whose last year's total is nothing). Rows are
// read as the store makes them; fn must not use the store.
func Lapsed(ctx context.Context, st *store.Store, q Query, kind, cur string, fn func(LapsedDonor) error) error {
	l := store.LapsedLastYear
	switch {
	case kind == SYBUNT && q.WithLYBUNT:
		l = store.LapsedBeforeThisYear
	case kind == SYBUNT:
		l = store.LapsedBeforeLastYear
	}
	return st.Lapsed(ctx, q.SQL(), l, cur, func(r store.LapsedRow) error {
		return fn(LapsedDonor{Email: r.Email, FirstName: r.FirstName, LastName: r.LastName, LastGift: r.LastGift,
			LastYear: q.fiscalYearOfDay(r.LastGift), LastYearTotal: r.LastYearTotal, Lifetime: r.Lifetime, Gifts: r.Gifts, Other: r.Other})
	})
}
