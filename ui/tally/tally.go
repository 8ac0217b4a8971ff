// Package tally is which gifts the browser's totals count, as every view
// that adds them up applies it: the filter of the counted gifts, the word
// that says it on screen, and the sums the footer, insights and Live
// draw (sums.go). The rule itself is store.ReportQuery's, the
// one `donations report` and summary follow.
package tally

import (
	"context"

	"donations/store"
)

// CountedFilter narrows f to the gifts rule counts, of the statuses present
// (seen: the count per status of what f selects); ok is false when none of
// them counts, as a filter of no status would select every one.
func CountedFilter(f store.Filter, rule store.ReportQuery, seen map[string]int) (store.Filter, bool) {
	if _, refunded := seen[store.Refunded]; rule.Counted() == nil && !refunded {
		return f, len(seen) > 0 // every status counts, the unknown one too
	}
	var counted []string
	for s := range seen {
		if rule.Counts(s) {
			counted = append(counted, s)
		}
	}
	f.Statuses = counted
	return f, len(counted) > 0
}

// Word says on a screen what the totals count: "paid", the
// statuses named, or "all but refunded".
func Word(rule store.ReportQuery) string {
	switch st := rule.Counted(); {
	case st == nil:
		return "all but refunded"
	case len(st) == 1:
		return st[0]
	}
	return "the statuses filtered"
}

// CountedOf is CountedFilter of what f selects, its statuses read from
// the store (from the rollups when f selects everything).
func CountedOf(ctx context.Context, st *store.Store, f store.Filter, rule store.ReportQuery) (store.Filter, bool, error) {
	groups, err := st.Groups(ctx, f, []string{"status"}, nil)
	if err != nil {
		return f, false, err
	}
	seen := map[string]int{}
	for _, g := range groups {
		seen[g.Key[0]] += g.Count
	}
	counted, ok := CountedFilter(f, rule, seen)
	return counted, ok, nil
}
