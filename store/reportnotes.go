package store

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"donations/api"
)

// ReportNotes are what a report says beside its figures: what it counted
// and in which currency, and what it left out or counted apart. They are
// over every gift the report reads: those of its filters up to the end of
// its year.
type ReportNotes struct {
	// Currency is the one amounts are in: the one most counted gifts are
	// in once converted.
	Currency string
	// Gifts counts the gifts counted.
	Gifts int
	// LeftOut counts the gifts of the statuses that do not count, by status.
	LeftOut map[string]int
	// NoEmail counts the counted gifts with no e-mail: no donor can be told
	// apart among them, so donor figures leave them out; NoEmailSums are
	// their amounts by currency.
	NoEmail     int
	NoEmailSums map[string]api.Decimal
	// OwnCurrency are the counted gifts in another currency than Currency
	// (they have no conversion): their count and sum by currency. Donor
	// rows show them apart; other figures leave them out.
	OwnCurrency map[string]CurrencySum
	// NoAmount counts the counted gifts whose amount is no number ("N/A"):
	// they count as gifts, and add nothing to any sum.
	NoAmount int
	// Undated counts the gifts of the statuses that count which no report
	// places in a year: no date it reads ("01/03/2025", null), or one
	// past the year 9999 or before the year 0 in the reader's zone.
	Undated int
}

// CurrencySum is a count of gifts and what they add up to in one currency.
type CurrencySum struct {
	Gifts int
	Sum   api.Decimal
}

// Notes reads what a report of q says beside its figures.
func (s *Store) Notes(ctx context.Context, q ReportQuery) (ReportNotes, error) {
	n := ReportNotes{LeftOut: map[string]int{}, NoEmailSums: map[string]api.Decimal{}, OwnCurrency: map[string]CurrencySum{}}
	groups, ok, err := s.notesFromRollups(ctx, q)
	if err != nil {
		return n, err
	}
	if !ok {
		g, args, err := s.gifts(ctx, q)
		if err != nil {
			return n, err
		}
		if groups, err = s.tally(ctx, fmt.Sprintf(notesTally, g), args...); err != nil {
			return n, err
		}
	}
	counts := map[string]CurrencySum{}
	for k, t := range groups {
		counted, status, noEmail, cur := k[0] == int64(1), keyText(k[1]), k[2] == int64(1), keyText(k[3])
		c, v := int(t.n), t.sum.decimal()
		switch {
		case !counted:
			n.LeftOut[status] += c
			continue
		case noEmail:
			n.NoEmail += c
			n.NoEmailSums[cur] = n.NoEmailSums[cur].Add(v)
		}
		n.Gifts += c
		n.NoAmount += int(t.nulls)
		counts[cur] = CurrencySum{counts[cur].Gifts + c, counts[cur].Sum.Add(v)}
	}
	if n.Undated, err = s.undated(ctx, q); err != nil {
		return n, err
	}
	n.Currency = mostGifts(counts)
	for cur, c := range counts {
		if cur != n.Currency {
			n.OwnCurrency[cur] = c
		}
	}
	return n, nil
}

// keyText is a tally's key as text: NULL is "".
func keyText(k any) string {
	s, _ := k.(string)
	return s
}

// mostGifts is the currency with the most gifts, the first by name of
// those tied.
func mostGifts(counts map[string]CurrencySum) string {
	curs := make([]string, 0, len(counts))
	for cur := range counts {
		curs = append(curs, cur)
	}
	sort.Strings(curs)
	best := ""
	for _, cur := range curs {
		if best == "" || counts[cur].Gifts > counts[best].Gifts {
			best = cur
		}
	}
	return best
}

// undated counts the gifts of q's filters and counted statuses that have
// no day in the years a report knows (see ReportNotes.Undated): read off
// the index of dates, as few as they are.
func (s *Store) undated(ctx context.Context, q ReportQuery) (int, error) {
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
