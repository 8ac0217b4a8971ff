package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// counts are the groups' counts by key.
func counts(gs []store.Group) map[string]int {
	out := map[string]int{}
	for _, g := range gs {
		out[g.Key[0]] = g.Count
	}
	return out
}

// Insights' break-down by campaign, from the rollup by campaign (every
// donation, the paid ones) and from one pass over the donations (a range),
// and the campaigns a donor gave to, count what the records say, in either
// shape the demo serves (the spec's records name no campaign: one group,
// ""); the rollup adds up what the donations do.
func TestCampaignBreakDowns(t *testing.T) {
	groupedFirstPassOnly(t, "the insights' and a donor's break-down by campaign")
	ctx := context.Background()
	for _, sh := range apitest.Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			s, _, _, _ := syncedFile(t, sh.Of(demo.Options{Count: 600}), dataset.SyncOptions{})
			all := stored(t, s)
			want, paid, byDonor := map[string]int{}, map[string]int{}, map[string]map[string]int{}
			for _, d := range all {
				name, email := d.CampaignName.Value, strings.ToLower(strings.TrimSpace(d.Email.Value))
				want[name]++
				if d.Status.Value == "paid" {
					paid[name]++
				}
				if byDonor[email] == nil {
					byDonor[email] = map[string]int{}
				}
				byDonor[email][name]++
			}
			if sh.Name == demo.ShapeDonorbox && len(want) < 3 {
				t.Fatalf("%d campaigns: the test tests little", len(want))
			}
			for _, c := range []struct {
				name string
				f    query.Filter
				want map[string]int
			}{{"every donation", query.Filter{}, want}, {"paid", query.Filter{Statuses: store.PaidStatuses}, paid},
				{"a range of all time", query.Filter{Dates: api.DateRange{Since: time.Unix(0, 0)}}, want}} {
				in, err := s.Insight(ctx, c.f, "month", nil, 1)
				if err != nil {
					t.Fatal(err)
				}
				if got := counts(in.Campaigns); fmt.Sprint(got) != fmt.Sprint(c.want) {
					t.Errorf("%s: insights by campaign %v, the records %v", c.name, got, c.want)
				}
			}
			agree(t, s, func(s *store.Store) (string, error) {
				gs, err := s.Groups(ctx, query.Filter{Statuses: store.PaidStatuses}, []string{"campaign"}, nil)
				return fmt.Sprint(gs), err
			})
			gave := 0
			for email, want := range byDonor {
				got, err := s.DonorCampaigns(ctx, query.Filter{}, email)
				switch {
				case err != nil:
					t.Fatal(err)
				case email == "" && len(got) != 0:
					t.Errorf("the gifts without an e-mail gave to %v, as if one donor's", counts(got))
				case email != "" && fmt.Sprint(counts(got)) != fmt.Sprint(want):
					t.Errorf("%q gave to %v, the records say %v", email, counts(got), want)
				}
				gave = max(gave, len(got))
			}
			if sh.Name == demo.ShapeDonorbox && gave < 2 {
				t.Error("no donor gave to two campaigns: the test tests little")
			}
		})
	}
}
