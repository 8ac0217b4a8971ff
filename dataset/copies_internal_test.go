package dataset

import (
	"fmt"
	"runtime"
	"testing"

	"donations/api"
)

// A walk remembers every donation it kept, to tell which of two copies of
// one wins (copies): at a million donations, a map of them took 59 MB of
// a first sync's peak memory, more than the rest of its heap.
func TestCopiesHoldFewBytesADonation(t *testing.T) {
	const pages, per = 2000, 100
	batch := func(page int) api.Batch {
		list := make([]api.Donation, per)
		for i := range list {
			list[i].ID = api.Int{Value: int64((pages-page)*per + i), Valid: true}
		}
		return api.Batch{Page: &api.Page{Number: page, Donations: list}, Donations: list}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c := copies{}
	for page := 1; page <= pages; page++ {
		c.keep(batch(page))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	perDonation := float64(after.HeapAlloc-before.HeapAlloc) / (pages * per)
	if perDonation > 30 {
		t.Errorf("copies hold %.1f bytes a donation, want at most 30 (an id and its rank: 24)", perDonation)
	}
	runtime.KeepAlive(c)
}

// Of two copies of a donation, the later updated wins, and where that does
// not tell, the one later in the list; an id the pager did not yield is not
// kept unless a copy of it was.
func TestCopiesKeepTheWinner(t *testing.T) {
	d := func(id int64, updated string) api.Donation {
		return api.Donation{ID: api.Int{Value: id, Valid: true}, LastUpdatedAt: api.Text{Value: updated, Valid: updated != ""}}
	}
	c := copies{}
	// Enough pages that the first copies are no longer among the recent ones.
	for page := 1; page <= 40; page++ {
		var list []api.Donation
		for i := range 100 {
			list = append(list, d(int64(page*1000+i), "2025-01-01T00:00:00Z"))
		}
		c.keep(api.Batch{Page: &api.Page{Number: page, Donations: list}, Donations: list})
	}
	for _, step := range []struct {
		page    int
		list    []api.Donation
		yielded int // how many of list the pager yielded, from the start
		want    string
	}{
		{41, []api.Donation{d(1001, "2025-02-01T00:00:00Z"), d(2002, "2024-01-01T00:00:00Z")}, 0, "[1001]"},
		{42, []api.Donation{d(3003, "2025-01-01T00:00:00Z"), d(4004, "")}, 0, "[3003 4004]"},
		{43, []api.Donation{d(99, ""), d(98, "")}, 1, "[99]"},
		{1, []api.Donation{d(99, "")}, 0, "[]"},
		{44, []api.Donation{d(5005, "2025-01-01T00:00:00Z")}, 1, "[5005]"},
		{45, []api.Donation{d(5005, "2025-03-01T00:00:00Z")}, 0, "[5005]"},
		{46, []api.Donation{d(5005, "2025-02-01T00:00:00Z")}, 0, "[]"},
	} {
		got := c.keep(api.Batch{Page: &api.Page{Number: step.page, Donations: step.list}, Donations: step.list[:step.yielded]})
		var kept []int64
		for _, g := range got {
			kept = append(kept, g.ID.Value)
		}
		if s := fmt.Sprint(kept); s != step.want {
			t.Errorf("page %d: kept %s, want %s", step.page, s, step.want)
		}
	}
}
