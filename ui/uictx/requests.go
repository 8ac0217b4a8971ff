package uictx

import (
	"donations/ask"
	"donations/dataset"
)

// A Request is what a view asks of the root: a change to the question or
// the walk, which the root owns. A view never writes the root's state: it
// posts a request to its Outbox, and the root carries it out as soon as the
// view's Update or Open returns, before the next message.
//
// Not a tea.Cmd returning the request: Bubble Tea runs each command in a
// goroutine of its own, so two keys typed quickly into the search would
// reach the root in either order, and the older text could win.
type Request interface{ request() }

// SortMsg orders the list by a query.Sorts key ("" or "date" by date); the
// key in force again reverses it.
type SortMsg struct{ Key string }

func (SortMsg) request() {}

// Outbox is where a view posts its requests; it embeds one.
type Outbox struct{ pending []Request }

// Send posts r for the root.
func (o *Outbox) Send(r Request) { o.pending = append(o.pending, r) }

// Take hands the root what was posted, in order, and empties the box.
func (o *Outbox) Take() []Request {
	r := o.pending
	o.pending = nil
	return r
}

// SearchMsg puts the quick search in force ("" drops it) and shows the
// list from the top.
type SearchMsg struct{ Text string }

func (SearchMsg) request() {}

// StepMsg moves the list's selection by Delta rows and fetches ahead: the
// detail's next and previous gift.
type StepMsg struct{ Delta int }

func (StepMsg) request() {}

// HistoryMsg lists the selected gift's donor's whole history: their
// e-mail as the only filter, no search.
type HistoryMsg struct{}

func (HistoryMsg) request() {}

// AskMsg puts Question in force, from the top, the page size kept the
// config's: new server filters start a new walk.
type AskMsg struct{ Question ask.Question }

func (AskMsg) request() {}

// ShowDonorMsg lists the gifts of the donor of Email: their e-mail as the
// filter, the other filters the store applies and the search kept.
type ShowDonorMsg struct{ Email string }

func (ShowDonorMsg) request() {}

// SwitchStatusesMsg is the key a: the totals count every status but
// refunded, or again the paid gifts. The view that has the keys reads
// again (Rereader) once the switch is made.
type SwitchStatusesMsg struct{}

func (SwitchStatusesMsg) request() {}

// NewestFirstMsg puts the list by date, newest first, from the top (Live
// shows what comes on top of it); a list already so stays as it is.
type NewestFirstMsg struct{}

func (NewestFirstMsg) request() {}

// OrderMsg gives the list back a sort (a query.Sorts key, "" by date) and
// direction a view changed, from the top; unlike SortMsg it never reverses,
// and the sort stays the user's pick or not as it was.
type OrderMsg struct {
	Sort string
	Desc bool
}

func (OrderMsg) request() {}

// StoredMsg says a view stored N more gifts in the store the list reads
// (Live's checks): the list counts them in and reads its answer again.
type StoredMsg struct{ N int }

func (StoredMsg) request() {}

// RefreshMsg says the store the list reads may have changed under the same
// question, in ways no sync told the root of: read the answer again.
type RefreshMsg struct{}

func (RefreshMsg) request() {}

// KindMsg shows the records of the kind called Name ("plans") that Filter
// selects, the cursor on the one of id Select (0: the first) and, with
// Detail, its detail open; "donations" gives the keys back to the list.
type KindMsg struct {
	Name   string
	Filter dataset.KindFilter
	Select int64
	Detail bool
}

func (KindMsg) request() {}
