package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"donations/api"
	"donations/query"
)

// groupKeys are what donations can be grouped by: the SQL that makes each
// key, and the column it reads. Day, week and month are dates of the day
// column, in the store's zone.
var groupKeys = map[string]struct{ expr, column string }{
	"form":         {"coalesce(form_name, '')", "form_name"},
	"campaign":     {"coalesce(campaign_name, '')", "campaign_name"},
	"status":       {"coalesce(status_key, '')", "status_key"},
	"currency":     {"coalesce(currency, '')", "currency"},
	"payment_type": {"coalesce(payment_type, '')", "payment_type"},
	// email_key is NOT NULL: the bare column reads the donor index in order.
	"donor":     {"email_key", "email_key"},
	"recurring": {"CASE recurring WHEN 1 THEN 'recurring' ELSE 'one-time' END", "recurring"},
	"day":       {"coalesce(day, '')", "day"},
	// Weeks start on Monday: the next Sunday (or that day), less six days.
	"week":  {"coalesce(date(day, 'weekday 0', '-6 days'), '')", "day"},
	"month": {"coalesce(substr(day, 1, 7), '')", "day"},
}

// offsetDays make the day-based keys in a zone other than the store's, at
// one offset from UTC in seconds (%s).
var offsetDays = map[string]string{
	"day":   "coalesce(date(date_utc/1000 + %s, 'unixepoch'), '')",
	"week":  "coalesce(date(date_utc/1000 + %s, 'unixepoch', 'weekday 0', '-6 days'), '')",
	"month": "coalesce(strftime('%%Y-%%m', date_utc/1000 + %s, 'unixepoch'), '')",
}

// Group is what one group of donations adds up to. Amounts sums amount by
// currency and Converted sums converted_amount by converted currency, both
// exact; a donation with no amount counts but adds nothing. Servers of
// this kind sent no converted_amount before some date: Unconverted sums
// the amounts of the NotConverted gifts without one, by their own currency
// (they are in Amounts too), so that a converted total can count them in
// their own currency and say so rather than leave them out. A gift
// refunded in part counts less the part refunded (see partRefunded):
// Refunded is what was taken off, in the converted currency where the gift
// was converted, else in its own (as Counted adds them up), for a total to
// say "less N refunded". A group the store reads has no map (nil) for
// what it has nothing of: four maps a group would weigh on a summary by
// donor, where most donors give in one currency and have nothing
// unconverted or refunded. Add makes the maps it needs.
type Group struct {
	Key          []string
	Count        int
	Amounts      map[string]api.Decimal
	Converted    map[string]api.Decimal
	Unconverted  map[string]api.Decimal
	NotConverted int
	Refunded     map[string]api.Decimal
	// NoNumber counts the gifts whose amount or converted amount the
	// server sent as text that is no number ("N/A"): in Count, in no sum.
	NoNumber int
}

// Groups adds up the donations f selects by the keys in by (none: one group
// of all), in key order. Day, week and month are dates in loc (nil: UTC):
// exactly when loc agrees with the store's zone (see localZone), else at
// the offset loc has now, so that a summer-time change moves an hour's
// gifts to a neighbouring day on the far side of it.
func (s *Store) Groups(ctx context.Context, f query.Filter, by []string, loc *time.Location) ([]Group, error) {
	var out []Group
	err := s.EachGroup(ctx, f, by, loc, func(g Group) error {
		out = append(out, g)
		return nil
	})
	return out, err
}

// EachGroup is Groups one group at a time, in key order, as the store reads
// them: a summary by donor and day never holds every group. fn must not use
// the store (a store in memory has one connection, which the groups hold).
func (s *Store) EachGroup(ctx context.Context, qf query.Filter, by []string, loc *time.Location, fn func(Group) error) error {
	f := filter{Filter: qf}
	if err := s.searchable(ctx, &f); err != nil {
		return err
	}
	where, args, err := f.where()
	if err != nil {
		return err
	}
	src, err := s.groupSource(ctx, f, by, loc)
	if err != nil {
		return err
	}
	extra, err := s.inexact(ctx, src.keys, where, args)
	if err == nil {
		err = s.refunds(ctx, extra, src.keys, where, args)
	}
	if err != nil {
		return err
	}
	var key []byte // the last group's key joined, its array kept for the next
	return s.readGroups(ctx, src, where, args, func(g *summing) error {
		g.settle()
		if len(extra.byKey) > 0 {
			var x *Group
			if x, key = extra.find(g.Key, key); x != nil {
				g.Add(*x)
			}
		}
		return fn(g.Group)
	})
}

