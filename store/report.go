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

// PaidStatuses are the statuses the rollups keep a rule of their own for
// (see donorRules): those package report counts unless told otherwise. A
// query whose resolved statuses are these reads the rollups.
var PaidStatuses = []string{"paid"}

// Refunded is the status of a refunded gift, which the SQL never counts
// where a query's Counted is nil.
const Refunded = "refunded"

// ReportQuery is what the SQL of a report is asked, its counting rule and
// its years resolved by package report: the gifts (Filter), the statuses
// that count, the year and the month years start in, and the reader's zone.
type ReportQuery struct {
	// Filter selects the gifts read; its Statuses are not read: Counted
	// says which count, and the notes tell the others.
	Filter query.Filter
	// Counted are the statuses that count, nil for every one but Refunded.
	Counted []string
	// Year is the year reported, named by the calendar year it ends in:
	// YearStart 7 makes 2026 July 2025 to June 2026.
	Year int
	// YearStart is the month (1..12) years start in; 0 or 1 is January.
	YearStart int
	// Zone is the reader's: a gift's day, and so its month and year, is
	// its date there (nil: the store's zone, which its day column holds).
	Zone *time.Location
}

// Zone is the zone the store's days are dates in (meta zone): the day
// column holds them, and the rollups key them.
func (s *Store) Zone() *time.Location { return s.zone }

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

// counts says whether a gift of status (as the store keys it) counts by
// q.Counted, as countedCond counts in SQL: where a rollup keeps a rule of
// its own, the two must agree on every status it holds.
func (q ReportQuery) counts(status string) bool {
	if q.Counted == nil {
		return status != Refunded
	}
	return slices.ContainsFunc(q.Counted, func(s string) bool { return statusKey(s) == status })
}

// statusKey is a status, as sent or asked for, as the store keys it and
// every query compares it: trimmed, lower case. Folding case as Unicode
// does ("diſputed" is "disputed") would make a fast path choose a rule
// the query's SQL then did not count by; a status sent as " Paid " would
// match no filter untrimmed.
func statusKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// yearStart is the month years start in, 1..12.
func (q ReportQuery) yearStart() int {
	if q.YearStart < 1 || q.YearStart > 12 {
		return 1
	}
	return q.YearStart
}

// yearFrom is the first moment of year y in loc: of the calendar year y,
// or of the one before from the start month where years start later.
func (q ReportQuery) yearFrom(y int, loc *time.Location) time.Time {
	ys := q.yearStart()
	if ys > 1 {
		y--
	}
	return time.Date(y, time.Month(ys), 1, 0, 0, 0, 0, loc)
}

// yearOfDay is the SQL that makes a gift's year from its day (a date in
// the store's zone): the calendar year, plus one from the start month on
// when years start later than January. A query that only asks whether a
// gift is of a given year compares its day with dayFrom instead: the
// flattened subquery worked this out up to five times a row.
func (q ReportQuery) yearOfDay() string {
	fy := "CAST(substr(day, 1, 4) AS INTEGER)"
	if ys := q.yearStart(); ys > 1 {
		fy += fmt.Sprintf(" + (CAST(substr(day, 6, 2) AS INTEGER) >= %d)", ys)
	}
	return fy
}

// dayFrom is the first day of year y as the day column writes it: a gift
// is of year y or later when its day is not before it.
func (q ReportQuery) dayFrom(y int) string {
	return q.yearFrom(y, time.UTC).Format(time.DateOnly)
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
	st := q.Counted
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
// they need no sort. An IN list of the donors costs more: SQLite puts
// them in a b-tree of its own first.
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
