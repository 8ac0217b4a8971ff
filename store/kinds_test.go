package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/query"
	"donations/store"
)

// plansSent are plans as the platform sends them: statuses in any case,
// dates as dates or date-times, one with no next gift.
var plansSent = []store.KindRecord{
	{ID: 1, Raw: []byte(`{"id":1,"status":"Active","amount":"25.00","type":"monthly","next_donation_date":"2026-12-01","started_at":"2025-01-05T10:00:00Z","donor":{"id":7,"name":"Zoë Lefèvre","email":"Zoe@Example.org"},"campaign":{"id":3,"name":"Spring appeal"}}`)},
	{ID: 2, Raw: []byte(`{"id":2,"status":"cancelled","amount":100,"type":"annual","next_donation_date":null,"started_at":"2024-03-01","donor":{"id":8,"first_name":"Ada","last_name":"Lovelace","email":"ada@example.org"},"campaign":{"id":4,"name":"General"}}`)},
	{ID: 3, Raw: []byte(`{"id":3,"status":"FAILED","amount":"5","type":"monthly","next_donation_date":"2026-11-15T00:00:00.000Z","started_at":"2026-02-01","donor":{"id":7,"name":"Zoë Lefèvre","email":"zoe@example.org"},"campaign":{"id":3,"name":"Spring appeal"}}`)},
}

func kindIDs(t *testing.T, s *store.Store, kind string, f query.KindFilter) []int64 {
	t.Helper()
	raws, err := s.KindRaws(context.Background(), kind, f)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, raw := range raws {
		var id int64
		fmt.Sscanf(string(raw), `{"id":%d`, &id)
		ids = append(ids, id)
	}
	return ids
}

