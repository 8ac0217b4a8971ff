package apitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
)

// Server is a kind of server the program must answer rightly: a shape,
// and how it takes order=, with what a client learns of it.
type Server struct {
	Name       string
	Shape      Shape
	NewestOnly bool // newest first whatever order= says (demo.Options.NewestOnly)
	// Order is what a client learns of its list's direction.
	Order api.ListOrder
}

// Servers are the kinds the program is tested against: the spec's, the
// platform's (newest first unless order=asc), and the platform's that
// does not take order=asc either, walked the other way round.
var Servers = []Server{
	{Name: "spec", Shape: Shapes[0], Order: api.OrderAscending},
	{Name: "donorbox", Shape: Shapes[1], Order: api.OrderAscendingAsked},
	{Name: "donorbox-newest-only", Shape: Shapes[1], NewestOnly: true, Order: api.OrderDescending},
}

// Of is o served by this kind of server.
func (s Server) Of(o demo.Options) demo.Options {
	o = s.Shape.Of(o)
	o.NewestOnly = s.NewestOnly
	return o
}

// Dated reads the date of every donation the demo at url lists, page by
// page with plain HTTP and no date filter, apart from the client: what a
// test counts a range's donations by.
func Dated(t testing.TB, url string) map[int64]time.Time {
	t.Helper()
	out := map[int64]time.Time{}
	for page := 1; ; page++ {
		list := rawPage(t, fmt.Sprintf("%s/api/v1/donations?page=%d&per_page=100", url, page))
		for _, d := range list {
			id, err := strconv.ParseInt(d.ID.String(), 10, 64)
			at, ok := api.Time(api.Text{Value: d.DonationDate, Valid: true})
			if err != nil || !ok {
				t.Fatalf("page %d: id %q dated %q", page, d.ID, d.DonationDate)
			}
			out[id] = at
		}
		if len(list) == 0 {
			return out
		}
	}
}

type rawDonation struct {
	ID           json.Number `json:"id"`
	DonationDate string      `json:"donation_date"`
}

func rawPage(t testing.TB, url string) []rawDonation {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.SetBasicAuth(demo.DefaultLogin, demo.DefaultKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []rawDonation
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	return list
}

// InRange counts the donations of dated in r.
func InRange(dated map[int64]time.Time, r api.DateRange) int {
	n := 0
	for _, at := range dated {
		if r.Contains(at) {
			n++
		}
	}
	return n
}
