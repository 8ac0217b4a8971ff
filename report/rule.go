// Package report is the domain of what donations add up to, above the
// store (which keeps the SQL) and beside export (which writes it): which
// gifts count, fiscal years and their names, and what a count leaves out,
// in words. The browser's footer, insights and donors, `summary` and
// `report` all ask it, so they cannot disagree.
package report

import (
	"donations/query"
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

// RuleOf is the rule a report's query counts by: its statuses, or every
// one but Refunded with AllStatuses.
func RuleOf(q store.ReportQuery) Rule {
	return Rule{Statuses: q.Filter.Statuses, All: q.AllStatuses}
}

// query is r as the store's SQL takes it: the store's report queries
// count, in SQL, the statuses Counted gives, so the rule is resolved in
// one place, where the SQL can read it.
func (r Rule) query() store.ReportQuery {
	return store.ReportQuery{Filter: query.Filter{Statuses: r.Statuses}, AllStatuses: r.All}
}

// Counted are the statuses r counts (the paid ones unless it names
// others), or nil for every status but Refunded.
func Counted(r Rule) []string { return r.query().Counted() }

// Counts says whether a gift of status (as the store keys it: trimmed,
// lower case; "" for none) counts by r.
func Counts(status string, r Rule) bool { return r.query().Counts(status) }

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
