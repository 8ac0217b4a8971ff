package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

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

// lastServes says whether rollup_donor_last gives the lapsed reports of
// q, and under which rule's number: years starting when the table's do
// (a writable store's table is made anew for q's, see keepLastFor), every
// gift but by status, counted as one of its rules counts them, and no
// counted gift after q's year (which the slow path leaves out, and the
// table's newest gift would not).
func (s *Store) lastServes(ctx context.Context, q ReportQuery) (int, bool, error) {
	r, ok, err := s.reportRule(ctx, q)
	n := ruleNumber(r)
	if !ok || err != nil || n == 0 {
		return 0, false, err
	}
	if ok, err := s.keepLastFor(ctx, q.yearStart()); !ok || err != nil {
		return 0, false, err
	}
	var later bool
	err = s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM rollup_donor_last WHERE rule = ? AND year > ?)`, n, q.Year).Scan(&later)
	return n, !later, s.explain(err)
}

// lapsedFast is Lapsed read from rollup_donor_last under rule number n:
// the donors whose gifts are all in cur one row each, in the report's
// order off its index (SYBUNT's sorted), and the few others (gifts in
// other currencies, or in more than one) added up from their gifts and
// merged in.
func (s *Store) lapsedFast(ctx context.Context, q ReportQuery, l Lapse, cur string, n int, fn func(LapsedRow) error) error {
	years, order, year := "year = ?", "yeartotal", q.Year-1
	if l != LapsedLastYear {
		years, order = "year < ?", "lifetime"
		if l == LapsedBeforeThisYear {
			year = q.Year
		}
	}
	var others []LapsedRow
	src := giftSource{"picked", "(SELECT email_key AS picked FROM rollup_donor_last WHERE rule = ? AND " + years +
		" AND (cur IS NOT ? OR mixed)) CROSS JOIN donations ON donations.email_key = picked", []any{n, year, cur}}
	err := s.lapsedFrom(ctx, q, l, cur, src, func(d LapsedRow) error { others = append(others, d); return nil })
	if err != nil {
		return err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT email_key, day, coalesce(first_name, ''), coalesce(last_name, ''), yeartotal, lifetime, gifts
		FROM rollup_donor_last WHERE rule = ? AND `+years+` AND cur = ? AND NOT mixed ORDER BY `+order+` DESC, email_key`, n, year, cur)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	// first says whether a comes before b in the report.
	first := func(a, b LapsedRow) bool {
		ka, kb := a.LastYearTotal, b.LastYearTotal
		if l != LapsedLastYear {
			ka, kb = a.Lifetime, b.Lifetime
		}
		if c := ka.Compare(kb); c != 0 {
			return c > 0
		}
		return a.Email < b.Email
	}
	for rows.Next() {
		var d LapsedRow
		var year, life int64
		var day any
		if err := rows.Scan(&d.Email, &day, &d.FirstName, &d.LastName, &year, &life, &d.Gifts); err != nil {
			return s.explain(err)
		}
		d.LastGift = dayOf(day)
		d.LastYearTotal, d.Lifetime = api.ScaledDecimal(year, scale), api.ScaledDecimal(life, scale)
		for len(others) > 0 && first(others[0], d) {
			if err := fn(others[0]); err != nil {
				return err
			}
			others = others[1:]
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return s.explain(err)
	}
	for _, d := range others {
		if err := fn(d); err != nil {
			return err
		}
	}
	return nil
}

// dayOf is a day of rollup_donor_last as the day column writes it.
func dayOf(v any) string {
	switch v := v.(type) {
	case int64:
		return time.Unix(v*86400, 0).UTC().Format(time.DateOnly)
	case string:
		return v
	case []byte:
		return string(v)
	}
	return ""
}

// A report over every gift that reads them all through the donor index
// adds up every donor, though LYBUNT keeps only a few of them. When
// a rule of the donors table counts exactly the gifts a report counts, the
// table's first and last gift of each donor say which donors can be in it,
// and the report reads their gifts alone.

// reportRule is the donors table's rule that counts exactly the gifts q
// counts, when q reads every gift (its filter names statuses at most). ok
// is false when none does: a filter on anything else, a status that q and
// every rule count differently (a gift with no status, which "every status
// but refunded" counts and no rule does), or a first sync that has not
// added the donors up yet.
func (s *Store) reportRule(ctx context.Context, q ReportQuery) (rule donorRule, ok bool, err error) {
	f := q.Filter
	f.Statuses = nil
	if !(filter{Filter: f}).isZero() {
		return rule, false, nil
	}
	if ok, err := s.rollupsServe(ctx, q); !ok || err != nil {
		return rule, false, err
	}
	return s.ruleCounting(ctx, q.counts)
}

// lapsedSource is where Lapsed (l) of q reads gifts from:
// where reportRule finds a rule, the gifts of the donors whose last
// counted gift may make them lapsed, in last year (LYBUNT) or before it
// (SYBUNT), or after q's year, whose last gift in it only their gifts
// tell; every donation where it finds none.
func (s *Store) lapsedSource(ctx context.Context, q ReportQuery, l Lapse) (giftSource, error) {
	r, ok, err := s.reportRule(ctx, q)
	if !ok || err != nil {
		return everyDonation, err
	}
	lastYear, thisYear, after := q.yearFrom(q.Year-1, s.zone), q.yearFrom(q.Year, s.zone), q.yearFrom(q.Year+1, s.zone)
	// The unary plus: a scan of the donors table in e-mail order costs far
	// less than looking up each donor its index on the last gift finds.
	lapsed, args := fmt.Sprintf("+%[1]s >= ? AND +%[1]s < ?", r.prefix+"last"), []any{lastYear.UnixMilli(), thisYear.UnixMilli()}
	if l != LapsedLastYear {
		before := lastYear
		if l == LapsedBeforeThisYear {
			before = thisYear
		}
		lapsed, args = "+"+r.prefix+"last < ?", []any{before.UnixMilli()}
	}
	return pickedDonors("email_key <> '' AND ("+lapsed+" OR +"+r.prefix+"last >= ?)", append(args, after.UnixMilli())...), nil
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
