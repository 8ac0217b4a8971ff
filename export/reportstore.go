package export

import (
	"context"
	"slices"

	"donations/store"
)

// ReportNames are the reports made over the store, in the order the
// command line lists them and the browser pages through them.
var ReportNames = []string{store.LYBUNT, store.SYBUNT, "retention", "recurring", "yoy", "ranges"}

// StoreReport reads the named report of q from st, its amounts in the
// currency most counted gifts are in, its Notes the words every report
// ends with (ReportNotes, countOthers its words for counting the statuses
// left out) and then its own. running says q's year is not over. The
// command line and the browser both make their reports here, so they show
// the same figures.
func StoreReport(ctx context.Context, st *store.Store, name string, q store.ReportQuery, bands []int64, running bool, countOthers string) (Report, error) {
	notes, err := st.Notes(ctx, q)
	if err != nil {
		return Report{}, err
	}
	r, err := namedReport(ctx, st, name, q, notes.Currency, bands)
	if err != nil {
		return Report{}, err
	}
	r.Title = ReportTitle(name, q)
	words, own := ReportNotes(notes, q, running, countOthers), r.Notes
	r.Notes = func() []string {
		if own != nil {
			return slices.Concat(words, own())
		}
		return words
	}
	return r, nil
}

// namedReport is the named report over st, in cur.
func namedReport(ctx context.Context, st *store.Store, name string, q store.ReportQuery, cur string, bands []int64) (Report, error) {
	switch name {
	case store.LYBUNT, store.SYBUNT:
		r := LapsedReport(func(fn func(store.LapsedDonor) error) error {
			return st.Lapsed(ctx, q, name, cur, fn)
		}, cur, q)
		r.SortedBy = "last_year_total" // LYBUNT's order: what they gave last year
		if name == store.SYBUNT {
			r.SortedBy = "lifetime"
		}
		return r, nil
	case "retention":
		r, err := st.Retention(ctx, q, cur)
		return RetentionReport(r, q), err
	case "recurring":
		var sum RecurringSum
		r := RecurringReport(func(fn func(store.RecurringDonor) error) error {
			return st.Recurring(ctx, q, cur, fn)
		}, &sum)
		r.Headline = func() []string { return []string{sum.Line(cur)} }
		return r, nil
	case "yoy":
		m, err := st.YearOverYear(ctx, q, cur)
		return YearOverYearReport(m, q), err
	}
	b, err := st.Ranges(ctx, q, cur, bands)
	return RangesReport(b), err
}

// ReportCellText is a report's cell as its table shows it: the browser's
// report pages draw the same text as the command line's table.
func ReportCellText(c any) string { return reportCell(c, true) }

// ReportCellNumber says whether a cell is a number, which a table aligns
// right and never cuts.
func ReportCellNumber(c any) bool {
	_, text := c.(string)
	return !text && c != nil
}
