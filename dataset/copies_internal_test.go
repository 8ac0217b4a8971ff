package dataset

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"donations/api"
)

// A walk remembers every donation it kept, to tell which of two copies of
// one wins (copies): at a million donations, a map of them would be more
// of a first sync's peak memory than the rest of its heap.
func TestCopiesHoldFewBytesADonation(t *testing.T) {
	if testing.Short() {
		t.Skip("one goroutine's heap arithmetic, run by the full pass: nothing the race run can find")
	}
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

// newestFirst is pages of per donations, ids counting down as a list
// newest first has them, each updated some minutes before the one above
// it, give or take weeks, as the demo's are.
func newestFirst(pages, per int) []api.Batch {
	r := rand.New(rand.NewPCG(7, 8))
	at := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	out := make([]api.Batch, pages)
	for p := range out {
		list := make([]api.Donation, per)
		for i := range list {
			at = at.Add(-time.Duration(r.Int64N(int64(50 * time.Minute))))
			updated := at.Add(time.Duration(r.Int64N(int64(25 * 24 * time.Hour))))
			list[i].ID = api.Int{Value: int64((pages-p)*per - i), Valid: true}
			list[i].LastUpdatedAt = api.Text{Value: updated.Format("2006-01-02T15:04:05.000Z"), Valid: true}
		}
		out[p] = api.Batch{Page: &api.Page{Number: p + 1, Donations: list}, Donations: list}
	}
	return out
}

// With a time and a place each, as a walk keeps them: unpacked, a rank
// takes 16 bytes beside its id's 8; packed, the time takes about 4 and the
// id and place a byte each.
func TestCopiesHoldFewBytesARankedDonation(t *testing.T) {
	if testing.Short() {
		t.Skip("one goroutine's heap arithmetic, run by the full pass: nothing the race run can find")
	}
	batches := newestFirst(2000, 100)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c := copies{}
	for _, b := range batches {
		c.keep(b)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	perDonation := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(c.kept.Len())
	if perDonation > 8 {
		t.Errorf("copies hold %.1f bytes a donation, want at most 8", perDonation)
	}
	runtime.KeepAlive(c)
	runtime.KeepAlive(batches)
}

// A copy that won over one kept long before is the one later copies are
// judged against, long after it too: a copy updated between the first and
// the winner loses.
func TestCopiesRememberAWinnerLongAfter(t *testing.T) {
	batches := newestFirst(40, 100)
	c := copies{}
	for _, b := range batches {
		c.keep(b)
	}
	first := batches[0].Donations[5]
	t0, _ := api.Time(first.LastUpdatedAt)
	again := func(page int, updated time.Time) string {
		d := first
		d.LastUpdatedAt = api.Text{Value: updated.Format(time.RFC3339Nano), Valid: true}
		list := []api.Donation{d}
		return fmt.Sprint(len(c.keep(api.Batch{Page: &api.Page{Number: page, Donations: list}})))
	}
	got := again(41, t0.Add(2*time.Hour))
	for _, b := range newestFirst(40, 100) { // the winner sorted into a run, and merged
		for i := range b.Donations {
			b.Donations[i].ID.Value -= 1_000_000 // donations not seen before
		}
		c.keep(b)
	}
	got += again(81, t0.Add(time.Hour)) + again(82, t0.Add(3*time.Hour))
	if got != "101" {
		t.Errorf("copies kept %s of the three, want 101", got)
	}
}
