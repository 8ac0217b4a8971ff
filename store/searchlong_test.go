package store_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"donations/api"
	"donations/query"
	"donations/store"
)

// A long field's search text is its two ends (nameEnd, textEnd): a donor with an
// e-mail of 1 kB is found by its start and by its end, a gift with a
// comment of 10 kB by words at its start and its end but not by one in
// its middle, and the record still reads back whole, in a store in memory
// (which compresses it, past the first records that make its dictionary)
// as on disk.
func TestLongFieldsSearchedByTheirEnds(t *testing.T) {
	ctx := context.Background()
	email := "firstpart." + strings.Repeat("x", 1000) + ".lastpart@far-away.example"
	comment := "openingword " + strings.Repeat("filler ", 700) + "middleword " + strings.Repeat("filler ", 700) + "closingword"
	mem, err := store.Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	disk, _ := tempStore(t)
	var sent []api.Donation
	for id := int64(1); id <= 30; id++ {
		sent = append(sent, hostileGift(t, id, `"email": "`+email+`", "comment": "`+comment+`", "first_name": "Kim", "donation_date": "2026-04-01 10:00:00", "amount": "5", "currency": "USD", "status": "paid"`))
	}
	for _, s := range []*store.Store{mem, disk} {
		if _, err := s.Put(ctx, sent); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			search string
			want   int
		}{
			{"firstpart.xxxx", 30}, {"xxxx.lastpart@far-away.example", 30}, {"openingword", 30}, {"closingword", 30},
			{"middleword", 0},
		} {
			if n, err := s.Count(ctx, query.Query{Filter: query.Filter{Search: c.search}}); err != nil || n != c.want {
				t.Errorf("store in %q: search %q finds %d (%v), want %d", s.Path(), c.search, n, err, c.want)
			}
		}
		got := records(t, s)
		for i := range sent {
			if i >= len(got) || !bytes.Equal(got[i], sent[i].Raw) {
				t.Fatalf("store in %q: record %d does not read back as sent", s.Path(), i+1)
			}
		}
	}
}
