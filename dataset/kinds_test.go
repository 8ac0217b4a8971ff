package dataset_test

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	gosync "sync"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/store"
)

// tracedClient talks to the demo at url and keeps the path of each
// request it makes, in order.
func tracedClient(t *testing.T, url string) (*api.Client, func() []string) {
	t.Helper()
	var mu gosync.Mutex
	var paths []string
	c, err := api.New(api.Config{BaseURL: url, Username: demo.DefaultLogin, APIKey: demo.DefaultKey,
		Trace: func(e api.Exchange) {
			mu.Lock()
			defer mu.Unlock()
			path, _, _ := strings.Cut(strings.TrimPrefix(e.URL, url), "?")
			paths = append(paths, path)
		}})
	if err != nil {
		t.Fatal(err)
	}
	return c, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(paths)
	}
}

// A sync given the client for the kinds reads every kind the platform's
// server has, with the same client, only once the donations are read;
// the store then holds each kind whole, and says how many.
func TestKindsSyncReadsEveryKindAfterTheDonations(t *testing.T) {
	t.Parallel()
	srv := server(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox})
	c, paths := tracedClient(t, srv.URL)
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res := sync(t, s, c, dataset.SyncOptions{Kinds: c})
	if len(res.Kinds) != len(api.RecordKinds) {
		t.Fatalf("the sync read %d kinds, want %d", len(res.Kinds), len(api.RecordKinds))
	}
	got := paths()
	lastDonations := slices.IndexFunc(got, func(p string) bool { return p != api.DonationsPath })
	if lastDonations < 1 || slices.Contains(got[lastDonations:], api.DonationsPath) {
		t.Fatalf("the kinds were not all read after the donations: %v", got)
	}
	ctx, h := context.Background(), dataset.Hold(s)
	for i, read := range res.Kinds {
		k := api.RecordKinds[i]
		held, err := dataset.HeldOfKind(ctx, h, k)
		if err != nil {
			t.Fatal(err)
		}
		if read.Kind.Name != k.Name || read.None || read.Partial != nil || read.Records == 0 ||
			held.Records != read.Records || held.None || held.Read.IsZero() {
			t.Errorf("%s: read %+v, held %+v", k.Name, read, held)
		}
	}
	plans, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) != res.Kinds[1].Records || len(plans[0].Raw) == 0 {
		t.Fatalf("%d plans held, %d read", len(plans), res.Kinds[1].Records)
	}
}

// The store's own filters and sorts select the plans a support person
// asks for: by status, next gift date and e-mail.
func TestKindFiltersSelectPlans(t *testing.T) {
	t.Parallel()
	srv := server(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox})
	c := client(t, srv.URL)
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, h := context.Background(), dataset.Hold(s)
	if _, err := dataset.ReadKind[api.Plan](ctx, dataset.Hold(s), c, api.KindQuery{}); err != nil {
		t.Fatal(err)
	}
	all, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{})
	if err != nil {
		t.Fatal(err)
	}
	byStatus := map[string]int{}
	for _, p := range all {
		byStatus[strings.ToLower(p.Status.Value)]++
	}
	for _, status := range []string{"active", "cancelled", "failed"} {
		got, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{Status: strings.ToUpper(status)})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 || len(got) != byStatus[status] {
			t.Errorf("%s: %d plans selected, %d of %d have that status", status, len(got), byStatus[status], len(all))
		}
	}
	next, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{Status: "active", Sort: "-next"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(next); i++ {
		if next[i].NextDonationDate.Value > next[i-1].NextDonationDate.Value {
			t.Fatalf("sorted by -next, %q follows %q", next[i].NextDonationDate.Value, next[i-1].NextDonationDate.Value)
		}
	}
	p := all[len(all)/2]
	mine, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{Email: strings.ToUpper(p.Donor.Email.Value)})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(mine, func(q api.Plan) bool { return q.ID == p.ID }) ||
		slices.ContainsFunc(mine, func(q api.Plan) bool { return !strings.EqualFold(q.Donor.Email.Value, p.Donor.Email.Value) }) {
		t.Errorf("by e-mail %s: %d plans", p.Donor.Email.Value, len(mine))
	}
	if _, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{Sort: "nxet"}); err == nil {
		t.Error("a sort that is none was taken")
	}
}

