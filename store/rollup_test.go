package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/dataset/datasettest"
	"donations/query"
	"donations/store"
)

// changedStore is a store in New York's zone that a first sync filled and
// later syncs and puts changed every way the rollups' triggers see: new
// gifts, refunds, removals, a gift moved to another donor and day, amounts
// the integer columns cannot hold, a gift with no date and no e-mail.
// 1,000 gifts give every rollup dozens of forms, days, weeks, months and
// donors, and each change lands in groups that hold other gifts, so a
// trigger that misses one leaves a sum that differs.
func changedStore(t *testing.T) *store.Store {
	t.Helper()
	t.Setenv("TZ", "America/New_York")
	srv := server(t, demo.Options{Count: 1000})
	c := client(t, srv.URL)
	s, _ := tempStore(t)
	sync(t, s, c, dataset.SyncOptions{Concurrency: 4})
	all := srv.Match(demo.Filter{})
	srv.Add(250)
	for _, i := range []int{7, 500, 990} {
		srv.SetStatus(all[i], "refunded")
	}
	srv.Remove(all[20])
	srv.Remove(all[700])
	if r := sync(t, s, c, dataset.SyncOptions{Full: true, Concurrency: 4}); r.New != 250 || r.Updated != 3 || r.Removed != 2 {
		t.Fatalf("sync: %+v, want 250 new, 3 updated, 2 removed", r)
	}
	var moved api.Donation
	err := s.Window(context.Background(), query.Query{Filter: query.Filter{ID: all[100]}}, 0, 1, func(raw []byte) error {
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			return err
		}
		m["email"], m["amount"], m["converted_amount"], m["donation_date"] = "someone.else@example.org", "0.000001", "12.5", "2025-03-09 06:30:00"
		b, _ := json.Marshal(m)
		return moved.UnmarshalJSON(b)
	})
	if err != nil {
		t.Fatal(err)
	}
	var bare api.Donation
	if err := bare.UnmarshalJSON([]byte(`{"id": 99000001, "amount": "92233720368547758.07", "currency": "eur"}`)); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Put(context.Background(), []api.Donation{moved, bare}); err != nil || r.New != 1 || r.Updated != 1 {
		t.Fatalf("put: %+v %v", r, err)
	}
	return s
}

// Everything added up from the rollups and the donors table is what adding
// up the donations themselves gives, after every kind of change.
func TestRollupsAgreeWithTheDonations(t *testing.T) {
	skipShort(t)
	s := changedStore(t)
	ctx := context.Background()
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	filters := datasettest.RuleFilters(t, s)
	read := func(s *store.Store) (string, error) {
		var out string
		for _, f := range filters {
			got, err := readRolled(ctx, s, f, ny)
			if err != nil {
				return "", err
			}
			out += fmt.Sprintf("statuses %q:\n%s", f.Statuses, got)
		}
		all, err := s.Count(ctx, query.Query{})
		return out + fmt.Sprintf("%d donations\n", all), err
	}
	agree(t, s, read)
}

// readRolled is everything the rollups and the donors table answer of
// what f selects: groups by each key, insights by each period, donors by
// each sort.
func readRolled(ctx context.Context, s *store.Store, f query.Filter, loc *time.Location) (string, error) {
	var out string
	for _, by := range [][]string{{"form"}, {"status"}, {"currency"}, {"payment_type"}, {"recurring"},
		{"status", "recurring"}, {"day"}, {"week"}, {"month"}, {"currency", "month"}, {}} {
		g, err := s.Groups(ctx, f, by, loc)
		if err != nil {
			return "", err
		}
		out += fmt.Sprintf("%v: %v\n", by, g)
	}
	for _, period := range []string{"day", "week", "month"} {
		in, err := s.Insight(ctx, f, period, loc, 10)
		if err != nil {
			return "", err
		}
		out += fmt.Sprintf("insight %s: %+v\n", period, in)
	}
	for _, sort := range slices.Sorted(maps.Keys(store.DonorSorts)) {
		for _, desc := range []bool{false, true} {
			d, err := s.Donors(ctx, f, sort, desc, 100, 40)
			if err != nil {
				return "", err
			}
			out += fmt.Sprintf("donors by %s %v: %+v\n", sort, desc, d)
		}
	}
	n, err := s.DonorCount(ctx, f)
	return out + fmt.Sprintf("%d donors\n", n), err
}

