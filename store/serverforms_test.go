package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// byDay is the store's groups by day in loc, written out: day, count and
// the sums of every currency, converted too.
func byDay(t *testing.T, s *store.Store, loc *time.Location) string {
	t.Helper()
	groups, err := s.Groups(context.Background(), query.Filter{}, []string{"day"}, loc)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, g := range groups {
		fmt.Fprintf(&b, "%v %d", g.Key, g.Count)
		for _, m := range []string{sumsOf(g.Amounts), sumsOf(g.Converted), fmt.Sprint(g.NotConverted)} {
			b.WriteString(" " + m)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func sumsOf[V fmt.Stringer](m map[string]V) string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v.String())
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

// syncedIn is a store in the zone named, filled by one sync of a demo as
// opts says.
func syncedIn(t *testing.T, zone string, opts demo.Options) *store.Store {
	t.Helper()
	t.Setenv("TZ", zone)
	s, _, _, _ := syncedFile(t, opts, dataset.SyncOptions{})
	return s
}

// dayZones are the zones the tests of the days a store gives run in.
var dayZones = []string{"America/New_York", "Asia/Tokyo"}

// A server that writes offsets without a colon ("+0000", "+00"), a space
// for the "T" and microseconds, and amounts with a decimal comma ("12,50",
// "1.234,50"), gives every day the gifts and the money the spec's server
// gives: none lands in a blank day, no 12,50 adds up as 1,250.
func TestServerFormsGiveTheSameDaysAndMoney(t *testing.T) {
	firstPassOnly(t, "the days and money a server's other date and decimal forms give")
	for _, zone := range dayZones {
		t.Run(zone, func(t *testing.T) {
			loc, err := time.LoadLocation(zone)
			if err != nil {
				t.Fatal(err)
			}
			want := byDay(t, syncedIn(t, zone, demo.Options{Count: 600}), loc)
			got := byDay(t, syncedIn(t, zone, demo.Options{Count: 600, DateForm: demo.DateNoColon, DecimalComma: true}), loc)
			if got != want || strings.Contains(got, "[] ") || !strings.Contains(got, "EUR=") {
				t.Errorf("by day:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// A date with no time is that day in every zone: west of UTC it is not the
// evening before, east of it not the next morning. A store in New York or
// Tokyo puts each gift on the day the server wrote, the UTC day of the
// spec's server's date-time for it.
func TestDateOnlyGiftsKeepTheirDayInEveryZone(t *testing.T) {
	firstPassOnly(t, "the day a date with no time keeps in each zone")
	want := byDay(t, syncedIn(t, "UTC", demo.Options{Count: 600}), time.UTC)
	for _, zone := range dayZones {
		t.Run(zone, func(t *testing.T) {
			loc, err := time.LoadLocation(zone)
			if err != nil {
				t.Fatal(err)
			}
			if got := byDay(t, syncedIn(t, zone, demo.Options{Count: 600, DateForm: demo.DateOnly}), loc); got != want {
				t.Errorf("by day:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}
