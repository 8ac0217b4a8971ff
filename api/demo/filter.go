package demo

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Filter is the server side of the list's filters, in the ids the server
// serves (the Donorbox shape's are offset). DonorID and CampaignName are
// honoured in the Donorbox shape only: the spec does not have them.
type Filter struct {
	Email, FirstName, LastName, CampaignName string
	CampaignID, ID, DonorID                  int64
}

// Match lists the ids of the donations the filter keeps, ascending. Text
// filters match the whole value, ignoring case.
func (s *Server) Match(f Filter) []int64 {
	s.dataMu.RLock()
	defer s.dataMu.RUnlock()
	var ids []int64
	for _, i := range s.match(f) {
		ids = append(ids, s.data.entries[i].id+s.shape.id)
	}
	return ids
}

// matching is match(f), shared for no filter: callers do not change it.
// It is called with dataMu held.
func (s *Server) matching(f Filter) []int {
	if f != (Filter{}) {
		return s.match(f)
	}
	s.allMu.Lock()
	defer s.allMu.Unlock()
	if s.all == nil {
		s.all = s.match(f)
	}
	return s.all
}

// changed forgets what was made of the data; called with dataMu locked.
func (s *Server) changed() {
	s.allMu.Lock()
	s.all = nil
	s.allMu.Unlock()
	s.kindsMu.Lock()
	s.kindsMade = nil
	s.kindsMu.Unlock()
}

func (s *Server) match(f Filter) []int {
	email, first, last := strings.ToLower(f.Email), strings.ToLower(f.FirstName), strings.ToLower(f.LastName)
	campaign, off := strings.ToLower(f.CampaignName), s.shape.offsets
	out := make([]int, 0, 128)
	for i, e := range s.data.entries {
		dn := &s.data.donors[e.donor]
		fm := &forms[e.form]
		switch {
		case s.data.removed[i]:
			continue
		case f.ID != 0 && e.id+off.id != f.ID,
			f.CampaignID != 0 && fm.campaign != f.CampaignID,
			f.DonorID != 0 && int64(e.donor)+off.donor != f.DonorID,
			campaign != "" && fm.campaignFold != campaign,
			email != "" && dn.emailFold != email,
			first != "" && dn.firstFold != first,
			last != "" && dn.lastFold != last:
			continue
		}
		out = append(out, i)
	}
	return out
}

// intParam reads an integer parameter; a missing or malformed one reads as 0.
func intParam(r *http.Request, key string) int64 {
	v, _ := strconv.ParseInt(strings.TrimSpace(r.URL.Query().Get(key)), 10, 64)
	return v
}

// filterOf is the filter a request's parameters ask for, of those the
// server's shape honours.
func (s *Server) filterOf(r *http.Request) (Filter, error) {
	q := r.URL.Query()
	box := s.opts.Shape == ShapeDonorbox
	ints := []string{"campaign_id", "id"}
	if box {
		ints = append(ints, "donor_id")
	}
	for _, k := range ints {
		if v := q.Get(k); v != "" {
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				return Filter{}, fmt.Errorf("%s must be an integer", k)
			}
		}
	}
	f := Filter{Email: q.Get("email"), FirstName: q.Get("first_name"), LastName: q.Get("last_name"),
		CampaignID: intParam(r, "campaign_id"), ID: intParam(r, "id")}
	if box {
		f.DonorID, f.CampaignName = intParam(r, "donor_id"), q.Get("campaign_name")
	}
	return f, nil
}
