package store

import (
	"context"

	"donations/api"
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
func (s *Store) Lapsed(ctx context.Context, q ReportQuery, kind, cur string, fn func(LapsedDonor) error) error {
	g, args, err := s.gifts(ctx, q)
	if err != nil {
		return err
	}
	others, err := s.otherCurrencies(ctx, g, args, cur)
	if err != nil {
		return err
	}
	having, order := "lastfy = ?", "yeartotal"
	if kind == SYBUNT {
		having, order = "lastfy < ?", "lifetime"
	}
	// Per donor and year first: the outer max(fy) then takes the bare
	// columns (the newest gift's day and name, that year's total) from the
	// donor's last year, as SQLite does for a lone max().
	rows, err := s.db.QueryContext(ctx, `WITH y AS (SELECT email_key, fy, max(date_utc), day, first_name, last_name,
			sum(CASE WHEN cur = ? THEN e4 ELSE 0 END) AS total, count(*) AS n
			FROM (`+g+`) WHERE counted AND email_key <> '' GROUP BY email_key, fy)
		SELECT email_key, max(fy) AS lastfy, day, coalesce(first_name, ''), coalesce(last_name, ''),
			total AS yeartotal, sum(total) AS lifetime, sum(n)
		FROM y GROUP BY email_key HAVING `+having+` ORDER BY `+order+` DESC, email_key`,
		append(append([]any{cur}, args...), q.Year-1)...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var d LapsedDonor
		var year, life int64
		if err := rows.Scan(&d.Email, &d.LastYear, &d.LastGift, &d.FirstName, &d.LastName, &year, &life, &d.Gifts); err != nil {
			return s.explain(err)
		}
		d.LastYearTotal, d.Lifetime, d.Other = api.ScaledDecimal(year, scale), api.ScaledDecimal(life, scale), others[d.Email]
		if err := fn(d); err != nil {
			return err
		}
	}
	return s.explain(rows.Err())
}

// otherCurrencies are the counted gifts of g in other currencies than cur,
// added up by donor and currency: few (gifts with no conversion), so held.
func (s *Store) otherCurrencies(ctx context.Context, g string, args []any, cur string) (map[string]map[string]api.Decimal, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT email_key, cur, sum(e4) FROM (`+g+`)
		WHERE counted AND email_key <> '' AND cur <> ? GROUP BY 1, 2`, append(args, cur)...)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	out := map[string]map[string]api.Decimal{}
	for rows.Next() {
		var email, c string
		var sum int64
		if err := rows.Scan(&email, &c, &sum); err != nil {
			return nil, s.explain(err)
		}
		if out[email] == nil {
			out[email] = map[string]api.Decimal{}
		}
		out[email][c] = api.ScaledDecimal(sum, scale)
	}
	return out, s.explain(rows.Err())
}