// Counted is what a converted total counts: the converted amounts, and the
// amounts of the gifts without a conversion in their own currency. With
// none of those it is Converted itself, not a copy: the caller must not
// change it.
func (g Group) Counted() map[string]api.Decimal {
	if len(g.Unconverted) == 0 {
		return g.Converted
	}
	out := make(map[string]api.Decimal, len(g.Converted)+len(g.Unconverted))
	addAll(out, g.Converted)
	addAll(out, g.Unconverted)
	return out
}

// NewGroup is an empty group of that key, to add groups to.
func NewGroup(key []string) *Group {
	return &Group{Key: key, Amounts: map[string]api.Decimal{}, Converted: map[string]api.Decimal{},
		Unconverted: map[string]api.Decimal{}, Refunded: map[string]api.Decimal{}}
}

// addAll adds from to to, and is to, made where it was nil and from is
// not: a group read from the store has no map for what it has none of.
func addAll(to, from map[string]api.Decimal) map[string]api.Decimal {
	if to == nil && len(from) > 0 {
		to = make(map[string]api.Decimal, len(from))
	}
	for cur, v := range from {
		to[cur] = to[cur].Add(v)
	}
	return to
}

// inexact adds up, by the keys, the amounts the integer columns could not
// hold (more than four decimals, or too large) from their text, exactly.
// There are seldom any, and the rollups say when there are none at all.
func (s *Store) inexact(ctx context.Context, keys []string, where string, args []any) (*groups, error) {
	out := newGroups()
	rolled, err := s.rolledUp(ctx)
	if err != nil {
		return nil, err
	}
	if rolled {
		var some bool
		err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM rollup_dims
			WHERE n_amount > n_amount_e4 OR n_converted > n_converted_e4)`).Scan(&some)
		if err != nil || !some {
			return out, s.explain(err)
		}
	}
	cond := " WHERE "
	if where != "" {
		cond = where + " AND "
	}
	sql := "SELECT " + strings.Join(append(keys, "coalesce(currency, '')", "coalesce(converted_currency, '')"), ", ") +
		", CASE WHEN amount_e4 IS NULL THEN amount END, CASE WHEN converted_e4 IS NULL THEN converted_amount END" +
		" FROM donations" + cond + "((amount IS NOT NULL AND amount_e4 IS NULL) OR (converted_amount IS NOT NULL AND converted_e4 IS NULL))"
	rows, err := s.db.QueryContext(ctx, sql, args...)
	if err != nil {
		return nil, s.explain(err)
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
			return nil, s.explain(err)
		}
		g := out.get(key)
		readA, readC := addText(g.Amounts, cur, amount), addText(g.Converted, conv, converted)
		if conv == "" {
			addText(g.Unconverted, cur, amount)
		}
		if !readA || !readC {
			g.NoNumber++
		}
	}
	return out, s.explain(rows.Err())
}

// groupSource is where a grouping reads: its table, the SQL of its keys,
// and of its sums in the order Groups scans them. groupBy, when set, is
// finer than the keys and in the order of an index that holds every
// column read, so that SQLite streams the groups instead of sorting every
// row; the rows of one key then come one after another and add up in Go.
// index, when set, is the index table is read by. perRow reads each row
// of the index in groupBy's order, its currencies and keys as one text
// (packedColumn), and sums nothing in SQL (see perRowSums).
type groupSource struct {
	table, index, sums, groupBy string
	keys                        []string
	perRow                      bool
}

// donorGroupBy is the order of donations_donor: grouping by donor, or by
// donor and a period of days, reads it and nothing else.
const donorGroupBy = "email_key, day, currency, converted_currency"

// donorIndexName is what a grouping by donor reads, once a first sync has
// made it at its end: left to itself, SQLite takes the status's index for
// the paid gifts, reads each from the table and sorts them all, a large
// part of a summary by donor.
const donorIndexName = "donations_donor"

// perRowSums are what a grouping that reads donations_donor row by row
// scans of each gift after its currencies and key (see groupScan): at a
// million, SQLite grouping them by donor and currency (sorting each
// donor's rows and handing Go eight columns a group) is much slower than
// handing Go the index's rows as they come, and the rows of a donor add
// up in Go whatever their currencies' order.
const perRowSums = "amount_e4, converted_e4"

const (
	donationSums  = "count(*), coalesce(sum(amount_e4), 0), coalesce(sum(converted_e4), 0), count(amount_e4), count(converted_e4)"
	rollupSumCols = "sum(n), sum(amount_e4), sum(converted_e4), sum(n_amount_e4), sum(n_converted_e4)"
)

// query is the grouping's SQL, with where (f.where) selecting the rows.
func (src groupSource) query(where string) string {
	cols := strings.Join(slices.Concat(src.keys, []string{"coalesce(currency, '')", "coalesce(converted_currency, '')"}), ", ")
	groupBy := cmp.Or(src.groupBy, cols)
	from := src.table
	if src.index != "" {
		from += " INDEXED BY " + src.index
	}
	from += where
	if src.perRow {
		return "SELECT " + packedColumn(src.keys) + ", " + perRowSums + " FROM " + from + " ORDER BY " + groupBy
	}
	return "SELECT " + cols + ", " + src.sums + " FROM " + from + " GROUP BY " + groupBy + " ORDER BY " + groupBy
}

// groupSource reads a rollup when one holds every key and f selects every
// donation or those of some statuses (and the rollup holds the status),
// and the donations otherwise.
func (s *Store) groupSource(ctx context.Context, f filter, by []string, loc *time.Location) (groupSource, error) {
	src := groupSource{table: "donations", sums: donationSums}
	var cols []string
	inZone := true
	for _, b := range by {
		k, ok := groupKeys[b]
		if !ok {
			return src, fmt.Errorf("cannot group by %q (one of %s)", b, strings.Join(query.GroupKeys, ", "))
		}
		if k.column == "day" && inZone {
			fits, err := s.zoneFits(ctx, loc)
			if err != nil {
				return src, err
			}
			inZone = fits
		}
		if k.column == "day" && !inZone {
			k.expr = fmt.Sprintf(offsetDays[b], fmt.Sprint(zoneOffset(loc, time.Now())))
		}
		src.keys, cols = append(src.keys, k.expr), append(cols, k.column)
	}
	rolled, err := s.rolledFilter(ctx, f)
	if err != nil {
		return src, err
	}
	switch {
	case slices.Equal(cols, []string{"email_key"}) || inZone && slices.Equal(cols, []string{"email_key", "day"}):
		// Once a first sync has made donations_donor, its rows come in the
		// order of the keys (a week or a month follows its days) and add
		// up in Go; until then, SQLite groups in its order.
		src.groupBy = donorGroupBy
		if rolled {
			rolled, err = s.packable(ctx)
		}
		if rolled {
			src.index, src.perRow, src.groupBy = donorIndexName, true, strings.Join(cols, ", ")
		}
		return src, err
	case !rolled || !inZone:
		return src, nil
	}
	if !f.isZero() {
		cols = append(cols, "status_key") // the rollup selects by it
	}
	// The rollup by day holds many times the rows of the others (a row
	// for each day, not each form or status): it is read only for what
	// needs the day; the rollup by campaign only for what needs the
	// campaign, as there may be many.
	for _, r := range byRows {
		if holds(r.keys, cols) {
			src.table, src.sums = r.table, rollupSumCols
			break
		}
	}
	return src, nil
}

// holds says whether every one of cols is among keys.
func holds(keys, cols []string) bool {
	for _, c := range cols {
		if !slices.Contains(keys, c) {
			return false
		}
	}
	return true
}

// groups gathers groups by key, for the insights' one pass over rows that
// come in no order.
type groups struct {
	byKey map[string]*Group
}

func newGroups() *groups { return &groups{byKey: map[string]*Group{}} }

func (a *groups) get(key []string) *Group {
	k := string(joinKey(nil, key))
	g := a.byKey[k]
	if g == nil {
		g = NewGroup(key)
		a.byKey[k] = g
	}
	return g
}

// find is the group of key, or nil, and buf with key joined in it: a
// joined key a group (strings.Join) would be garbage for every group of a
// summary by donor and day where some gift was refunded in part.
func (a *groups) find(key []string, buf []byte) (*Group, []byte) {
	buf = joinKey(buf[:0], key)
	return a.byKey[string(buf)], buf // the conversion in an index allocates nothing
}

// joinKey appends the parts of key to b, each after the first after a NUL.
func joinKey(b []byte, key []string) []byte {
	for i, k := range key {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, k...)
	}
	return b
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

// addText adds the amount text says to cur's sum in m, and says whether
// it read: false for text that is no number (nothing sent reads).
func addText(m map[string]api.Decimal, cur string, text *string) bool {
	if text == nil {
		return true
	}
	d, err := api.ParseDecimal(*text)
	if err == nil {
		m[cur] = m[cur].Add(d)
	}
	return err == nil
}
