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
	// dates asks for a date range with date_from and date_to, which the
	// spec does not show either; a RangeWalk sends them and believes the
	// answer only if every row lies in the range (see dateFilter).
	dates DateRange
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
	if q.desc {
		v.Set("order", "desc")
	}
	// date_to is sent as the range's exclusive end: a server that reads it
	// inclusively sends a gift dated at that very instant too, which the
	// walk drops, where one a millisecond earlier would be lost by a server
	// that reads it exclusively.
	if !q.dates.Since.IsZero() {
		v.Set("date_from", toMillis(q.dates.Since))
	}
	if !q.dates.Until.IsZero() {
		v.Set("date_to", toMillis(q.dates.Until))
	}
	return v
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
