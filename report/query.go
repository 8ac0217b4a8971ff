package report

import (
	"time"

	"donations/query"
	"donations/store"
)

// Query is what a report is asked: the question's filters, the year and
// when it starts, and which statuses count.
type Query struct {
	// Filter selects the gifts; its Statuses are the statuses that count
	// (none: PaidStatuses).
	Filter query.Filter
	// Year is the year reported: a calendar year, or with FiscalStart a
	// fiscal year, named by the calendar year it ends in (FiscalStart 7:
	// fiscal 2026 is July 2025 to June 2026).
	Year int
	// FiscalStart is the month (1..12) years start in; 0 or 1 is January.
	FiscalStart int
	// AllStatuses counts every status but Refunded.
	AllStatuses bool
	// Now is when the report is made: a year not over yet is "so far".
	Now time.Time
	// ByGift bands the gift range table by each gift's size, not by what
	// each donor gave in the year.
	ByGift bool
	// WithLYBUNT makes SYBUNT the donors who gave some year before this
	// one and not this year, last year's donors too (as Salesforce's
	// Nonprofit Success Pack counts them); without it, SYBUNT leaves
	// LYBUNT's donors out.
	WithLYBUNT bool
	// Zone is the reader's: a gift's day, and so its month and year, is
	// its date there (nil: the store's zone, which its day column holds).
	Zone *time.Location
}

// Rule is the rule q counts by: its statuses, or every one but Refunded
// with AllStatuses.
func (q Query) Rule() Rule { return Rule{Statuses: q.Filter.Statuses, All: q.AllStatuses} }

// SQL is q as the store's SQL takes it: the rule resolved to the statuses
// that count, the year and the month years start in.
func (q Query) SQL() store.ReportQuery {
	return store.ReportQuery{Filter: q.Filter, Counted: Counted(q.Rule()), Year: q.Year, YearStart: q.fiscalStart(), Zone: q.Zone}
}

// fiscalStart is the month years start in, 1..12.
func (q Query) fiscalStart() int {
	if q.FiscalStart < 1 || q.FiscalStart > 12 {
		return 1
	}
	return q.FiscalStart
}

// YearSpan is when fiscal year y starts and ends (exclusive), in loc.
func (q Query) YearSpan(y int, loc *time.Location) (from, until time.Time) {
	fs := q.fiscalStart()
	start := y
	if fs > 1 {
		start = y - 1
	}
	from = time.Date(start, time.Month(fs), 1, 0, 0, 0, 0, loc)
	return from, from.AddDate(1, 0, 0)
}

// Running says whether the year reported is not over at q.Now: its
// figures are "so far".
func (q Query) Running(loc *time.Location) bool {
	from, until := q.YearSpan(q.Year, loc)
	return !q.Now.Before(from) && q.Now.Before(until)
}