// The spec's server has no kind but donations: each is remembered as
// none, no error, and the store holds none.
func TestKindsOfTheSpecServerAreNone(t *testing.T) {
	t.Parallel()
	srv := server(t, demo.Options{Count: 50})
	c := client(t, srv.URL)
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res := sync(t, s, c, dataset.SyncOptions{Kinds: c})
	ctx := context.Background()
	for _, read := range res.Kinds {
		held, err := dataset.HeldOfKind(ctx, dataset.Hold(s), read.Kind)
		if err != nil {
			t.Fatal(err)
		}
		if !read.None || !held.None || held.Path != read.Kind.Path {
			t.Errorf("%s: read %+v, held %+v", read.Kind.Name, read, held)
		}
		if want := "this server has no " + read.Kind.Name + " (it answered 404 to " + read.Kind.Path + ")"; read.Line() != want {
			t.Errorf("said %q, want %q", read.Line(), want)
		}
	}
	// Remembered, the kinds are not asked again but by a sync that reads
	// sync --full, which would see a server that has gained them.
	for _, full := range []bool{false, true} {
		srv.Add(3)
		before := srv.Requests()
		res := sync(t, s, c, dataset.SyncOptions{Kinds: c, Full: full})
		asked := srv.Requests() - before - res.Requests
		if want := map[bool]int{false: 0, true: len(api.RecordKinds)}[full]; asked != want || len(res.Kinds) != len(api.RecordKinds) {
			t.Errorf("a sync (full %v) asked %d kinds, want %d", full, asked, want)
		}
	}
}

// A read of a kind that stops short (here a server that ignores the page,
// so the list cannot be read past its first page) keeps the set the
// store had, and says so.
func TestKindReadCutShortKeepsThePreviousSet(t *testing.T) {
	t.Parallel()
	good := server(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox})
	bad := server(t, demo.Options{Count: 400, Shape: demo.ShapeDonorbox, IgnorePage: true})
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, h := context.Background(), dataset.Hold(s)
	first, err := dataset.ReadKind[api.Plan](ctx, dataset.Hold(s), client(t, good.URL), api.KindQuery{})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := dataset.HeldOfKind(ctx, h, api.PlansKind)
	cut, err := dataset.ReadKind[api.Plan](ctx, dataset.Hold(s), client(t, bad.URL), api.KindQuery{PerPage: 10})
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(cut.Partial, api.ErrPartial) || !strings.Contains(cut.Line(), "keeps the plans it had") {
		t.Errorf("the read cut short said %q", cut.Line())
	}
	after, _ := dataset.HeldOfKind(ctx, h, api.PlansKind)
	plans, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if after != before || len(plans) != first.Records || first.Records <= 10 {
		t.Errorf("after a read cut short the store holds %d plans (%+v), had %d (%+v)", len(plans), after, first.Records, before)
	}
}

