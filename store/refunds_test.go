package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// netSums are what the gifts of each status add up to, worked out from the
// records themselves (apitest.NetOf): per status and currency, the net
// amounts, and what refunds in part took off.
type netSums struct{ counted, refunded map[string]map[string]int64 }

func netOf(t *testing.T, all []api.Donation) netSums {
	out := netSums{map[string]map[string]int64{}, map[string]map[string]int64{}}
	for i := range all {
		g, ok := apitest.NetOf(t, &all[i])
		if !ok {
			continue
		}
		for _, m := range []map[string]map[string]int64{out.counted, out.refunded} {
			if m[g.Status] == nil {
				m[g.Status] = map[string]int64{}
			}
		}
		out.counted[g.Status][g.Currency] += g.Net
		if g.Part > 0 {
			out.refunded[g.Status][g.Currency] += g.Part
		}
	}
	return out
}

func e4Sums(m map[string]api.Decimal) map[string]int64 {
	out := map[string]int64{}
	for cur, d := range m {
		if v, _ := d.Scaled(4); v != 0 {
			out[cur] = v
		}
	}
	return out
}

func sameSums(a, b map[string]int64) bool {
	return fmt.Sprint(a) == fmt.Sprint(b) // fmt sorts map keys
}

// The groups that the browser's footer, insights and summary read count a
// gift refunded in part less the part refunded, and say how much in
// Refunded: by status, from the rollups (every donation, the paid ones)
// and from the donations (a date range), and in the insights' one pass,
// against sums worked out from the records, in either shape the demo
// serves (the Donorbox shape refunds some paid gifts in part).
func TestGroupsCountAGiftLessItsRefundedPart(t *testing.T) {
	groupedFirstPassOnly(t, "the groups' and insights' sums net of refunds in part")
	ctx := context.Background()
	for _, sh := range apitest.Shapes {
		s, _, _, _ := syncedFile(t, sh.Of(demo.Options{Count: 800}), dataset.SyncOptions{})
		want := netOf(t, stored(t, s))
		if sh.Name == demo.ShapeDonorbox && len(want.refunded["paid"]) == 0 {
			t.Fatal("no paid gift is refunded in part: the test tests nothing")
		}
		everything := query.Filter{Dates: api.DateRange{Since: time.Unix(0, 0)}}
		for _, c := range []struct {
			name string
			f    query.Filter
		}{{"every donation (rollups)", query.Filter{}}, {"paid (rollups)", query.Filter{Statuses: store.PaidStatuses}},
			{"a range of all time (donations)", everything}} {
			t.Run(sh.Name+"/"+c.name, func(t *testing.T) {
				groups, err := s.Groups(ctx, c.f, []string{"status"}, nil)
				if err != nil {
					t.Fatal(err)
				}
				in, err := s.Insight(ctx, c.f, "month", nil, 1)
				if err != nil {
					t.Fatal(err)
				}
				for _, read := range []struct {
					how    string
					groups []store.Group
				}{{"groups", groups}, {"insight", in.Statuses}} {
					if len(read.groups) == 0 {
						t.Fatalf("%s: no group", read.how)
					}
					for _, g := range read.groups {
						st := g.Key[0]
						if got := e4Sums(g.Counted()); !sameSums(got, want.counted[st]) {
							t.Errorf("%s: %s counts %v, want %v", read.how, st, got, want.counted[st])
						}
						if got := e4Sums(g.Refunded); !sameSums(got, want.refunded[st]) {
							t.Errorf("%s: %s says %v refunded, want %v", read.how, st, got, want.refunded[st])
						}
					}
				}
			})
		}
	}
}
