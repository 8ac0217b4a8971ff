package report

import (
	"context"

	"donations/store"
)

// Names are the reports, in the order the command line lists them and the
// browser pages through them.
var Names = []string{LYBUNT, SYBUNT, "retention", "recurring", "yoy", "ranges"}

// Result is a named report of a query as read: its notes (whose currency
// the figures are in) and the figures of that report alone. The lapsed
// and recurring donors are read from the store each time they are walked,
// so a report of many donors stays bounded in memory.
type Result struct {
	Name  string
	Query Query
	Notes Notes
	// Lapsed walks LYBUNT's or SYBUNT's donors, Recurring the recurring
	// report's as guessed from the gifts; nil for the other reports.
	Lapsed    func(fn func(LapsedDonor) error) error
	Recurring func(fn func(RecurringDonor) error) error
	// Plans is the recurring report read from the plans where the store
	// holds them (then Recurring is nil); PlanCoverage is what the store
	// knows of them, which says why a report guessed from the gifts did.
	Plans        *Plans
	PlanCoverage store.KindHeld
	Retention    Retention
	Months       []YearMonth // yoy
	Ranges       RangeTable
}

// Read reads the named report of q from st (ranges for a name it does
// not know), its gift ranges banded from bands, its amounts in the
// currency most counted gifts are in. The command line and the browser
// both read their reports here, so they show the same figures.
func Read(ctx context.Context, st *store.Store, name string, q Query, bands []int64) (Result, error) {
	notes, err := NotesOf(ctx, st, q)
	r := Result{Name: name, Query: q, Notes: notes}
	if err != nil {
		return r, err
	}
	cur := notes.Currency
	switch name {
	case LYBUNT, SYBUNT:
		r.Lapsed = func(fn func(LapsedDonor) error) error { return Lapsed(ctx, st, q, name, cur, fn) }
	case "retention":
		r.Retention, err = RetentionOf(ctx, st, q, cur)
	case "recurring":
		var held bool
		if r.PlanCoverage, held, err = PlansHeld(ctx, st); held {
			r.Plans, err = PlansOf(ctx, st, q, r.PlanCoverage, cur)
		} else if err == nil {
			r.Recurring = func(fn func(RecurringDonor) error) error { return Recurring(ctx, st, q, cur, fn) }
		}
	case "yoy":
		r.Months, err = YearOverYear(ctx, st, q, cur)
	default:
		r.Ranges, err = Ranges(ctx, st, q, cur, bands)
	}
	return r, err
}
