package demo

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"
)

// Gifts added while the server runs are dated when they were added by
// the server's clock, never in the future, and stay in date order after
// the generated ones: by the wall clock where none is given, by the one a
// test gives it (apitest.Since) whatever day the test runs.
func TestAddedDonationsAreDatedNow(t *testing.T) {
	pinned := time.Date(2031, 5, 6, 7, 8, 9, 0, time.UTC)
	for _, c := range []struct {
		name string
		now  func() time.Time
	}{{"wall clock", nil}, {"its own clock", func() time.Time { return pinned }}} {
		t.Run(c.name, func(t *testing.T) {
			s := New(Options{Count: 300, Now: c.now})
			srv := httptest.NewServer(s)
			defer srv.Close()
			before := s.Now().UTC().Add(-time.Second)
			resp, err := http.Post(srv.URL+"/admin/add?n=250", "", nil)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			after := s.Now().UTC().Add(time.Second)
			_, body := get(t, srv, "/api/v1/donations?page=6&per_page=100", DefaultLogin, DefaultKey)
			var page []Record
			if err := json.Unmarshal(body, &page); err != nil || len(page) != 50 {
				t.Fatalf("the last page: %d records, %v", len(page), err)
			}
			for _, r := range page {
				for _, v := range []string{r.DonationDate, r.LastUpdatedAt} {
					at, err := time.Parse(time.RFC3339, v)
					if err != nil || at.Before(before) || at.After(after) {
						t.Errorf("donation %d is dated %s, not now (%s..%s)", r.ID, v, before, after)
					}
				}
			}
		})
	}
}

// What a page without filters lists is made once until the data changes:
// pages served after an addition or a removal show it.
func TestPagesFollowAdditionsAndRemovals(t *testing.T) {
	for _, shape := range ShapeNames {
		t.Run(shape, func(t *testing.T) {
			s := New(Options{Count: 150, Shape: shape})
			srv := httptest.NewServer(s)
			defer srv.Close()
			last := func() []int64 {
				_, body := get(t, srv, "/api/v1/donations?order=asc&page=2&per_page=100", DefaultLogin, DefaultKey)
				return ids(t, body)
			}
			before := last()
			added := s.Add(3)
			if got := last(); len(got) != len(before)+3 || !slices.Equal(got[len(before):], added) {
				t.Fatalf("after 3 were added page 2 lists %d donations ending %v, want them (%v) after the %d before", len(got), got[len(got)-3:], added, len(before))
			}
			if !s.Remove(added[0]) {
				t.Fatal("the donation added could not be removed")
			}
			if got := last(); slices.Contains(got, added[0]) || len(got) != len(before)+2 {
				t.Fatalf("after a removal page 2 lists %d donations, still %d: %v", len(got), added[0], slices.Contains(got, added[0]))
			}
		})
	}
}
