package api

import (
	"fmt"
	"sync/atomic"
)

// The spec describes one server: oldest first, 100 a page, no date filter.
// The platform it resembles lists newest first unless asked order=asc, 50
// a page unless asked per_page, and takes date filters as dates only. A
// client learns which from the answers it gets (never from the server's
// name), and a store remembers it per account (see Profile and Teach).

// ListOrder is the direction a server lists in, as a client learned it.
type ListOrder int32

const (
	// OrderUnknown: not learned yet; walked as the spec says (oldest first).
	OrderUnknown ListOrder = iota
	// OrderAscending: oldest first without asking, as the spec says.
	OrderAscending
	// OrderAscendingAsked: newest first by default, oldest first when
	// asked order=asc, which every request then asks: the walks go as
	// over the spec's server.
	OrderAscendingAsked
	// OrderDescending: newest first, whatever order says: walks read it
	// the other way round (newest first forward from page 1, oldest first
	// back from the last page).
	OrderDescending
)

var orderNames = [...]string{"", "asc", "desc-honours-order", "desc-only"}

func (o ListOrder) String() string {
	if o < 0 || int(o) >= len(orderNames) {
		return ""
	}
	return orderNames[o]
}

// MarshalText writes the order's name, so a store keeps a word, not a number.
func (o ListOrder) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads a name MarshalText wrote; an unknown one is
// OrderUnknown, learned again.
func (o *ListOrder) UnmarshalText(b []byte) error {
	*o = OrderUnknown
	for i, n := range orderNames {
		if n == string(b) {
			*o = ListOrder(i)
		}
	}
	return nil
}

// DateForm is the form of date_from and date_to a server was found to take.
type DateForm int32

const (
	// DatesUntried: not tried yet, or not proven: the day form is tried first.
	DatesUntried DateForm = iota
	// DatesDay: dates (YYYY-MM-DD), date_to exclusive, the platform's form.
	DatesDay
	// DatesInstant: date-times to the millisecond, as donation_date is written.
	DatesInstant
	// DatesIgnored: no form gave the range asked for: it is searched for
	// page by page.
	DatesIgnored
)

var dateFormNames = [...]string{"", "day", "instant", "ignored"}

func (f DateForm) String() string {
	if f < 0 || int(f) >= len(dateFormNames) {
		return ""
	}
	return dateFormNames[f]
}

// MarshalText writes the form's name.
func (f DateForm) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads a name MarshalText wrote; an unknown one is untried.
func (f *DateForm) UnmarshalText(b []byte) error {
	*f = DatesUntried
	for i, n := range dateFormNames {
		if n == string(b) {
			*f = DateForm(i)
		}
	}
	return nil
}

// Profile is what a client has learned of its server. The zero value
// knows nothing.
type Profile struct {
	Order ListOrder `json:"order,omitempty"`
	// PerPage is the size of the pages served when MaxPerPage is asked
	// for (0: not known): the platform's is 50 where the spec's is 100.
	PerPage int      `json:"per_page,omitempty"`
	Dates   DateForm `json:"dates,omitempty"`
}

// String says the profile in words, for the request log and cache info.
func (p Profile) String() string {
	order := map[ListOrder]string{OrderUnknown: "order not known yet", OrderAscending: "oldest first",
		OrderAscendingAsked: "newest first, oldest first with order=asc", OrderDescending: "newest first only"}[p.Order]
	size := "page size not known yet"
	if p.PerPage > 0 {
		size = fmt.Sprintf("%d a page", p.PerPage)
	}
	dates := map[DateForm]string{DatesUntried: "date filter not tried yet", DatesDay: "date filter as dates",
		DatesInstant: "date filter as date-times", DatesIgnored: "no date filter"}[p.Dates]
	return order + ", " + size + ", " + dates
}

// learned is a Profile a client updates as answers come, from any goroutine.
type learned struct {
	order   atomic.Int32
	perPage atomic.Int64
	dates   atomic.Int32
}

// Profile is what the client has learned of the server so far.
func (c *Client) Profile() Profile {
	return Profile{Order: c.listOrder(), PerPage: int(c.learned.perPage.Load()), Dates: c.dateForm()}
}

// Teach gives the client what an earlier one learned of the same account
// (a store remembers it): what it knows is kept, what p knows is added.
func (c *Client) Teach(p Profile) {
	if p.Order != OrderUnknown {
		c.learned.order.CompareAndSwap(int32(OrderUnknown), int32(p.Order))
	}
	if p.PerPage > 0 {
		c.learned.perPage.CompareAndSwap(0, int64(p.PerPage))
	}
	if p.Dates != DatesUntried {
		c.learned.dates.CompareAndSwap(int32(DatesUntried), int32(p.Dates))
	}
}

func (c *Client) listOrder() ListOrder { return ListOrder(c.learned.order.Load()) }
func (c *Client) dateForm() DateForm   { return DateForm(c.learned.dates.Load()) }

// shaped is q as the client sends it: per_page=100 unless a size is asked
// (a server whose default is 50 then serves twice as much a request), and
// order=asc where the server lists newest first unless asked.
func (c *Client) shaped(q Query) Query {
	if q.PerPage <= 0 {
		q.PerPage = MaxPerPage
	}
	if !q.desc && c.listOrder() == OrderAscendingAsked {
		q.asc = true
	}
	if !q.dates.IsZero() && q.dateForm == DatesUntried {
		q.dateForm = DatesDay
	}
	return q
}

// direction is 1 when the donations' ids rise, -1 when they fall, 0 when
// they do neither or there are fewer than two; where the ids tell nothing
// (none, or out of order), their dates are asked the same.
func direction(ds []Donation) int {
	if ordered(ds, 1) {
		return 1
	}
	if ordered(ds, -1) {
		return -1
	}
	rise, fall := 0, 0
	for i := 1; i < len(ds); i++ {
		a, okA := Time(ds[i-1].DonationDate)
		b, okB := Time(ds[i].DonationDate)
		switch {
		case !okA || !okB:
			return 0
		case b.After(a):
			rise++
		case b.Before(a):
			fall++
		}
	}
	switch {
	case rise > 0 && fall == 0:
		return 1
	case fall > 0 && rise == 0:
		return -1
	}
	return 0
}
