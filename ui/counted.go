package ui

import (
	"context"

	"donations/store"
)

// rule is which gifts the browser's totals count, the one rule `donations
// report` and summary follow (store.ReportQuery.Counts): the paid gifts,
// the statuses the question names, or with the switch (allStatuses, the
// key a) every status but refunded.
func (w *walk) rule() store.ReportQuery {
	return store.ReportQuery{Filter: store.Filter{Statuses: w.filter().Statuses}, AllStatuses: w.allStatuses}
}

// switchStatuses is the key a: the totals count every status but
// refunded, or again the paid gifts; the footer counts again.
func (w *walk) switchStatuses() {
	w.allStatuses = !w.allStatuses
	w.shown.sumsDirty = true
}

// countedFilter narrows f to the gifts rule counts, of the statuses present
// (seen: the count per status of what f selects); ok is false when none of
// them counts, as a filter of no status would select every one.
func countedFilter(f store.Filter, rule store.ReportQuery, seen map[string]int) (store.Filter, bool) {
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

// countingWord says on a screen what the totals count: "paid", the
// statuses named, or "all but refunded".
func countingWord(rule store.ReportQuery) string {
	switch st := rule.Counted(); {
	case st == nil:
		return "all but refunded"
	case len(st) == 1:
		return st[0]
	}
	return "the statuses filtered"
}

// countedOf is countedFilter of what f selects, its statuses read from
// the store (from the rollups when f selects everything).
func countedOf(ctx context.Context, st *store.Store, f store.Filter, rule store.ReportQuery) (store.Filter, bool, error) {
	groups, err := st.Groups(ctx, f, []string{"status"}, nil)
	if err != nil {
		return f, false, err
	}
	seen := map[string]int{}
	for _, g := range groups {
		seen[g.Key[0]] += g.Count
	}
	counted, ok := countedFilter(f, rule, seen)
	return counted, ok, nil
}
