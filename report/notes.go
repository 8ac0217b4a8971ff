package report

import (
	"context"
	"sort"

	"donations/api"
	"donations/store"
)

// Notes are what a report says beside its figures: what it counted and in
// which currency, and what it left out or counted apart. They are over
// every gift the report reads: those of its filters up to the end of its
// year.
type Notes struct {
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

// NotesOf reads what a report of q says beside its figures.
func NotesOf(ctx context.Context, st *store.Store, q Query) (Notes, error) {
	n := Notes{LeftOut: map[string]int{}, NoEmailSums: map[string]api.Decimal{}, OwnCurrency: map[string]CurrencySum{}}
	sq := q.SQL()
	groups, err := st.NoteGroups(ctx, sq)
	if err != nil {
		return n, err
	}
	counts := map[string]CurrencySum{}
	for _, g := range groups {
		switch {
		case !g.Counted:
			n.LeftOut[g.Status] += g.Gifts
			continue
		case g.NoEmail:
			n.NoEmail += g.Gifts
			n.NoEmailSums[g.Currency] = n.NoEmailSums[g.Currency].Add(g.Sum)
		}
		n.Gifts += g.Gifts
		n.NoAmount += g.NoAmount
		counts[g.Currency] = CurrencySum{counts[g.Currency].Gifts + g.Gifts, counts[g.Currency].Sum.Add(g.Sum)}
	}
	if n.Undated, err = st.Undated(ctx, sq); err != nil {
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
