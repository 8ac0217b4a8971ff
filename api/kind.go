package api

import (
	"fmt"
	"slices"
	"strings"
)

// RecordKind is one of the read endpoints beside donations that servers of
// the platform's kind publish (docs/kinds.md): its name, its path under the
// base URL, and the query parameters it filters by. The spec's server has
// none of them; asked, it answers 404, which a read reports as
// ErrNoEndpoint.
type RecordKind struct {
	Name    string   // "plans": also the key a wrapped page may hold its list under
	Path    string   // "/api/v1/plans"
	Filters []string // the filters the endpoint takes, in its documentation's order
}

// The kinds, each with the filters its endpoint is documented to take.
var (
	CampaignsKind = RecordKind{"campaigns", "/api/v1/campaigns", []string{"id", "name"}}
	PlansKind     = RecordKind{"plans", "/api/v1/plans", []string{"email", "date_from", "date_to",
		"campaign_id", "campaign_name", "donor_id", "first_name", "last_name"}}
	DonorsKind    = RecordKind{"donors", "/api/v1/donors", []string{"id", "first_name", "last_name", "email"}}
	EventsKind    = RecordKind{"events", "/api/v1/events", nil}
	TicketsKind   = RecordKind{"tickets", "/api/v1/tickets", []string{"payment_status"}}
	PurchasesKind = RecordKind{"purchases", "/api/v1/purchases", []string{"payment_status"}}
)

// RecordKinds lists every kind, in the order a sync reads them: the small
// ones that other records refer to first.
var RecordKinds = []RecordKind{CampaignsKind, PlansKind, DonorsKind, EventsKind, TicketsKind, PurchasesKind}

// KindQuery is one request to a kind's endpoint: paging and the filters,
// each of which must be one the kind takes.
type KindQuery struct {
	Page    int
	PerPage int
	Filters []Filter
}

// check says why q cannot be sent to k: a filter k does not take, or one
// given twice.
func (q KindQuery) check(k RecordKind) error {
	for i, f := range q.Filters {
		if !slices.Contains(k.Filters, f.Name) {
			takes := "no filters"
			if len(k.Filters) > 0 {
				takes = "the filters " + strings.Join(k.Filters, ", ")
			}
			return fmt.Errorf("%s cannot be filtered by %q: the endpoint takes %s", k.Name, f.Name, takes)
		}
		for _, g := range q.Filters[:i] {
			if g.Name == f.Name {
				return fmt.Errorf("the filter %q is given twice", f.Name)
			}
		}
	}
	return nil
}

// EffectivePerPage is the page size the server will use: as for donations,
// a size past the largest page reverts to a default (the platform's is 50;
// the pager assumes the largest, which only makes it read one page more).
func (q KindQuery) EffectivePerPage() int { return Query{PerPage: q.PerPage}.EffectivePerPage() }
