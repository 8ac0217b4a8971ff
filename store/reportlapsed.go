package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"donations/api"
)

// Lapse says which donors Lapsed lists, by the year of their newest
// counted gift: the year before q's (LYBUNT's), any year before that
// (SYBUNT's), or any year before q's (SYBUNT with LYBUNT's donors).
type Lapse int

const (
	LapsedLastYear Lapse = iota
	LapsedBeforeLastYear
	LapsedBeforeThisYear
)

// LapsedRow is one donor Lapsed lists (a lower-case e-mail), named as on
// their newest gift, with the total of their last year of giving and of
// every year, in the currency asked. Other holds what they gave in other
// currencies (gifts with no conversion).
type LapsedRow struct {
	Email, FirstName, LastName string
	LastGift                   string // the day of their newest gift
	LastYearTotal, Lifetime    api.Decimal
	Gifts                      int
	Other                      map[string]api.Decimal
}

// Lapsed calls fn with each donor of q that l lists, in cur, the largest
// first: by last year's total for LapsedLastYear, by lifetime total for
// the others (whose last year's total is nothing). Rows are read as the
// store makes them; fn must not use the store.
func (s *Store) Lapsed(ctx context.Context, q ReportQuery, l Lapse, cur string, fn func(LapsedRow) error) error {
	if rule, ok, err := s.lastServes(ctx, q); ok || err != nil {
		if err != nil {
			return err
		}
		return s.lapsedFast(ctx, q, l, cur, rule, fn)
	}
	src, err := s.lapsedSource(ctx, q, l)
	if err != nil {
		return err
	}
	return s.lapsedFrom(ctx, q, l, cur, src, fn)
}

// lapsedFrom is Lapsed over the gifts of src, added up by donor.
func (s *Store) lapsedFrom(ctx context.Context, q ReportQuery, l Lapse, cur string, src giftSource, fn func(LapsedRow) error) error {
	g, args, err := s.giftsFrom(ctx, q, src)
	if err != nil {
		return err
	}
	// One pass by donor, straight off the donor index (no sort but of the
	// rows given): the bare day is that of the newest gift, as SQLite takes
	// it for a lone max(); LYBUNT's donors gave none this year, so their
	// gifts from last year's start on are last year's, and for SYBUNT,
	// lastsum() adds up whichever year was the donor's last.
	lastYear, thisYear := q.dayFrom(q.Year-1), q.dayFrom(q.Year)
	year, having, order := "xsum(CASE WHEN day >= ? AND cur = ? THEN e4 ELSE 0 END)", "day >= ? AND day < ?", "yeartotal"
	yearArgs, havingArgs := []any{lastYear, cur}, []any{lastYear, thisYear}
	if l != LapsedLastYear {
		year, having, order = "lastsum("+q.yearOfDay()+", CASE WHEN cur = ? THEN e4 ELSE 0 END)", "day < ?", "lifetime"
		yearArgs, havingArgs = []any{cur}, []any{lastYear}
		if l == LapsedBeforeThisYear {
			havingArgs = []any{thisYear}
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT email_key, max(date_utc), day,
			coalesce(first_name, ''), coalesce(last_name, ''), `+year+` AS yeartotal,
			xsum(CASE WHEN cur = ? THEN e4 ELSE 0 END) AS lifetime, count(*),
			json_group_array(json_object('cur', cur, 'e4', e4)) FILTER (WHERE cur <> ?)
		FROM (`+g+`) WHERE counted AND email_key <> '' GROUP BY email_key HAVING `+having+`
		ORDER BY amountorder(`+order+`) DESC, email_key`,
		slices.Concat(yearArgs, []any{cur, cur}, args, havingArgs)...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		var d LapsedRow
		var newest int64
		var year, life amountSum
		var others string
		if err := rows.Scan(&d.Email, &newest, &d.LastGift, &d.FirstName, &d.LastName, &year, &life, &d.Gifts, &others); err != nil {
			return s.explain(err)
		}
		d.LastYearTotal, d.Lifetime = year.decimal(), life.decimal()
		if d.Other, err = otherCurrencies(others); err != nil {
			return err
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	return s.explain(rows.Err())
}

// otherCurrencies adds up a donor's gifts in other currencies, given as a
// JSON array of {cur, e4 (the amount × 10^4, or its text: see
// amountSum)}; nil for none.
func otherCurrencies(gifts string) (map[string]api.Decimal, error) {
	if gifts == "[]" { // most donors': not worth decoding
		return nil, nil
	}
	var list []struct {
		Cur string          `json:"cur"`
		E4  json.RawMessage `json:"e4"`
	}
	if err := json.Unmarshal([]byte(gifts), &list); err != nil {
		return nil, fmt.Errorf("local store: the gifts in other currencies: %w", err)
	}
	var out map[string]api.Decimal
	for _, g := range list {
		if out == nil {
			out = map[string]api.Decimal{}
		}
		var v any // a number, a text or null, as amountSum takes them
		d := json.NewDecoder(bytes.NewReader(g.E4))
		d.UseNumber()
		err := d.Decode(&v)
		if n, ok := v.(json.Number); ok {
			v, err = n.Int64()
		}
		var sum amountSum
		if err == nil {
			err = sum.add(v)
		}
		if err != nil {
			return nil, fmt.Errorf("local store: the gifts in other currencies: %w", err)
		}
		out[g.Cur] = out[g.Cur].Add(sum.decimal())
	}
	return out, nil
}
