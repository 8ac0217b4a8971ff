// Package query holds what a question asks of stored donations, as plain
// values: the filter, its yes/no answers and the orders a list can take.
// The question parser (ask) fills them and the store turns them into SQL,
// so neither needs the other.
package query

import "donations/api"

// Tri is a yes/no filter that may be left open.
type Tri int8

// The values of a Tri.
const (
	Any Tri = iota
	Yes
	No
)

// Filter selects stored donations. The API's own filters (e-mail, names, id)
// match whole values, ignoring case, as the demo server does; the rest are
// what the API cannot answer. The zero Filter selects everything.
type Filter struct {
	Email, FirstName, LastName string
	ID                         int64
	// Search matches parts of what the store's search column holds,
	// ignoring case and accents.
	Search string
	// Dates is half-open: Since ≤ date < Until; a zero bound is open.
	Dates api.DateRange
	// Statuses matches any of them, ignoring case; none matches all.
	Statuses []string
	// MinAmount and MaxAmount bound the amount, whatever its currency; nil
	// is open. Both bounds are included.
	MinAmount, MaxAmount          *api.Decimal
	Currency, Form                string // whole values, ignoring case
	Recurring, Tribute, Anonymous Tri
	// TributeType is a tribute's type (memory, honor), ignoring case.
	TributeType string
	// Campaign is part of the campaign's name, ignoring case; CampaignID
	// its id, where the server sends one (the nested campaign).
	Campaign   string
	CampaignID int64
	// PlanID is the recurring plan a gift names (plan_id), where the
	// server sends one.
	PlanID int64
	// AfterID keeps the donations with a larger id: those that arrived
	// after it, as ids ascend.
	AfterID int64
}

// Sorts are the orders a list of donations can ask for, as every place
// names them; "date" is the default.
var Sorts = []string{"date", "amount", "name", "email", "status", "form", "id"}

// Query selects stored donations and orders them.
type Query struct {
	Filter
	Sort string // one of Sorts; "" is date
	Desc bool
}

// GroupKeys are what a summary can add donations up by, in the order help
// and errors show them.
var GroupKeys = []string{"form", "campaign", "status", "month", "week", "day", "donor", "currency", "payment_type", "recurring"}

// GroupOrders are the orders a summary's groups can come in: by their keys
// (as the store streams them), by count, or by the converted total.
var GroupOrders = []string{"group", "count", "amount"}
