package demo

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"
)

// boxList decodes a page of the Donorbox shape into maps, so a test sees
// which fields are sent and which are not.
func boxList(t *testing.T, body []byte) []map[string]any {
	t.Helper()
	var list []map[string]any
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatalf("not a bare array: %.100s", body)
	}
	return list
}

func TestDonorboxShapeListsAsDonorboxDoes(t *testing.T) {
	s := New(Options{Count: 250, Shape: ShapeDonorbox})
	srv := httptest.NewServer(s)
	defer srv.Close()
	auth := func(path string) []int64 {
		t.Helper()
		resp, b := get(t, srv, path, DefaultLogin, DefaultKey)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, resp.StatusCode, b)
		}
		return ids(t, b)
	}
	all := s.Match(Filter{})
	newest := slices.Clone(all)
	slices.Reverse(newest)
	cases := []struct {
		path string
		want []int64
	}{
		{"/api/v1/donations", newest[:50]},
		{"/api/v1/donations?page=0", newest[:50]},
		{"/api/v1/donations?order=desc&page=2", newest[50:100]},
		{"/api/v1/donations?order=asc", all[:50]},
		{"/api/v1/donations?per_page=100", newest[:100]},
		{"/api/v1/donations?per_page=500", newest[:50]}, // past the maximum: the default
		{"/api/v1/donations?page=6", nil},
	}
	for _, c := range cases {
		if got := auth(c.path); !slices.Equal(got, c.want) {
			t.Errorf("%s: %d ids from %v, want %d from %v", c.path, len(got), got[:min(len(got), 1)], len(c.want), c.want[:min(len(c.want), 1)])
		}
	}
	for _, id := range all {
		if id < 10_000_000 || id > 99_999_999 {
			t.Fatalf("id %d has not eight digits", id)
		}
	}
}

func TestDonorboxShapeFilters(t *testing.T) {
	s := New(Options{Count: 2000, Shape: ShapeDonorbox})
	srv := httptest.NewServer(s)
	defer srv.Close()
	seventh := s.Match(Filter{})[7]
	ada := s.Match(Filter{Email: "ada.lovelace@example.org"})
	if len(ada) < 2 {
		t.Fatalf("Ada gave %d times", len(ada))
	}
	list := func(path string) []map[string]any {
		t.Helper()
		resp, b := get(t, srv, path+"&order=asc&per_page=100", DefaultLogin, DefaultKey)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, resp.StatusCode, b)
		}
		return boxList(t, b)
	}
	adaID := list("/api/v1/donations?id=" + strconv.FormatInt(ada[0], 10))[0]["donor"].(map[string]any)["id"].(float64)
	cases := []struct {
		path string
		want []int64
	}{
		{"/api/v1/donations?donor_id=" + strconv.FormatInt(int64(adaID), 10), ada},
		{"/api/v1/donations?campaign_name=tributes", s.Match(Filter{CampaignID: 104})},
		{"/api/v1/donations?campaign_id=104", s.Match(Filter{CampaignID: 104})},
		{"/api/v1/donations?email=ADA.lovelace@example.org", ada},
		{"/api/v1/donations?id=" + strconv.FormatInt(seventh, 10), []int64{seventh}},
	}
	for _, c := range cases {
		var got []int64
		for _, d := range list(c.path) {
			got = append(got, int64(d["id"].(float64)))
		}
		if len(c.want) == 0 || !slices.Equal(got, c.want[:min(len(c.want), 100)]) {
			t.Errorf("%s: %v, want %v", c.path, got, c.want)
		}
	}
}

