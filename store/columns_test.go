package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// stored is every donation s holds, decoded.
func stored(t *testing.T, s *store.Store) []api.Donation {
	t.Helper()
	var out []api.Donation
	err := s.Donations(context.Background(), query.Query{}, 0, -1, func(d *api.Donation) error {
		out = append(out, *d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// selected is the ids f selects in s, ascending.
func selected(t *testing.T, s *store.Store, f query.Filter) []int64 {
	t.Helper()
	var out []int64
	err := s.Donations(context.Background(), query.Query{Filter: f}, 0, -1, func(d *api.Donation) error {
		out = append(out, d.ID.Value)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// idsOf is the ids of the donations keep says yes to, ascending.
func idsOf(all []api.Donation, keep func(d *api.Donation) bool) []int64 {
	var out []int64
	for i := range all {
		if keep(&all[i]) {
			out = append(out, all[i].ID.Value)
		}
	}
	slices.Sort(out)
	return out
}

func honorOf(d *api.Donation, field func(h *api.Honor) string) string {
	if d.Honor == nil {
		return ""
	}
	return field(d.Honor)
}

func answered(d *api.Donation, part string) bool {
	return slices.ContainsFunc(d.Questions, func(q api.Question) bool { return strings.Contains(string(q.Answer), part) })
}

// columnCases are filters on the new columns and the widened search, each
// with the donations it must select, worked out from the records.
func columnCases(srv *demo.Running) []struct {
	name string
	f    query.Filter
	want func(all []api.Donation) []int64
	some bool // the Donorbox shape has some; the spec's may have none
} {
	tribute := func(d *api.Donation) string {
		return honorOf(d, func(h *api.Honor) string { return h.TributeType.Value })
	}
	return []struct {
		name string
		f    query.Filter
		want func(all []api.Donation) []int64
		some bool
	}{
		{"campaign id", query.Filter{CampaignID: 104}, func(all []api.Donation) []int64 {
			if all[0].CampaignID.Valid {
				return srv.Match(demo.Filter{CampaignID: 104})
			}
			return nil // the spec's records name no campaign
		}, true},
		{"part of the campaign's name, any case", query.Filter{Campaign: "TRIBU"}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool { return d.CampaignName.Value == "Tributes" })
		}, true},
		{"tribute type", query.Filter{TributeType: "Memory"}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool { return tribute(d) == "memory" })
		}, true},
		{"tribute type and yes", query.Filter{TributeType: "honor", Tribute: query.Yes}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool { return tribute(d) == "honor" })
		}, true},
		{"search: an answer to a question", query.Filter{Search: "mother"}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool {
				return answered(d, "My mother") || strings.Contains(strings.ToLower(d.DonorName()+" "+d.Email.Value), "mother")
			})
		}, true},
		{"search: a tribute's message", query.Filter{Search: "wonderful teacher"}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool {
				return strings.Contains(honorOf(d, func(h *api.Honor) string { return h.RecipientMessage.Value }), "wonderful teacher")
			})
		}, true},
		{"search: the tribute's type", query.Filter{Search: "memory"}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool {
				return tribute(d) == "memory" || strings.Contains(strings.ToLower(d.FormName.Value+d.CampaignName.Value), "memory") ||
					strings.Contains(strings.ToLower(honorOf(d, func(h *api.Honor) string { return h.RecipientMessage.Value })), "memory")
			})
		}, true},
		{"search: the campaign's name and the designation", query.Filter{Search: "scholarships"}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool {
				return d.CampaignName.Value == "Scholarships" || d.Designation.Value == "Scholarships"
			})
		}, false},
		{"search: an employer", query.Filter{Search: store.Fold("Acme")}, func(all []api.Donation) []int64 {
			return idsOf(all, func(d *api.Donation) bool { return strings.Contains(d.Employer.Value, "Acme") })
		}, false},
	}
}

// The new columns and the widened search select what the records say, in
// either shape the demo serves, and so does a store of an older version
// once rebuilt from its records (its columns set otherwise here): it keeps
// its donations and needs no sync.
func TestCampaignTributeAndSearchColumns(t *testing.T) {
	rebuiltFirstPassOnly(t, "the columns and search a sync and a rebuild leave")
	t.Parallel()
	for _, sh := range apitest.Shapes {
		s, path, srv, _ := syncedFile(t, sh.Of(demo.Options{Count: 600}), dataset.SyncOptions{})
		for _, upgraded := range []bool{false, true} {
			if upgraded {
				s.Close()
				craft(t, path, `UPDATE donations SET search = 'x', converted_currency = 'USD', campaign_name = NULL, tribute_type = NULL`,
					fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
				s = open(t, path)
			}
			all := stored(t, s)
			for _, c := range columnCases(srv) {
				t.Run(fmt.Sprintf("%s/rebuilt %v/%s", sh.Name, upgraded, c.name), func(t *testing.T) {
					want := c.want(all)
					if c.some && sh.Name == demo.ShapeDonorbox && len(want) == 0 {
						t.Fatal("the demo has no such donation: the case tests nothing")
					}
					if got := selected(t, s, c.f); !slices.Equal(got, want) {
						t.Errorf("selects %d donations %v, want %d %v", len(got), got, len(want), want)
					}
				})
			}
			sameAsServer(t, s, srv)
		}
	}
}
