// Package report is the domain of what donations add up to, above the
// store (which keeps the SQL) and beside export (which writes it): which
// gifts count, fiscal years and their names, the six fundraising reports
// and the notes beside them, and what a count leaves out, in words. The
// browser's footer, insights and donors, `summary` and `report` all ask
// it, so they cannot disagree.
package report

import (
	"slices"
	"strings"

	"donations/store"
)

// Rule says which gifts count: the statuses named, every status but
// Refunded with All, or else the paid ones.
type Rule struct {
	Statuses []string
	All      bool
}

// Refunded is the status a rule never counts unless it is named.
const Refunded = store.Refunded

// Counted are the statuses r counts, or nil for every status but
// Refunded: the store's SQL counts these. Unless r names others they are
// the paid ones (store.PaidStatuses, which the store keeps sums of apart):
// the money the organisation has. A refunded gift carries the status
// Refunded (the only one the spec shows), so it is not paid and adds
// nothing: that is how refunds are taken off; a gift refunded in part
// carries amount_refunded, which the store takes off its amount.
func Counted(r Rule) []string {
	switch {
	case r.All:
		return nil
	case len(r.Statuses) > 0:
		return r.Statuses
	}
	return store.PaidStatuses
}

// Counts says whether a gift of status (as the store keys it: trimmed,
// lower case; "" for none) counts by r.
func Counts(status string, r Rule) bool {
	st := Counted(r)
	if st == nil {
		return status != Refunded
	}
	return slices.ContainsFunc(st, func(s string) bool { return statusKey(s) == status })
}

// statusKey is a status, as asked for, as the store keys it: trimmed,
// lower case (not folded as Unicode folds case, which the store's keys
// are not).
func statusKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// Word says in a word or two what r counts: "paid", the one status
// named, "the statuses filtered", or "all but refunded".
func Word(r Rule) string {
	switch st := Counted(r); {
	case st == nil:
		return "all but " + Refunded
	case len(st) == 1:
		return st[0]
	}
	return "the statuses filtered"
}
