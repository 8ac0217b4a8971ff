package store

import (
	"context"
	"fmt"
	"sort"

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
		counts[cur] = CurrencySum{counts[cur].Gifts + c, counts[cur].Sum.Add(v)}
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
