package tally

import (
	"context"

	"donations/store"
)

// Sum adds up what f selects, in the store, in one pass, for Live, which
// reads the store itself until it moves to its room; rule says
// which gifts the headline counts.
func Sum(ctx context.Context, st *store.Store, f store.Filter, rule store.ReportQuery) (Sums, error) {
	groups, err := st.Groups(ctx, f, []string{"status", "recurring"}, nil)
	return Of(groups, rule), err
}