// The rollups answer only what they hold: every donation or those of some
// statuses, on days of a zone that agrees with the store's.
func TestRollupsAnswerOnlyWhatTheyHold(t *testing.T) {
	skipShort(t)
	s := changedStore(t)
	load := func(name string) *time.Location {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		return loc
	}
	ny := load("America/New_York")
	for _, tc := range []struct {
		name string
		f    query.Filter
		by   []string
		loc  *time.Location
		want string
	}{
		{"months in the store's zone", query.Filter{}, []string{"month"}, ny, "rollup_day"},
		{"a zone of another name, the same clocks", query.Filter{}, []string{"week"}, load("America/Toronto"), "rollup_day"},
		{"the same offset without summer time", query.Filter{}, []string{"day"}, time.FixedZone("EST", -5*3600), "donations"},
		{"half-hour zone", query.Filter{}, []string{"day"}, load("Asia/Kolkata"), "donations"},
		{"no days: any zone", query.Filter{}, []string{"status", "recurring"}, nil, "rollup_dims"},
		{"a status, which the rollup by day holds too", query.Filter{}, []string{"status"}, ny, "rollup_dims"},
		{"a currency of some statuses", query.Filter{Statuses: []string{"paid"}}, []string{"currency"}, ny, "rollup_dims"},
		{"statuses alone", query.Filter{Statuses: []string{"paid", "Pending"}}, []string{"form"}, ny, "rollup_dims"},
		{"statuses by month", query.Filter{Statuses: []string{"paid"}}, []string{"month"}, ny, "rollup_day"},
		{"a blank status", query.Filter{Statuses: []string{"paid", ""}}, []string{"form"}, ny, "donations"},
		{"statuses and a form", query.Filter{Statuses: []string{"paid"}, Form: "x"}, []string{"form"}, ny, "donations"},
		{"an e-mail", query.Filter{Email: "x@example.org"}, []string{"status"}, nil, "donations"},
		{"days and forms together", query.Filter{}, []string{"form", "month"}, ny, "donations"},
		{"donors", query.Filter{}, []string{"donor"}, ny, "donations"},
	} {
		got, err := s.GroupTable(context.Background(), tc.f, tc.by, tc.loc)
		if err != nil || got != tc.want {
			t.Errorf("%s: %q %v, want %q", tc.name, got, err, tc.want)
		}
	}
	// The donors table answers the browser's two rules, whatever the
	// statuses named that no gift has; other statuses read the donations.
	for _, tc := range []struct {
		statuses []string
		want     string
	}{
		{nil, "donors"},
		{[]string{"PAID", "nonesuch"}, "FROM donors WHERE +paid_gifts > 0"},
		{[]string{"paid", "pending", "failed", "disputed"}, "FROM donors WHERE +unrefunded_gifts > 0"},
		{[]string{"paid", "pending"}, "FROM donations"},
	} {
		got, err := s.DonorSource(context.Background(), query.Filter{Statuses: tc.statuses})
		if err != nil || !strings.Contains(got, tc.want) {
			t.Errorf("donors of %q read %q %v, want %q", tc.statuses, got, err, tc.want)
		}
	}
	// Outside the store's zone the day-based keys still come out right.
	kolkata := load("Asia/Kolkata")
	in, err := s.Insight(context.Background(), query.Filter{}, "day", kolkata, 3)
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.Groups(context.Background(), query.Filter{}, []string{"day"}, kolkata)
	if err != nil || fmt.Sprint(in.Periods) != fmt.Sprint(want) {
		t.Errorf("days in Kolkata: insight %d groups, Groups %d (%v)", len(in.Periods), len(want), err)
	}
}

// Amounts whose sums would overflow SQLite's integers are stored, and added
// up exactly from their text, before and after they change.
func TestHugeAmountsAreStoredAndAddedUpExactly(t *testing.T) {
	s, _ := tempStore(t)
	put := func(id int, amount string) {
		t.Helper()
		var d api.Donation
		raw := fmt.Sprintf(`{"id": %d, "amount": %q, "converted_amount": %[2]q, "currency": "usd", "converted_currency": "usd",
			"email": "big@example.org", "form_name": "F", "donation_date": "2025-01-0%[1]d 10:00:00"}`, id, amount)
		if err := d.UnmarshalJSON([]byte(raw)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Put(context.Background(), []api.Donation{d}); err != nil {
			t.Fatalf("put %s: %v", amount, err)
		}
	}
	put(1, "500000000000000.0001")
	put(2, "500000000000000.0003")
	put(3, "9000000000000000000")
	check := func(want string, inexact int) {
		t.Helper()
		g, err := s.Groups(context.Background(), query.Filter{}, []string{"form"}, nil)
		if err != nil || len(g) != 1 || g[0].Amounts["USD"].String() != want || g[0].Converted["USD"].String() != want {
			t.Fatalf("groups = %v %v, want %s", g, err, want)
		}
		d, err := s.Donors(context.Background(), query.Filter{}, "total", true, 0, 1)
		if err != nil || len(d) != 1 || d[0].Gifts != 3 || d[0].Inexact != inexact {
			t.Fatalf("donors = %+v %v, want 3 gifts, %d too large to add up", d, err, inexact)
		}
		rollupsAgree(t, s)
	}
	check("9001000000000000000.0004", 3)
	put(2, "1")
	check("9000500000000000001.0001", 2)
}

// A store of an older version is rebuilt: its rollups and its donors
// table are added up again from the donations it holds.
func TestARebuiltStoreAddsUpAgain(t *testing.T) {
	skipShort(t)
	s, path, _, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	s.Close()
	craft(t, path, `DELETE FROM rollup_day`, `DELETE FROM donors`, fmt.Sprintf(`PRAGMA user_version = %d`, store.SchemaVersion-1))
	s = open(t, path)
	if got, err := s.DonorSource(context.Background(), query.Filter{Statuses: store.PaidStatuses}); err != nil || !strings.Contains(got, "paid_gifts") {
		t.Fatalf("the rebuilt store's paid donors read %q %v, want the donors table", got, err)
	}
	rollupsAgree(t, s)
}

// The copy the rollups are checked against reads the donations: were it
// to read the donors table and the rollups too, every check that they
// agree would compare them with themselves.
func TestTheDirectCopyReadsTheDonations(t *testing.T) {
	s, _, _, _ := syncedFile(t, demo.Options{Count: 300}, dataset.SyncOptions{})
	paid := query.Filter{Statuses: store.PaidStatuses}
	kept, err := s.DonorSource(context.Background(), paid)
	if err != nil || !strings.Contains(kept, "paid_gifts") {
		t.Fatalf("the store's paid donors read %q %v, want the donors table", kept, err)
	}
	direct, err := datasettest.Direct(t, s).DonorSource(context.Background(), paid)
	if err != nil || strings.Contains(direct, "paid_gifts") || !strings.Contains(direct, "donations") {
		t.Fatalf("the direct copy's paid donors read %q %v, want the donations", direct, err)
	}
}