// The columns the filters and sorts of a kind read are made from each
// record as sent: a status in any case, a date or a date-time, a donor
// named whole or by parts.
func TestKindFiltersReadTheRecords(t *testing.T) {
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.ReplaceKind(context.Background(), "plans", plansSent, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		f    query.KindFilter
		want []int64
	}{
		{"all", query.KindFilter{}, []int64{1, 2, 3}},
		{"status", query.KindFilter{Status: "active"}, []int64{1}},
		{"status in another case", query.KindFilter{Status: "Failed"}, []int64{3}},
		{"next before", query.KindFilter{Next: api.DateRange{Until: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}}, []int64{3}},
		{"e-mail", query.KindFilter{Email: "ZOE@example.org"}, []int64{1, 3}},
		{"donor", query.KindFilter{DonorID: 8}, []int64{2}},
		{"campaign", query.KindFilter{CampaignID: 3, Status: "active"}, []int64{1}},
		{"search by accentless name", query.KindFilter{Search: "zoe lef"}, []int64{1, 3}},
		{"search by a name in parts", query.KindFilter{Search: "lovelace"}, []int64{2}},
		{"search by campaign", query.KindFilter{Search: "spring"}, []int64{1, 3}},
		{"next, soonest first, none last", query.KindFilter{Sort: "next"}, []int64{3, 1, 2}},
		{"next, latest first, none last", query.KindFilter{Sort: "-next"}, []int64{1, 3, 2}},
		{"amount", query.KindFilter{Sort: "-amount"}, []int64{2, 1, 3}},
		{"started", query.KindFilter{Sort: "started"}, []int64{2, 1, 3}},
		{"name", query.KindFilter{Sort: "name"}, []int64{2, 1, 3}},
	} {
		if got := kindIDs(t, s, "plans", c.f); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if _, err := s.KindRaws(context.Background(), "plans", query.KindFilter{Sort: "amuont"}); err == nil {
		t.Error("a sort that is none was taken")
	}
}

// A kind's set is replaced whole; a record that cannot be read changes
// nothing; a server without the endpoint leaves none held, and says so.
func TestKindSetsAreReplacedWhole(t *testing.T) {
	ctx := context.Background()
	s, err := store.Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	read := time.UnixMilli(1_700_000_000_000)
	if err := s.ReplaceKind(ctx, "plans", plansSent, read); err != nil {
		t.Fatal(err)
	}
	if err := s.ReplaceKind(ctx, "plans", plansSent[1:], read.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if got := kindIDs(t, s, "plans", query.KindFilter{}); !slices.Equal(got, []int64{2, 3}) {
		t.Errorf("after a second read of 2 and 3, the store holds %v", got)
	}
	bad := append(slices.Clone(plansSent), store.KindRecord{ID: 9, Raw: []byte(`[1,2]`)})
	if err := s.ReplaceKind(ctx, "plans", bad, read.Add(2*time.Hour)); err == nil {
		t.Error("a record that is no object was stored")
	}
	held, err := s.KindHeld(ctx, "plans")
	if err != nil {
		t.Fatal(err)
	}
	if held.Records != 2 || !held.Read.Equal(read.Add(time.Hour)) || held.None {
		t.Errorf("after a refused read the coverage is %+v", held)
	}
	if got := kindIDs(t, s, "plans", query.KindFilter{}); !slices.Equal(got, []int64{2, 3}) {
		t.Errorf("after a refused read, the store holds %v", got)
	}
	if err := s.NoKind(ctx, "plans", "/api/v1/plans", read); err != nil {
		t.Fatal(err)
	}
	if held, _ = s.KindHeld(ctx, "plans"); !held.None || held.Path != "/api/v1/plans" || held.Records != 0 {
		t.Errorf("after a 404 the coverage is %+v", held)
	}
	if got := kindIDs(t, s, "plans", query.KindFilter{}); len(got) != 0 {
		t.Errorf("after a 404 the store holds plans %v", got)
	}
}

// A store of the version before, which held no kinds, is rebuilt with
// their tables; one of this version whose kinds' columns are gone (as an
// older version's would be) has them made again from the records, with
// its coverage kept.
func TestKindsRebuiltFromTheirRecords(t *testing.T) {
	rebuiltFirstPassOnly(t, "the kinds' tables and coverage a rebuild leaves")
	ctx := context.Background()
	old := fixture(t, "spec")
	s, _, err := rebuilding(t, ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	if held, err := s.KindHeld(ctx, "plans"); err != nil || held != (store.KindHeld{}) {
		t.Errorf("a store rebuilt from one that held no kinds: %+v, %v", held, err)
	}
	if err := s.ReplaceKind(ctx, "plans", plansSent, time.UnixMilli(1_700_000_000_000)); err != nil {
		t.Fatal(err)
	}
	s.Close()

	path := filepath.Join(t.TempDir(), "kinds.db")
	s = open(t, path)
	if err := s.ReplaceKind(ctx, "plans", plansSent, time.UnixMilli(1_700_000_000_000)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM kind_rows`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	setVersion(t, path, store.SchemaVersion-1)
	s, _, err = rebuilding(t, ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if got := kindIDs(t, s, "plans", query.KindFilter{Status: "active", Email: "zoe@example.org"}); !slices.Equal(got, []int64{1}) {
		t.Errorf("rebuilt, the active plans of zoe@example.org are %v", got)
	}
	if held, _ := s.KindHeld(ctx, "plans"); held.Records != 3 || held.Read.UnixMilli() != 1_700_000_000_000 {
		t.Errorf("rebuilt, the coverage is %+v", held)
	}
}

// Amounts as servers write them sort by what they are: a decimal comma
// ("12,50", "1.234,50"), the digits of a float that multiplied
// (27.950000000000003), a sum past 10^9; one that is no number sorts
// last rather than as 0.
func TestKindAmountsSortAsNumbers(t *testing.T) {
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var recs []store.KindRecord
	for i, amount := range []string{`"N/A"`, `"1.234,50"`, `"12,50"`, `1000000000.10`, `"27.950000000000003"`, `"9,00"`, `"1,000.00"`} {
		recs = append(recs, store.KindRecord{ID: int64(i + 1), Raw: fmt.Appendf(nil, `{"id":%d,"amount":%s,"status":"active"}`, i+1, amount)})
	}
	if err := s.ReplaceKind(context.Background(), "plans", recs, time.Unix(1, 0)); err != nil {
		t.Fatal(err)
	}
	if got, want := kindIDs(t, s, "plans", query.KindFilter{Sort: "amount"}), []int64{6, 3, 5, 7, 2, 4, 1}; !slices.Equal(got, want) {
		t.Errorf("by amount: %v, want %v", got, want)
	}
	if got, want := kindIDs(t, s, "plans", query.KindFilter{Sort: "-amount"}), []int64{4, 2, 7, 5, 3, 6, 1}; !slices.Equal(got, want) {
		t.Errorf("by amount, largest first: %v, want %v", got, want)
	}
}

// Each kind is sorted only by what its records hold, and filtered by the
// statuses they hold: over every kind of the platform's demo, a sort of
// query.KindSortsOf has a value in some record and every other sort in
// none (plans have no goal: sorted by it they would stay in id order as
// if sorted), and each status of query.KindStatusesOf is held while no
// record holds another. The browser offered tickets "succeeded", which
// no ticket holds: they say "paid".
func TestKindsSortAndFilterByWhatTheirRecordsHold(t *testing.T) {
	t.Parallel()
	firstPassOnly(t, "the sorts and statuses the kinds' records hold")
	ctx := context.Background()
	srv := server(t, demo.Options{Count: 2000, Shape: demo.ShapeDonorbox})
	c := client(t, srv.URL)
	s, err := store.Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sync(t, s, c, dataset.SyncOptions{Kinds: c})
	for _, k := range api.RecordKinds {
		valued, err := s.KindSortsValued(ctx, k.Name)
		if err != nil {
			t.Fatal(err)
		}
		sorts := query.KindSortsOf(k.Name)
		for _, by := range query.KindSorts {
			if has := valued[by] > 0; has != slices.Contains(sorts, by) {
				t.Errorf("%s: %d records have a value to sort by %s; its sorts are %v", k.Name, valued[by], by, sorts)
			}
		}
		held, err := s.KindStatusesHeld(ctx, k.Name)
		if err != nil {
			t.Fatal(err)
		}
		statuses := query.KindStatusesOf(k.Name)
		for st, n := range held {
			if !slices.Contains(statuses, st) {
				t.Errorf("%s: %d records are %q, which is not among %v", k.Name, n, st, statuses)
			}
		}
		for _, st := range statuses {
			if held[st] == 0 {
				t.Errorf("%s: no record is %q", k.Name, st)
			}
		}
	}
	if _, err := s.KindRaws(ctx, api.PlansKind.Name, query.KindFilter{Sort: "goal"}); err == nil {
		t.Error("plans were sorted by a goal they do not have")
	}
}