func TestDonorboxShapeTakesDatesOnly(t *testing.T) {
	s := New(Options{Count: 3000, Shape: ShapeDonorbox})
	srv := httptest.NewServer(s)
	defer srv.Close()
	var first []int64
	for _, q := range []string{"date_from=2025-03-01&date_to=2025-03-08", "date_from=2025/03/01&date_to=2025/03/08",
		"date_from=20250301&date_to=20250308", "date_from=01-03-2025&date_to=08-03-2025"} {
		resp, b := get(t, srv, "/api/v1/donations?order=asc&"+q, DefaultLogin, DefaultKey)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", q, resp.StatusCode, b)
		}
		got := boxList(t, b)
		if len(got) == 0 || got[0]["donation_date"].(string) < "2025-03-01" || got[len(got)-1]["donation_date"].(string) >= "2025-03-08" {
			t.Errorf("%s: %d donations, from %v", q, len(got), got[0]["donation_date"])
		}
		if first == nil {
			first = ids(t, b)
		} else if !slices.Equal(ids(t, b), first) {
			t.Errorf("%s lists other donations than the first form", q)
		}
	}
	for _, q := range []string{"date_from=2025-03-01T00:00:00.000Z", "date_to=2025-03-01T00:00:00Z", "date_from=March+1"} {
		resp, b := get(t, srv, "/api/v1/donations?"+q, DefaultLogin, DefaultKey)
		var body struct{ Error string }
		if resp.StatusCode != 400 || json.Unmarshal(b, &body) != nil || body.Error == "" {
			t.Errorf("%s: %d %s, want 400 with a JSON error", q, resp.StatusCode, b)
		}
	}
}

// TestDonorboxRecordsCarryItsFields checks the whole data set for what the
// platform sends: the nesting, its payment ids, old gifts without a
// converted amount, partial refunds.
func TestDonorboxRecordsCarryItsFields(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes every record of the data set on one goroutine: left to go test ./...")
	}
	s := New(Options{Shape: ShapeDonorbox})
	seen := map[string]int{}
	campaigns := map[float64]bool{}
	for i := range s.data.entries {
		b, err := s.encode(i)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, flat := range []string{"first_name", "last_name", "email", "form_name", "anonymous", "payment_charge_id"} {
			if _, ok := m[flat]; ok {
				t.Fatalf("donation %d sends the flat %s", i, flat)
			}
		}
		donor, _ := m["donor"].(map[string]any)
		campaign, _ := m["campaign"].(map[string]any)
		if donor["email"] == nil || donor["first_name"] == nil || campaign["name"] == nil {
			t.Fatalf("donation %d: donor %v campaign %v", i, donor, campaign)
		}
		campaigns[campaign["id"].(float64)] = true
		for _, k := range []string{"stripe_charge_id", "paypal_transaction_id", "converted_amount", "plan_id", "comment"} {
			if m[k] != nil {
				seen[k]++
			}
		}
		if _, ok := m["fee_covered"].(bool); !ok {
			t.Fatalf("donation %d: fee_covered %v is not a boolean", i, m["fee_covered"])
		}
		if m["status"] == "paid" && m["amount_refunded"] != "0.0" {
			seen["partly refunded"]++
		}
		if donor["phone"] != nil && donor["employer"] != nil {
			seen["phone and employer"]++
		}
	}
	n := len(s.data.entries)
	for _, k := range []string{"stripe_charge_id", "paypal_transaction_id", "plan_id", "comment", "partly refunded", "phone and employer"} {
		if seen[k] == 0 {
			t.Errorf("no donation sends %s: %v", k, seen)
		}
	}
	if seen["converted_amount"] == 0 || seen["converted_amount"] == n {
		t.Errorf("%d of %d send converted_amount: want all but the old ones", seen["converted_amount"], n)
	}
	if len(campaigns) != len(Campaigns) {
		t.Errorf("%d campaigns, want %d", len(campaigns), len(Campaigns))
	}
}

func TestStartRefusesAnUnknownShape(t *testing.T) {
	if run, err := Start(context.Background(), "", Options{Shape: "donorbx"}); err == nil {
		run.Close()
		t.Fatal("an unknown shape was served")
	}
}
