package store_test

import (
	"context"
	"maps"
	"slices"
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

// A summary by donor of every gift, or of some statuses, reads
// donations_donor row by row, each donor's gifts added up in Go whatever
// their currencies' order; any other question about donors reads the
// donations as they come. The two
// must agree on every sum of every donor, over both shapes the demo
// serves, with donors of several currencies, without an e-mail, gifts with
// no conversion and gifts refunded in part: here the donations grouped by
// donor and by day in a zone not the store's (which the row-by-row read never
// reads), added up by donor.
func TestGroupsByDonorRowByRowAsAnyOtherWay(t *testing.T) {
	skipShort(t)
	far := time.FixedZone("far", -11*3600)
	seen := map[string]bool{}
	for _, sh := range apitest.Shapes {
		t.Run(sh.Name, func(t *testing.T) {
			srv := server(t, sh.Of(demo.Options{Count: 3000}))
			s, err := store.Memory(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			sync(t, s, client(t, srv.URL), dataset.SyncOptions{})
			if _, err := s.Put(context.Background(), oddDonations(t)); err != nil {
				t.Fatal(err)
			}
			for _, f := range []query.Filter{{}, {Statuses: store.PaidStatuses}, {Statuses: []string{"paid", "refunded"}}} {
				fast, err := s.Groups(context.Background(), f, []string{"donor"}, time.UTC)
				if err != nil {
					t.Fatal(err)
				}
				byDay, err := s.Groups(context.Background(), f, []string{"donor", "day"}, far)
				if err != nil {
					t.Fatal(err)
				}
				slow := map[string]*store.Group{}
				for _, g := range byDay {
					if slow[g.Key[0]] == nil {
						slow[g.Key[0]] = store.NewGroup([]string{g.Key[0]})
					}
					slow[g.Key[0]].Add(g)
				}
				if len(fast) != len(slow) {
					t.Fatalf("%q: %d donors, want %d", f.Statuses, len(fast), len(slow))
				}
				for _, g := range fast {
					sameDonorSums(t, g, slow[g.Key[0]])
					noteWhatIsCovered(seen, g)
				}
			}
		})
	}
	for _, what := range []string{"several currencies", "no e-mail", "not converted", "refunded in part"} {
		if !seen[what] {
			t.Errorf("no donor has %s: the test does not cover it", what)
		}
	}
}

// sameDonorSums fails unless g and want have the same count and the same sums,
// by value (1.50 is 1.5), currency by currency.
func sameDonorSums(t *testing.T, g store.Group, want *store.Group) {
	t.Helper()
	if want == nil || g.Count != want.Count || g.NotConverted != want.NotConverted {
		t.Fatalf("donor %q: %+v, want %+v", g.Key, g, want)
	}
	for _, sums := range [][2]map[string]api.Decimal{{g.Amounts, want.Amounts}, {g.Converted, want.Converted},
		{g.Unconverted, want.Unconverted}, {g.Refunded, want.Refunded}} {
		got, w := sums[0], sums[1]
		if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(w))) {
			t.Fatalf("donor %q: sums in %v, want %v", g.Key, got, w)
		}
		for cur, v := range got {
			if v.Compare(w[cur]) != 0 {
				t.Fatalf("donor %q: %s %s, want %s", g.Key, cur, v, w[cur])
			}
		}
	}
}

func noteWhatIsCovered(seen map[string]bool, g store.Group) {
	seen["several currencies"] = seen["several currencies"] || len(g.Amounts) > 1
	seen["no e-mail"] = seen["no e-mail"] || strings.TrimSpace(g.Key[0]) == ""
	seen["not converted"] = seen["not converted"] || g.NotConverted > 0
	seen["refunded in part"] = seen["refunded in part"] || len(g.Refunded) > 0
}
