package store

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"donations/query"
)

// PaidStatuses are the statuses whose gifts a report adds up unless told
// otherwise: the money the organisation has. A refunded gift carries the
// status Refunded (the only one the spec shows), so it is not paid and
// adds nothing: that is how refunds are taken off. A gift refunded in part
// carries amount_refunded (servers of this kind send it): giftAmount takes
// it off, there only.
var PaidStatuses = []string{"paid"}

// Refunded is the status of a refunded gift, which a report never counts
// unless it is named.
const Refunded = "refunded"

// ReportQuery is what a report is asked: the question's filters, the year
// and when it starts, and which statuses count.
type ReportQuery struct {
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

// reportZone is the zone q's days are in.
func (s *Store) reportZone(q ReportQuery) *time.Location {
	if q.Zone == nil {
		return s.zone
	}
	return q.Zone
}

// daysHeld says whether the day column holds q's days: the reader's zone
// puts every gift on the day the store's zone does. A store synced in UTC
// and read in New York does not: a gift of 22:00 on 31 December there is
// of the next year in the column.
func (s *Store) daysHeld(ctx context.Context, q ReportQuery) (bool, error) {
	if q.Zone == nil {
		return true, nil
	}
	return s.zoneFits(ctx, q.Zone)
}

// rollupsServe says whether the rollups a report reads instead of the
// gifts add up q's gifts as the gifts do: every donation is added up,
// their days are q's and within the years 0 to 9999 (the rollups read
// the year off the day's first four characters), and every amount is one
// the integer columns hold (the rollups count the others as 0; the gifts
// add them up exactly).
func (s *Store) rollupsServe(ctx context.Context, q ReportQuery) (bool, error) {
	if ok, err := s.rolledUp(ctx); !ok || err != nil {
		return false, err
	}
	if ok, err := s.daysHeld(ctx, q); !ok || err != nil {
		return false, err
	}
	var odd bool
	first, past := yearsKnown(s.zone)
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM rollup_dims
		WHERE n_amount > n_amount_e4 OR n_converted > n_converted_e4)
		OR EXISTS (SELECT 1 FROM donations WHERE date_utc < ?) OR EXISTS (SELECT 1 FROM donations WHERE date_utc >= ?)`,
		first.UnixMilli(), past.UnixMilli()).Scan(&odd)
	return !odd, s.explain(err)
}

// yearsKnown are the first moment of the year 0 and of the year 10000 in
// loc: a report places a gift in a year between them (a day of four
// digits), and counts the others apart (Undated).
func yearsKnown(loc *time.Location) (first, past time.Time) {
	return time.Date(0, 1, 1, 0, 0, 0, 0, loc), time.Date(10000, 1, 1, 0, 0, 0, 0, loc)
}

// Counted are the statuses that count, or nil for every status but
// Refunded.
func (q ReportQuery) Counted() []string {
	switch {
	case q.AllStatuses:
		return nil
	case len(q.Filter.Statuses) > 0:
		return q.Filter.Statuses
	}
	return PaidStatuses
}

// Counts says whether a gift of status (as the store keys it: lower
// case) counts, by the rule Counted gives: what the browser's totals and
// summary add up as their headline.
func (q ReportQuery) Counts(status string) bool {
	st := q.Counted()
	if st == nil {
		return status != Refunded
	}
	for _, s := range st {
		if statusKey(s) == status {
			return true
		}
	}
	return false
}

// statusKey is a status, as sent or asked for, as the store keys it and
// every query compares it: trimmed, lower case. Counts had folded case
// ("diſputed" was "disputed"), so a fast path chose a rule the query's SQL
// then did not count by; and a status sent as " Paid " was kept untrimmed,
// which no filter matched and no report counted as paid.
func statusKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// fiscalStart is the month years start in, 1..12.
func (q ReportQuery) fiscalStart() int {
	if q.FiscalStart < 1 || q.FiscalStart > 12 {
		return 1
	}
	return q.FiscalStart
}

// FiscalYearOf is the fiscal year t is in, for years that start in month
// fiscalStart (0 or 1: January).
func FiscalYearOf(t time.Time, fiscalStart int) int {
	if fiscalStart > 1 && int(t.Month()) >= fiscalStart {
		return t.Year() + 1
	}
	return t.Year()
}

// YearSpan is when fiscal year y starts and ends (exclusive), in loc.
func (q ReportQuery) YearSpan(y int, loc *time.Location) (from, until time.Time) {
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
func (q ReportQuery) Running(loc *time.Location) bool {
	from, until := q.YearSpan(q.Year, loc)
	return !q.Now.Before(from) && q.Now.Before(until)
}

// fiscalYear is the SQL that makes a gift's fiscal year from its day (a
// date in the store's zone): the calendar year, plus one from the start
// month on when years start later than January. A report that only asks
// whether a gift is of a given year compares its day with dayFrom instead:
// the flattened subquery worked this out up to five times a row.
func (q ReportQuery) fiscalYear() string {
	fy := "CAST(substr(day, 1, 4) AS INTEGER)"
	if fs := q.fiscalStart(); fs > 1 {
		fy += fmt.Sprintf(" + (CAST(substr(day, 6, 2) AS INTEGER) >= %d)", fs)
	}
	return fy
}

// dayFrom is the first day of fiscal year y as the day column writes it:
// a gift is of year y or later when its day is not before it.
func (q ReportQuery) dayFrom(y int) string {
	from, _ := q.YearSpan(y, time.UTC)
	return from.Format(time.DateOnly)
}

// fiscalYearOfDay is the fiscal year of a day as the day column writes
// it, 0 if it is not one.
func (q ReportQuery) fiscalYearOfDay(day string) int {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return 0
	}
	return FiscalYearOf(t, q.fiscalStart())
}

// giftCurrency and giftAmount are the currency and the amount (× 10^4)
// the rollups of reports add up: the converted ones, or the gift's own
// where it has no conversion, less the part refunded (netConverted,
// netAmount). They hold only amounts the integer columns hold (0 for the
// others): a store that has any other reads the gifts (exactAmounts).
const (
	converted    = "(converted_e4 IS NOT NULL AND coalesce(converted_currency, '') <> '')"
	giftCurrency = "CASE WHEN " + converted + " THEN converted_currency ELSE upper(coalesce(currency, '')) END"
	giftAmount   = "coalesce(CASE WHEN " + converted + " THEN " + netConverted + " ELSE " + netAmount + " END, 0)"
)

// reportCurrency and reportAmount are what a report reads of each gift:
// as giftCurrency and giftAmount, but a converted amount the integer
// column does not hold (27.950000000000003, a billion dong) is still the
// conversion, and its text less the part refunded (netexact) is the
// amount (see amountSum). An amount that
// is no number ("N/A") is NULL: the notes count it apart (Unreadable).
const (
	readable        = "(converted_e4 IS NOT NULL OR converted_e4f IS NOT NULL)"
	reportConverted = "(" + readable + " AND coalesce(converted_currency, '') <> '')"
	reportCurrency  = "CASE WHEN " + reportConverted + " THEN converted_currency ELSE upper(coalesce(currency, '')) END"
	reportAmount    = "CASE WHEN " + reportConverted + " THEN coalesce(" + netConverted + ", netexact(converted_amount, " + refundedPart + ", amount))" +
		" ELSE coalesce(" + netAmount + ", CASE WHEN amount_e4f IS NOT NULL THEN netexact(amount, " + refundedPart + ", NULL) END) END"
	refundedPart = "CASE WHEN " + partly + " THEN refunded_e4 END"
)

// countedCond is the condition on the status, the one rule of which gifts
// count, and its arguments.
func (q ReportQuery) countedCond() (string, []any) {
	st := q.Counted()
	if st == nil {
		return "coalesce(status_key, '') <> ?", []any{Refunded}
	}
	keys := make([]any, len(st))
	for i, s := range st {
		keys[i] = statusKey(s)
	}
	return "coalesce(status_key, '') IN (" + strings.TrimSuffix(strings.Repeat("?,", len(keys)), ",") + ")", keys
}

// gifts is the SQL of the gifts a report reads, up to the end of its year,
// with their currency cur and amount e4 (in cur), and whether they count
// (counted), and its arguments; only are a fast path's conditions on
// the donations, which leave out gifts that cannot change its answer. The question's statuses say what counts, not
// what is read: the notes tell the gifts left out.
func (s *Store) gifts(ctx context.Context, q ReportQuery, only ...conds) (string, []any, error) {
	return s.giftsFrom(ctx, q, everyDonation, only...)
}

// giftSource is where a report reads gifts from, and the column that
// names their donor there.
type giftSource struct {
	key, from string
	args      []any
}

var everyDonation = giftSource{key: "email_key", from: "donations"}

// pickedDonors are the gifts of the donors the donors table's rows that
// where picks: the table read in its order (by e-mail), each donor's gifts
// then looked up in the donor index. Grouped by the table's key (picked),
// they need no sort. An IN list of the donors cost a third more: SQLite
// put them in a b-tree of its own first.
func pickedDonors(where string, args ...any) giftSource {
	return giftSource{"picked", "(SELECT email_key AS picked FROM donors WHERE " + where +
		") CROSS JOIN donations ON donations.email_key = picked", args}
}

// giftsFrom is gifts read from src.
func (s *Store) giftsFrom(ctx context.Context, q ReportQuery, src giftSource, only ...conds) (string, []any, error) {
	w, err := s.filterConds(ctx, q, src)
	if err != nil {
		return "", nil, err
	}
	day, dayArgs, err := s.dayOf(ctx, q)
	if err != nil {
		return "", nil, err
	}
	// The end of the year as a day, not the year of each gift's day: the
	// day is in the index, and comparing it costs no arithmetic a row. A
	// day past 9999 has more than ten characters, and would compare as
	// the past: it is out of range (Undated).
	w.add(day+" IS NOT NULL AND length("+day+") = 10 AND "+day+" < ?", slices.Concat(dayArgs, dayArgs, dayArgs, []any{q.dayFrom(q.Year + 1)})...)
	for _, o := range only {
		w.conds, w.args = append(w.conds, o.conds...), append(w.args, o.args...)
	}
	counted, args := q.countedCond()
	return "SELECT " + src.key + " AS email_key, " + reportCurrency + " AS cur, " + reportAmount + " AS e4, " +
		"date_utc, " + day + " AS day, first_name, last_name, recurring, plan_interval, coalesce(status_key, '') AS status, " + counted +
		" AS counted FROM " + src.from + " WHERE " + strings.Join(w.conds, " AND "), slices.Concat(dayArgs, args, src.args, w.args), nil
}

// filterConds are the conditions of q's filters but its statuses on the
// gifts of src.
func (s *Store) filterConds(ctx context.Context, q ReportQuery, src giftSource) (conds, error) {
	f := filter{Filter: q.Filter}
	f.Statuses = nil
	var w conds
	if err := s.searchable(ctx, &f); err != nil {
		return w, err
	}
	wide, err := s.wideDates(ctx, f)
	if err != nil {
		return w, err
	}
	f.scanDates = wide
	f.whoClause(&w, false)
	f.giftClause(&w)
	if err := f.amountClause(&w); err != nil {
		return w, err
	}
	if src.from == everyDonation.from {
		by, names, err := s.narrowBy(ctx, f)
		if err != nil {
			return w, err
		}
		if by != "" {
			w.add(by, names...)
		}
	}
	return w, nil
}

// dayOf is the SQL of a gift's day for q, and its arguments: the day
// column where it holds q's days (daysHeld), else the date of date_utc
// in q's zone, worked out a gift at a time.
func (s *Store) dayOf(ctx context.Context, q ReportQuery) (string, []any, error) {
	held, err := s.daysHeld(ctx, q)
	if err != nil || held {
		return "day", nil, err
	}
	return "dayin(date_utc, ?)", []any{zoneID(q.Zone)}, nil
}

// wideShare is the share of the store, one in wideShare, from which a date
// range's gifts are read faster by walking the donor index whole, testing
// each gift's date, than by looking each up from donations_date and
// sorting them by donor: at a million, walking it costs about what the
// lookups and the sort of a tenth of the gifts cost.
const wideShare = 10

// wideDates says whether f's date range holds so many of the store's
// gifts (see wideShare) that a report reads them off the donor index in
// its order. They are counted in donations_date, which holds the dates,
// only up to that share: at most a tenth of the index is read.
func (s *Store) wideDates(ctx context.Context, f filter) (bool, error) {
	if f.Dates.IsZero() {
		return false, nil
	}
	all, err := s.Count(ctx, query.Query{})
	if err != nil {
		return false, err
	}
	since, until := int64(math.MinInt64), int64(math.MaxInt64)
	if !f.Dates.Since.IsZero() {
		since = f.Dates.Since.UnixMilli()
	}
	if !f.Dates.Until.IsZero() {
		until = f.Dates.Until.UnixMilli()
	}
	var n int
	err = s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM donations WHERE date_utc >= ? AND date_utc < ? LIMIT ?)`,
		since, until, all/wideShare+1).Scan(&n)
	return n > all/wideShare, s.explain(err)
}
