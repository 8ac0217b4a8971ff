package dataset

import (
	"context"

	"donations/query"
	"donations/report"
	"donations/store"
)

// Sums is what the question's donations add up to, as the browser's footer
// shows it: by status, recurring and currency, and which of them count.
type Sums struct {
	// Rule is which gifts count: the paid ones, the question's statuses,
	// or with All every status but refunded.
	Rule report.Rule
	// Groups are keyed by status (as the store keys it, "" for none),
	// "recurring" or "one-time", and currency: the footer says how many
	// gifts without a conversion its converted total counts, those in its
	// currency, and how many it cannot.
	Groups []store.Group
}

// rule is which gifts the totals of what f selects count: the paid ones,
// f's statuses, or with all every status but refunded.
func rule(f query.Filter, all bool) report.Rule {
	return report.Rule{Statuses: f.Statuses, All: all}
}

// sums adds up what f selects, in one reading of the store.
func sums(ctx context.Context, st *store.Store, f query.Filter, all bool) (*Sums, error) {
	groups, err := st.Groups(ctx, f, []string{"status", "recurring", "currency"}, nil)
	if err != nil {
		return nil, err
	}
	return &Sums{Rule: rule(f, all), Groups: groups}, nil
}
