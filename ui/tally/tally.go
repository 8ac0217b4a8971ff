// Package tally is how the browser says which gifts its totals count: the
// word that says it on screen, and the sums the footer, insights and Live
// draw (sums.go). The rule itself is store.ReportQuery's, the one
// `donations report` and summary follow, which the dataset applies.
package tally

import "donations/dataset"

// Word says on a screen what the totals count: "paid", the
// statuses named, or "all but refunded".
func Word(rule dataset.ReportQuery) string {
	switch st := rule.Counted(); {
	case st == nil:
		return "all but refunded"
	case len(st) == 1:
		return st[0]
	}
	return "the statuses filtered"
}
