package store

import (
	"context"
	"fmt"
	"strings"

	"donations/api"
)

// NoteGroup is a group of the gifts a report reads (those of its filters
// up to the end of its year), by whether they count, their status,
// whether they have no e-mail and their currency: how many, how many of
// them have an amount that is no number ("N/A"), and what they add up to.
type NoteGroup struct {
	Counted, NoEmail bool
	Status, Currency string
	Gifts, NoAmount  int
	Sum              api.Decimal
}

// NoteGroups are the groups of the gifts a report of q reads.
func (s *Store) NoteGroups(ctx context.Context, q ReportQuery) ([]NoteGroup, error) {
	groups, ok, err := s.notesFromRollups(ctx, q)
	if err != nil {
		return nil, err
	}
	if !ok {
		g, args, err := s.gifts(ctx, q)
		if err != nil {
			return nil, err
		}
		if groups, err = s.tally(ctx, fmt.Sprintf(notesTally, g), args...); err != nil {
			return nil, err
		}
	}
	out := make([]NoteGroup, 0, len(groups))
	for k, t := range groups {
		out = append(out, NoteGroup{Counted: k[0] == int64(1), Status: keyText(k[1]), NoEmail: k[2] == int64(1), Currency: keyText(k[3]),
			Gifts: int(t.n), NoAmount: int(t.nulls), Sum: t.sum.decimal()})
	}
	return out, nil
}

// Adding every gift up one by one in Go (tally) for the notes is slow in
// a large store. The rollup by day holds what they add up, by
// status and currency, in a few thousand rows; two small reads put right
// what it does not know: the parts refunded (it holds the amounts as
// sent) and the gifts with no e-mail (it knows no donor).

// notesTally adds up a report's gifts (the SQL of gifts) as Notes tells
// them: by whether they count, their status, whether they have no e-mail
// and their currency.
const notesTally = `SELECT tally(?, e4, counted, status, email_key = '', cur) FROM (%s)`

// notesFromRollups are the groups of notesTally for q, from the rollups;
// ok is false where they cannot tell them: a filter on anything but the
// status, a first sync that has not added them up yet, or a rollup row
// where a gift with a converted currency has no exact converted amount
// (it counts in its own currency, whose share the row does not keep
// apart).
func (s *Store) notesFromRollups(ctx context.Context, q ReportQuery) (groups map[tallyKey]*tallySum, ok bool, err error) {
	f := q.Filter
	f.Statuses = nil
	if !(filter{Filter: f}).isZero() {
		return nil, false, nil
	}
	if ok, err := s.rollupsServe(ctx, q); !ok || err != nil {
		return nil, false, err
	}
	counted, args := q.countedCond()
	// A gift is converted (giftCurrency) where it has a converted currency
	// and amount: in a row with the currency every gift has the amount.
	rows, err := s.db.QueryContext(ctx, `SELECT `+counted+`, status_key, CASE WHEN converted_currency <> ''
			THEN converted_currency ELSE upper(currency) END AS cur, sum(n),
			sum(CASE WHEN converted_currency <> '' THEN converted_e4 ELSE amount_e4 END), max(converted_currency <> '' AND n_converted_e4 <> n)
		FROM rollup_day WHERE day <> '' AND length(day) = 10 AND day < ? GROUP BY 1, 2, 3`, append(args, q.dayFrom(q.Year+1))...)
	if err != nil {
		return nil, false, s.explain(err)
	}
	defer rows.Close()
	groups = map[tallyKey]*tallySum{}
	for rows.Next() {
		var k tallyKey
		var c, mixed int64
		var status, cur string
		var t tallySum
		if err := rows.Scan(&c, &status, &cur, &t.n, &t.sum.e4, &mixed); err != nil {
			return nil, false, s.explain(err)
		}
		if mixed != 0 {
			return nil, false, nil
		}
		k[0], k[1], k[2], k[3] = c, status, int64(0), cur
		groups[k] = &t
	}
	if err := rows.Err(); err != nil {
		return nil, false, s.explain(err)
	}
	return groups, true, s.amendNotes(ctx, q, groups)
}

// amendNotes puts right the rollups' groups: it takes off the parts
// refunded, then moves the gifts with no e-mail into groups of their own.
// Both are few, and read through indexes of their own.
func (s *Store) amendNotes(ctx context.Context, q ReportQuery, groups map[tallyKey]*tallySum) error {
	counted, args := q.countedCond()
	// The amount as the rollups add it up, less the amount counted.
	const refunded = "coalesce(CASE WHEN " + converted + " THEN converted_e4 ELSE amount_e4 END, 0) - " + giftAmount
	refunds, err := s.tally(ctx, `SELECT tally(?, `+refunded+`, `+counted+`, coalesce(status_key, ''), 0, `+giftCurrency+`)
		FROM donations WHERE `+partly+` AND day IS NOT NULL AND length(day) = 10 AND day < ?`, append(args, q.dayFrom(q.Year+1))...)
	if err != nil {
		return err
	}
	for k, t := range refunds {
		groupOf(groups, k).sum.minus(t.sum)
	}
	var noEmail conds
	noEmail.add("email_key = ''")
	g, args, err := s.gifts(ctx, q, noEmail)
	if err != nil {
		return err
	}
	moved, err := s.tally(ctx, fmt.Sprintf(notesTally, g), args...)
	if err != nil {
		return err
	}
	for k, t := range moved {
		*groupOf(groups, k) = *t
		k[2] = int64(0)
		from := groupOf(groups, k)
		from.n -= t.n
		from.sum.minus(t.sum)
	}
	return nil
}

// groupOf is the group of groups under k, made empty where there is none.
func groupOf(groups map[tallyKey]*tallySum, k tallyKey) *tallySum {
	g := groups[k]
	if g == nil {
		g = &tallySum{}
		groups[k] = g
	}
	return g
}

// keyText is a tally's key as text: NULL is "".
func keyText(k any) string {
	s, _ := k.(string)
	return s
}

// Undated counts the gifts of q's filters and counted statuses that no
// report places in a year: no date read ("01/03/2025", null), or one past
// the year 9999 or before the year 0 in the reader's zone. They are read
// off the index of dates, as few as they are.
func (s *Store) Undated(ctx context.Context, q ReportQuery) (int, error) {
	w, err := s.filterConds(ctx, q, everyDonation)
	if err != nil {
		return 0, err
	}
	first, past := yearsKnown(s.reportZone(q))
	w.add("(date_utc IS NULL OR date_utc < ? OR date_utc >= ?)", first.UnixMilli(), past.UnixMilli())
	counted, args := q.countedCond()
	w.add(counted, args...)
	var n int
	err = s.db.QueryRowContext(ctx, "SELECT count(*) FROM donations WHERE "+strings.Join(w.conds, " AND "), w.args...).Scan(&n)
	return n, s.explain(err)
}
