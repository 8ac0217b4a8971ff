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
