package api

import (
	"net/url"
	"strconv"
	"time"
)

// isoMillis is how the API writes a date-time (donation_date): UTC, milliseconds, Z.
const isoMillis = "2006-01-02T15:04:05.000Z"

// toMillis writes t as the API does, rounded up to the millisecond: gifts
// are dated to the millisecond, so none lies between t and it.
func toMillis(t time.Time) string {
	if r := t.Truncate(time.Millisecond); r.Before(t) {
		t = r.Add(time.Millisecond)
	}
	return t.UTC().Format(isoMillis)
}

// MaxPerPage is the spec's largest page; a larger per_page reverts to it.
const MaxPerPage = 100

// Query is one list request: paging and the spec's filters, all combinable.
// Zero values are not sent.
type Query struct {
	Page       int
	PerPage    int
	Email      string
	FirstName  string
	LastName   string
	CampaignID int64
	ID         int64

	// desc asks for newest first with order=desc, which the spec does not
	// show; the pager sends it once and believes it only if the ids descend.
	desc bool
	// asc asks for oldest first with order=asc, which servers that list
	// newest first by default take (see OrderAscendingAsked).
	asc bool
	// dates asks for a date range with date_from and date_to, which the
	// spec does not show either; a RangeWalk sends them and believes the
	// answer only if every row lies where it asked (see tryDirect).
	dates DateRange
	// dateForm is how dates are written (see DateForm): the client's
	// learned form unless a walk tries one.
	dateForm DateForm
}

// EffectivePerPage is the page size the server will use: the spec's default
// and maximum are both 100, and a larger value reverts to the default.
func (q Query) EffectivePerPage() int {
	if q.PerPage <= 0 || q.PerPage > MaxPerPage {
		return MaxPerPage
	}
	return q.PerPage
}

// Values encodes the query as URL parameters, in the spec's names.
func (q Query) Values() url.Values {
	v := url.Values{}
	if q.Page > 0 {
		v.Set("page", strconv.Itoa(q.Page))
	}
	if q.PerPage > 0 {
		v.Set("per_page", strconv.Itoa(q.PerPage))
	}
	set := func(k, s string) {
		if s != "" {
			v.Set(k, s)
		}
	}
	set("email", q.Email)
	set("first_name", q.FirstName)
	set("last_name", q.LastName)
	if q.CampaignID > 0 {
		v.Set("campaign_id", strconv.FormatInt(q.CampaignID, 10))
	}
	if q.ID > 0 {
		v.Set("id", strconv.FormatInt(q.ID, 10))
	}
	switch {
	case q.desc:
		v.Set("order", "desc")
	case q.asc:
		v.Set("order", "asc")
	}
	q.setDates(v)
	return v
}

// setDates writes the date range in the query's form. date_to is the
// range's exclusive end: a server that reads it inclusively sends a gift
// dated at that very instant too, which the walk drops, where one a
// millisecond earlier would be lost by a server that reads it exclusively.
// In the day form the range is widened to the days around it (dayBounds).
func (q Query) setDates(v url.Values) {
	from, to, layout := q.dates.Since, q.dates.Until, ""
	if q.dateForm == DatesDay {
		from, to = dayBounds(q.dates)
		layout = time.DateOnly
	}
	write := func(k string, t time.Time) {
		switch {
		case t.IsZero():
		case layout != "":
			v.Set(k, t.Format(layout))
		default:
			v.Set(k, toMillis(t))
		}
	}
	write("date_from", from)
	write("date_to", to)
}

// dayBounds are the days sent for r in the day form. A server reads them
// in its own time zone, which the client does not know: its day D starts
// between D-14h (UTC+14) and D+12h (UTC-12) in UTC. The days sent take in
// the whole range in any zone; the walk keeps only the donations dated in
// r itself.
func dayBounds(r DateRange) (from, to time.Time) {
	day := func(t time.Time) time.Time { return t.UTC().Truncate(24 * time.Hour) }
	if !r.Since.IsZero() {
		from = day(r.Since.Add(-dayLate))
	}
	if !r.Until.IsZero() {
		to = day(r.Until.Add(dayEarly-time.Nanosecond)).AddDate(0, 0, 1)
	}
	return from, to
}

// How much earlier and later than in UTC a server's day may start.
const (
	dayEarly = 14 * time.Hour
	dayLate  = 12 * time.Hour
)

// answerSpan is where every donation of a faithful answer to q's date
// range is dated: the range itself, or for the day form the days sent,
// read in any time zone.
func (q Query) answerSpan() DateRange {
	if q.dateForm != DatesDay {
		return q.dates
	}
	from, to := dayBounds(q.dates)
	if !from.IsZero() {
		from = from.Add(-dayEarly)
	}
	if !to.IsZero() {
		to = to.Add(dayLate)
	}
	return DateRange{Since: from, Until: to}
}

// Filter is one server-side filter in force: the parameter sent and its value.
type Filter struct{ Name, Value string }

// Filters lists the filters the query sends, in the spec's order.
func (q Query) Filters() []Filter {
	var out []Filter
	vals := q.Values()
	for _, p := range [...]string{"email", "first_name", "last_name", "campaign_id", "id"} {
		if s := vals.Get(p); s != "" {
			out = append(out, Filter{p, s})
		}
	}
	return out
}

// Filtered says whether any filter is set.
func (q Query) Filtered() bool { return len(q.Filters()) > 0 }
