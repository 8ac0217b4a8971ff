package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"donations/api"
)

// GroupKeys are what donations can be grouped by, and the SQL that makes
// each key; %s is the zone's offset in seconds, for the day-based keys.
var GroupKeys = map[string]string{
	"form":         "coalesce(form_name, '')",
	"status":       "coalesce(status_key, '')",
	"currency":     "coalesce(currency, '')",
	"payment_type": "coalesce(payment_type, '')",
	"donor":        "coalesce(email_key, '')",
	"recurring":    "CASE recurring WHEN 1 THEN 'recurring' ELSE 'one-time' END",
	"day":          "coalesce(date(date_utc/1000 + %s, 'unixepoch'), '')",
	// Weeks start on Monday: the next Sunday (or that day), less six days.
	"week":  "coalesce(date(date_utc/1000 + %s, 'unixepoch', 'weekday 0', '-6 days'), '')",
	"month": "coalesce(strftime('%%Y-%%m', date_utc/1000 + %s, 'unixepoch'), '')",
}

// GroupKeyNames lists GroupKeys in the order help and errors show them.
var GroupKeyNames = []string{"form", "status", "month", "week", "day", "donor", "currency", "payment_type", "recurring"}

// Group is what one group of donations adds up to. Amounts sums amount by
// currency and Converted sums converted_amount by converted currency, both
// exact; a donation with no amount counts but adds nothing.
type Group struct {
	Key       []string
	Count     int
	Amounts   map[string]api.Decimal
	Converted map[string]api.Decimal
}

// Groups adds up the donations f selects by the keys in by (none: one group
// of all), in key order. Day, week and month are dates in loc (nil: UTC),
// at the offset loc has now: a summer-time change moves an hour's gifts to
// a neighbouring day on the far side of it, never between weeks of the year.
func (s *Store) Groups(ctx context.Context, f Filter, by []string, loc *time.Location) ([]Group, error) {
	where, args, err := f.where()
	if err != nil {
		return nil, err
	}
	keys, err := groupExprs(by, zoneOffset(loc, time.Now()))
	if err != nil {
		return nil, err
	}
	cols := append(keys, "coalesce(currency, '')", "coalesce(converted_currency, '')")
	sql := "SELECT " + strings.Join(cols, ", ") +
		", count(*), coalesce(sum(amount_e4), 0), coalesce(sum(converted_e4), 0)," +
		" count(amount), count(amount_e4), count(converted_amount), count(converted_e4)" +
		" FROM donations" + where + " GROUP BY " + strings.Join(cols, ", ")
	rows, err := s.db.QueryContext(ctx, sql, args...)
	if err != nil {
		return nil, s.explain(err)
	}
	defer rows.Close()
	acc := newGroups()
	inexact := false
	for rows.Next() {
		key := make([]string, len(keys))
		var cur, conv string
		var n, amount, converted, nA, nA4, nC, nC4 int64
		dest := []any{}
		for i := range key {
			dest = append(dest, &key[i])
		}
		if err := rows.Scan(append(dest, &cur, &conv, &n, &amount, &converted, &nA, &nA4, &nC, &nC4)...); err != nil {
			return nil, s.explain(err)
		}
		g := acc.get(key)
		g.Count += int(n)
		if nA4 > 0 {
			g.Amounts[cur] = g.Amounts[cur].Add(api.ScaledDecimal(amount, scale))
		}
		if nC4 > 0 {
			g.Converted[conv] = g.Converted[conv].Add(api.ScaledDecimal(converted, scale))
		}
		inexact = inexact || nA > nA4 || nC > nC4
	}
	if err := rows.Err(); err != nil {
		return nil, s.explain(err)
	}
	if inexact {
		if err := s.addInexact(ctx, acc, keys, where, args); err != nil {
			return nil, err
		}
	}
	return acc.sorted(), nil
}

// addInexact adds the amounts the integer columns could not hold (more than
// four decimals, or too large) from their text, exactly.
func (s *Store) addInexact(ctx context.Context, acc *groups, keys []string, where string, args []any) error {
	cond := " WHERE "
	if where != "" {
		cond = where + " AND "
	}
	sql := "SELECT " + strings.Join(append(keys, "coalesce(currency, '')", "coalesce(converted_currency, '')"), ", ") +
		", CASE WHEN amount_e4 IS NULL THEN amount END, CASE WHEN converted_e4 IS NULL THEN converted_amount END" +
		" FROM donations" + cond + "((amount IS NOT NULL AND amount_e4 IS NULL) OR (converted_amount IS NOT NULL AND converted_e4 IS NULL))"
	rows, err := s.db.QueryContext(ctx, sql, args...)
	if err != nil {
		return s.explain(err)
	}
	defer rows.Close()
	for rows.Next() {
		key := make([]string, len(keys))
		var cur, conv string
		var amount, converted *string
		dest := []any{}
		for i := range key {
			dest = append(dest, &key[i])
		}
		if err := rows.Scan(append(dest, &cur, &conv, &amount, &converted)...); err != nil {
			return s.explain(err)
		}
		g := acc.get(key)
		addText(g.Amounts, cur, amount)
		addText(g.Converted, conv, converted)
	}
	return s.explain(rows.Err())
}

func groupExprs(by []string, offset int) ([]string, error) {
	var exprs []string
	for _, b := range by {
		e, ok := GroupKeys[b]
		if !ok {
			return nil, fmt.Errorf("cannot group by %q (one of %s)", b, strings.Join(GroupKeyNames, ", "))
		}
		if strings.Contains(e, "%s") {
			e = fmt.Sprintf(e, fmt.Sprint(offset))
		}
		exprs = append(exprs, e)
	}
	return exprs, nil
}

// groups gathers rows of one key, which GROUP BY splits by currency.
type groups struct {
	byKey map[string]*Group
}

func newGroups() *groups { return &groups{byKey: map[string]*Group{}} }

func (a *groups) get(key []string) *Group {
	k := strings.Join(key, "\x00")
	g := a.byKey[k]
	if g == nil {
		g = &Group{Key: key, Amounts: map[string]api.Decimal{}, Converted: map[string]api.Decimal{}}
		a.byKey[k] = g
	}
	return g
}

func (a *groups) sorted() []Group {
	out := make([]Group, 0, len(a.byKey))
	for _, g := range a.byKey {
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		return strings.Join(out[i].Key, "\x00") < strings.Join(out[j].Key, "\x00")
	})
	return out
}

func addText(m map[string]api.Decimal, cur string, text *string) {
	if text == nil {
		return
	}
	if d, err := api.ParseDecimal(*text); err == nil {
		m[cur] = m[cur].Add(d)
	}
}
