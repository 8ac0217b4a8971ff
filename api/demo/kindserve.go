package demo

import (
	"bytes"
	"cmp"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Kind paths: the platform's other read endpoints. The spec's shape has
// none of them and answers 404, as for any path but the donations'.
var kindPaths = []string{"/api/v1/campaigns", "/api/v1/plans", "/api/v1/donors",
	"/api/v1/events", "/api/v1/tickets", "/api/v1/purchases"}

// kindAt is the kind a path names (its index in kindPaths).
func kindAt(path string) (int, bool) {
	k := slices.Index(kindPaths, strings.TrimSuffix(path, "/"))
	return k, k >= 0
}

// isKind says whether path is a kind's endpoint.
func (s *Server) isKind(path string) bool {
	_, ok := kindAt(path)
	return ok
}

// serves says whether the server has an endpoint at path: the donations',
// and in the platform's shape the kinds'.
func (s *Server) serves(path string) bool {
	if strings.TrimSuffix(path, "/") == "/api/v1/donations" {
		return true
	}
	_, ok := kindAt(path)
	return ok && s.opts.Shape == ShapeDonorbox
}

// kindPage is the page a request asks for of a kind: its filters, in
// the order and paged as donations are, with the same paging faults;
// called with dataMu held.
func (s *Server) kindPage(r *http.Request, k int) ([]byte, error) {
	all := s.kinds()
	q := r.URL.Query()
	var items []any
	switch k {
	case 0:
		items = kept(all.campaigns, func(c *boxCampaignRecord) bool {
			return idIs(q, "id", c.ID) && textIs(q, "name", c.Name)
		})
	case 1:
		since, err := s.shape.dateParam("date_from", q.Get("date_from"))
		if err != nil {
			return nil, err
		}
		until, err := s.shape.dateParam("date_to", q.Get("date_to"))
		if err != nil {
			return nil, err
		}
		items = kept(all.plans, func(p *boxPlan) bool {
			return textIs(q, "email", p.Donor.Email) && textIs(q, "first_name", p.Donor.FirstName) &&
				textIs(q, "last_name", p.Donor.LastName) && idIs(q, "donor_id", p.Donor.ID) &&
				idIs(q, "campaign_id", p.Campaign.ID) && textIs(q, "campaign_name", p.Campaign.Name) &&
				(since.IsZero() || !p.startedAt.Before(since)) && (until.IsZero() || p.startedAt.Before(until))
		})
	case 2:
		items = kept(all.donors, func(d *boxDonorRecord) bool {
			return idIs(q, "id", d.ID) && textIs(q, "first_name", d.FirstName) &&
				textIs(q, "last_name", d.LastName) && textIs(q, "email", d.Email)
		})
	case 3:
		items = kept(all.events, func(*boxEvent) bool { return true })
	case 4:
		status := paymentStatus(q.Get("payment_status"))
		items = kept(all.tickets, func(t *boxTicket) bool { return status == "" || t.Transaction.Status == status })
	case 5:
		status := paymentStatus(q.Get("payment_status"))
		items = kept(all.purchases, func(p *boxPurchase) bool { return status == "" || p.Status == status })
	}
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	// Listed as the donations are, newest first unless order=asc, with
	// the same changes of order under a walk (paging.go).
	if s.opts.NewestOnly || s.newestFirst(q.Get("order")) {
		slices.Reverse(order)
	}
	order = s.pageOrder(order, s.askedPage(r), q.Get("order"))
	return s.listPage(r, order, func(i int) (json.RawMessage, error) {
		b, err := encoded(items[i])
		if err != nil {
			return nil, err
		}
		return s.kindForms(bytes.TrimRight(b, "\n"), i)
	})
}

// kept is the records of list that keep says to keep, as values to encode.
func kept[T any](list []T, keep func(*T) bool) []any {
	var out []any
	for i := range list {
		if keep(&list[i]) {
			out = append(out, &list[i])
		}
	}
	return out
}

// idIs says whether an id filter, if given, names id.
func idIs(q map[string][]string, key string, id int64) bool {
	v := strings.TrimSpace(first(q, key))
	return v == "" || v == strconv.FormatInt(id, 10)
}

// textIs says whether a text filter, if given, is value, ignoring case,
// as the donations' filters match.
func textIs(q map[string][]string, key, value string) bool {
	v := first(q, key)
	return v == "" || strings.EqualFold(v, value)
}

func first(q map[string][]string, key string) string {
	if v := q[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// paymentStatus is the status a payment_status filter keeps: the
// platform's words for a purchase's, succeeded for any it does not know;
// "" when none is given.
func paymentStatus(v string) string {
	switch v {
	case "":
		return ""
	case "pending", "failed", "refunded":
		return v
	}
	return "paid"
}

// Cancel cancels plan id, as its donor would, so that a later read shows
// it cancelled. It reports whether the plan exists (in the platform's
// shape only: the spec's has no plans).
func (s *Server) Cancel(id int64) bool {
	s.dataMu.Lock()
	defer s.dataMu.Unlock()
	if s.opts.Shape != ShapeDonorbox {
		return false
	}
	_, ok := slices.BinarySearchFunc(s.kinds().plans, id, func(p boxPlan, id int64) int { return cmp.Compare(p.ID, id) })
	if ok {
		if s.data.cancelled == nil {
			s.data.cancelled = map[int64]bool{}
		}
		s.data.cancelled[id] = true
		s.changed()
	}
	return ok
}