// A sync killed with SIGKILL while it reads the kinds leaves each kind's
// set as it was or as read anew, whole: as many records as its coverage
// says, every one the server lists.
func TestKindsOfAKilledSyncStayWhole(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts and kills child processes")
	}
	// The store is first filled from the same account served at once; the
	// latency makes the child's sync last long enough to be killed at
	// several points.
	opts := demo.Options{Count: 1500, Shape: demo.ShapeDonorbox}
	path := filepath.Join(t.TempDir(), "main.db")
	s := open(t, path)
	c := client(t, server(t, opts).URL)
	first := sync(t, s, c, dataset.SyncOptions{Kinds: c})
	s.Close()
	opts.Latency = 20 * time.Millisecond
	srv := server(t, opts)
	for _, after := range []time.Duration{20 * time.Millisecond, 80 * time.Millisecond, 150 * time.Millisecond, 250 * time.Millisecond} {
		requests := killChild(t, srv, path, killAt{after: after, requests: 1}, api.DateRange{}, "STORE_TEST_SYNC_KINDS=1")
		t.Logf("killed %v after its first request, after %d requests", after, requests)
		s := open(t, path)
		for _, read := range first.Kinds {
			held, err := dataset.HeldOfKind(context.Background(), dataset.Hold(s), read.Kind)
			if err != nil {
				t.Fatal(err)
			}
			n, err := s.KindRaws(context.Background(), read.Kind.Name, dataset.KindFilter{})
			if err != nil {
				t.Fatal(err)
			}
			if held.Records != read.Records || len(n) != read.Records {
				t.Fatalf("killed after %v: %s holds %d records, its coverage says %d, the server lists %d", after, read.Kind.Name, len(n), held.Records, read.Records)
			}
		}
		s.Close()
	}
}

// A read of a kind that the server fails keeps the client's error as it
// came, named by the kind, so that a command words it, its hint too, as
// it words the donations'.
func TestKindReadKeepsTheServersError(t *testing.T) {
	t.Parallel()
	srv := server(t, demo.Options{Count: 100, Shape: demo.ShapeDonorbox, Script: []int{http.StatusUnauthorized}})
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	read, err := dataset.ReadKind[api.Plan](context.Background(), dataset.Hold(s), client(t, srv.URL), api.KindQuery{})
	var e *api.Error
	if err != nil || !errors.As(read.Partial, &e) || e.Kind != api.KindAuth || !strings.HasPrefix(read.Line(), "plans: authentication failed") {
		t.Errorf("a 401 on plans: %v, partial %v, said %q", err, read.Partial, read.Line())
	}
}

