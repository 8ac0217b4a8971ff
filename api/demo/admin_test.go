package demo

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// Gifts added while the server runs are dated when they were added, never
// in the future, and stay in date order after the generated ones.
func TestAddedDonationsAreDatedNow(t *testing.T) {
	s := New(Options{Count: 300})
	srv := httptest.NewServer(s)
	defer srv.Close()
	before := time.Now().UTC().Add(-time.Second)
	resp, err := http.Post(srv.URL+"/admin/add?n=250", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	after := time.Now().UTC().Add(time.Second)
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
}
