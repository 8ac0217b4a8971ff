package query

import (
	"strings"

	"donations/api"
)

// KindFilter selects the stored records of one of the other kinds (plans,
// campaigns, donors, events, tickets, purchases). Each field is matched
// against what the kind's records have of it; a record without it (a
// campaign has no status) is not selected by a field that is set. The
// zero KindFilter selects every record of the kind.
type KindFilter struct {
	// Status is a plan's status (active, cancelled, failed), a purchase's
	// or a ticket's payment status: the whole value, ignoring case.
	Status string
	// Next bounds a plan's next gift date, half-open as Filter.Dates:
	// Next.Until is "next gift before".
	Next api.DateRange
	// Email is a plan's donor's, a donor's or a ticket buyer's e-mail: the
	// whole value, ignoring case.
	Email string
	// DonorID is a plan's donor, a donor itself, a purchase's or a
	// ticket's supporter; CampaignID a plan's campaign or a campaign
	// itself; EventID a ticket's or a purchase's event, or the event.
	DonorID, CampaignID, EventID int64
	// Search matches part of a record's names and e-mail (and a
	// campaign's or event's slug), ignoring case and accents.
	Search string
	// Sort is one of KindSorts, "-" before it for the largest first; ""
	// is by id.
	Sort string
	// Currency, where set, is the one currency a sort by a sum (amount,
	// goal, raised) ranks: the records whose sum is in it first, by that
	// sum, then the others by id. Unset, sums are compared as figures
	// whatever their currency.
	Currency string
}

// KindSorts are the orders a list of records of a kind can take: by id,
// name (a donor's, a plan's donor's, a campaign's), e-mail, status,
// amount (a plan's, a ticket's price, a purchase's), the date started
// (a plan's start, a purchase's date, when a campaign, event or donor was
// made), the last and the next gift, a campaign's goal, what was raised
// (a campaign's, an event's, a donor's total in their one currency), and
// the count of gifts (or an event's tickets).
var KindSorts = []string{"id", "name", "email", "status", "amount", "started", "last", "next", "goal", "raised", "count"}

// KindSums are the sorts of KindSorts by a sum of money, which
// KindFilter.Currency narrows to the sums in one currency.
var KindSums = []string{"amount", "goal", "raised"}

// KindSortsOf is the sorts of KindSorts that the records of the kind
// called kind have a value for, the one a list of them opens with first:
// a sort by what a kind's records lack (a plan's goal) would give the list
// in id order as if sorted.
func KindSortsOf(kind string) []string { return kindSorts[kind] }

var kindSorts = map[string][]string{
	api.CampaignsKind.Name: {"raised", "goal", "name", "count", "started", "id"},
	api.PlansKind.Name:     {"next", "amount", "name", "email", "status", "started", "last", "id"},
	api.DonorsKind.Name:    {"raised", "count", "last", "name", "email", "started", "id"},
	api.EventsKind.Name:    {"started", "name", "raised", "count", "id"},
	api.TicketsKind.Name:   {"id", "amount", "status", "name", "email", "started"},
	api.PurchasesKind.Name: {"started", "amount", "status", "count", "id"},
}

// KindStatusesOf is the statuses the records of the kind called kind
// hold, what KindFilter.Status is checked against before it is asked;
// none for a kind without a status. A ticket's or purchase's is "paid"
// where the server's payment_status filter says "succeeded".
func KindStatusesOf(kind string) []string { return kindStatuses[kind] }

var kindStatuses = map[string][]string{
	api.PlansKind.Name:     {"active", "cancelled", "failed"},
	api.TicketsKind.Name:   {"paid", "pending", "failed", "refunded"},
	api.PurchasesKind.Name: {"paid", "pending", "failed", "refunded"},
}

// PaymentStatusHeld is the status held by the records that the server's
// payment_status filter v selects, so that --offline selects them too: v
// itself for pending, failed and refunded; "paid" for succeeded and for
// any other value, which the server reads as succeeded.
func PaymentStatusHeld(v string) string {
	switch v = strings.ToLower(strings.TrimSpace(v)); v {
	case "pending", "failed", "refunded":
		return v
	}
	return "paid"
}