// A sync's kinds are read with its client, after its donations, and spend
// its budget: under one, the sync makes the requests it makes without, and
// none is refused (a 429 sent again). The clock moves by what the client
// waits and by nothing else: on the wall clock, where the windows of the
// budget fell among the requests depended on how fast the machine was,
// and the search for the last page, which asks one page at a time when
// the window is nearly spent, asked a different set of pages. The race
// run's 1,000 gifts are bound at 16 requests a second: at 10 its search
// would ask one page at a time where the sync without a budget asks 4.
func TestKindsShareTheBudgetOfASync(t *testing.T) {
	t.Parallel()
	count, rate := 3000, 10
	if testing.Short() {
		count, rate = 1000, 16
	}
	clock := &apitest.Clock{From: demo.End}
	first := func(opts demo.Options) (dataset.SyncResult, int, int64) {
		opts.Now, opts.Count, opts.Shape = clock.Now, count, demo.ShapeDonorbox
		srv := server(t, opts)
		s, err := store.Memory(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		c := clockedClient(t, srv.URL, clock)
		r := sync(t, s, c, dataset.SyncOptions{Concurrency: 4, Kinds: c})
		for _, k := range r.Kinds {
			if k.Partial != nil || k.None || k.Records == 0 {
				t.Fatalf("%s: %s", k.Kind.Name, k.Line())
			}
		}
		return r, srv.Requests(), c.Refused()
	}
	free, freeServed, _ := first(demo.Options{})
	before := clock.Slept()
	paced, pacedServed, refused := first(demo.Options{RateLimit: rate, RateWindow: time.Second})
	if waited := clock.Slept() - before; waited < time.Duration(pacedServed/rate-1)*time.Second {
		t.Errorf("%d requests at %d a second waited %v: the budget did not hold the sync back", pacedServed, rate, waited)
	}
	if refused != 0 || paced.Requests != free.Requests || pacedServed != freeServed {
		t.Errorf("under %d requests a second: %d refused, %d requests counted and %d served, want %d and %d as without a budget",
			rate, refused, paced.Requests, pacedServed, free.Requests, freeServed)
	}
}

// A sync soon after another reads the small kinds again but keeps a large
// one it read whole (the donors, over dataset.LargeKind): its requests are
// the small kinds' pages and the donations' new ones; sync --full reads
// every kind.
func TestASyncKeepsALargeKindReadLately(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("which kinds a sync asks for again, over more donors than LargeKind: a sync's kinds meet its budget and goroutines in TestKindsShareTheBudgetOfASync")
	}
	// 1,500 gifts come from somewhat more donors than LargeKind, as the
	// test needs, and fewer plans.
	srv := server(t, demo.Options{Count: 1500, Shape: demo.ShapeDonorbox})
	c, paths := tracedClient(t, srv.URL)
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	first := sync(t, s, c, dataset.SyncOptions{Kinds: c})
	donors := first.Kinds[2]
	if donors.Kind.Name != "donors" || donors.Records <= dataset.LargeKind || first.Kinds[1].Records > dataset.LargeKind {
		t.Fatalf("the account must have over %d donors and at most as many plans: %+v", dataset.LargeKind, first.Kinds)
	}
	asked := func(after int, path string) bool { return slices.Contains(paths()[after:], path) }
	for _, tc := range []struct {
		name string
		full bool
	}{{"a sync", false}, {"sync --full", true}} {
		before := len(paths())
		res := sync(t, s, c, dataset.SyncOptions{Kinds: c, Full: tc.full})
		donors := res.Kinds[2]
		if donors.Kept == tc.full || donors.Records != first.Kinds[2].Records || asked(before, api.DonorsKind.Path) != tc.full {
			t.Errorf("%s: donors %+v, asked again %v", tc.name, donors, asked(before, api.DonorsKind.Path))
		}
		if res.Kinds[1].Kept || !asked(before, api.PlansKind.Path) {
			t.Errorf("%s: the plans were not read again: %+v", tc.name, res.Kinds[1])
		}
	}
	held, err := dataset.HeldOfKind(context.Background(), dataset.Hold(s), api.DonorsKind)
	if err != nil || held.Records != first.Kinds[2].Records {
		t.Fatalf("donors held after the syncs: %+v, %v", held, err)
	}
}

// A next-gift bound cannot read a plan's next date written day first
// (01/12/2026): NextUnread counts those plans, which the bound leaves
// out, so that what lists the rest can say so; with no bound, none.
func TestNextUnreadCountsThePlansABoundLeavesOut(t *testing.T) {
	t.Parallel()
	srv := server(t, demo.Options{Count: 1500, Shape: demo.ShapeDonorbox, Hostile: true})
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, h := context.Background(), dataset.Hold(s)
	if _, err := dataset.ReadKind[api.Plan](ctx, h, client(t, srv.URL), api.KindQuery{}); err != nil {
		t.Fatal(err)
	}
	all, err := dataset.Records[api.Plan](ctx, h, dataset.KindFilter{Status: "active"})
	if err != nil {
		t.Fatal(err)
	}
	dayFirst := 0
	for _, p := range all {
		if strings.Contains(p.NextDonationDate.Value, "/") {
			dayFirst++
		}
	}
	f := dataset.KindFilter{Status: "active", Next: api.DateRange{Until: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}}
	bounded, err := dataset.Records[api.Plan](ctx, h, f)
	if err != nil {
		t.Fatal(err)
	}
	n, first, err := dataset.NextUnread(ctx, h, f)
	if err != nil || dayFirst == 0 || n != dayFirst || len(bounded)+n != len(all) || !strings.Contains(first, "/") {
		t.Fatalf("%d active plans, %d day first, %d within the bound; NextUnread %d, %q, %v", len(all), dayFirst, len(bounded), n, first, err)
	}
	if n, _, err := dataset.NextUnread(ctx, h, dataset.KindFilter{Status: "active"}); n != 0 || err != nil {
		t.Errorf("with no bound, NextUnread %d, %v", n, err)
	}
}
