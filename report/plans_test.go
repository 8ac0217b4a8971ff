package report_test

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/api/apitest"
	"donations/api/demo"
	"donations/dataset"
	"donations/dataset/datasettest"
	"donations/export"
	"donations/query"
	"donations/report"
	"donations/store"
	"donations/textsafe"
)

// synced is a store in memory synced from a demo of shape over HTTP, the
// other kinds with the donations, and the client and server it read. The
// race pass (-short) syncs 1,000 gifts, not 3,000: still plans of every
// status and interval, of one gift and of several, some stopped in the
// report's year and some falling due after the data ends, which is all the
// tests count; the sync and the report read each gift under the race
// detector.
func synced(t *testing.T, shape string) (*store.Store, *api.Client, *demo.Running) {
	t.Helper()
	t.Setenv("TZ", "UTC")
	srv := datasettest.Server(t, demo.Options{Count: apitest.Sized(3000, 1000), Shape: shape})
	c := datasettest.Client(t, srv.URL)
	s, err := store.Memory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	datasettest.Sync(t, s, c, dataset.SyncOptions{Kinds: c})
	return s, c, srv
}

// recurringAt is the recurring report of the demo's last year, read at now.
func recurringAt(t *testing.T, s *store.Store, now time.Time, f query.Filter) (report.Result, export.Report) {
	t.Helper()
	q := report.Query{Year: 2026, Now: now, Zone: time.UTC, Filter: f}
	res, err := report.Read(context.Background(), s, "recurring", q, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res, export.ReportOf(res, q.Running(time.UTC), "--status counts them")
}

// allOf reads every record of T's kind from the demo through the api.
func allOf[T api.KindRecord](t *testing.T, c *api.Client) []T {
	t.Helper()
	var out []T
	for p := api.NewKindPager[T](c, api.KindQuery{}); !p.Done(); {
		b, err := p.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b.Records...)
	}
	return out
}

// giftsByPlan reads every donation from the demo through the api: each
// plan's newest gift.
func giftsByPlan(t *testing.T, c *api.Client) map[int64]api.Donation {
	t.Helper()
	newest := map[int64]api.Donation{}
	p := c.Pager(api.Query{}, api.OldestFirst)
	defer p.Close()
	for !p.Done() {
		b, err := p.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range b.Donations {
			if d.PlanID.Valid && d.DonationDate.Value >= newest[d.PlanID.Value].DonationDate.Value {
				newest[d.PlanID.Value] = d
			}
		}
	}
	return newest
}

// Where the store holds the server's plans, the recurring report reads
// them: its statuses and each currency's monthly value are those an
// independent count of the plans and gifts the api reads gives (a
// monthly plan ×1, a quarterly one ÷3, an annual one ÷12, each to the
// cent, in its gifts' currency), and it says it read the plans.
func TestRecurringFromPlansMatchesThePlansRead(t *testing.T) {
	s, c, _ := synced(t, demo.ShapeDonorbox)
	plans, newest := allOf[api.Plan](t, c), giftsByPlan(t, c)
	statuses, monthly := map[string]int{}, map[string]*big.Rat{}
	per := map[string]int64{"monthly": 1, "quarterly": 3, "annual": 12}
	for _, p := range plans {
		statuses[p.Status.Value]++
		if p.Status.Value != "active" {
			continue
		}
		cur := strings.ToUpper(newest[p.ID.Value].Currency.Value)
		amount, ok := new(big.Rat).SetString(p.Amount.Text)
		if !ok || per[p.Type.Value] == 0 {
			t.Fatalf("plan %d: amount %q, type %q", p.ID.Value, p.Amount.Text, p.Type.Value)
		}
		cents, _ := api.ParseDecimal(amount.Quo(amount, big.NewRat(per[p.Type.Value], 1)).FloatString(2))
		if monthly[cur] == nil {
			monthly[cur] = new(big.Rat)
		}
		r, _ := new(big.Rat).SetString(cents.String())
		monthly[cur].Add(monthly[cur], r)
	}
	if statuses["active"] == 0 || statuses["cancelled"] == 0 || statuses["failed"] == 0 {
		t.Fatalf("the demo's plans are not of every status: %v", statuses)
	}
	var giving []string
	for _, cur := range slices.Sorted(maps.Keys(monthly)) {
		giving = append(giving, cur+" "+textsafe.Thousands(monthly[cur].FloatString(2)))
	}
	want := fmt.Sprintf("plans active: %s, giving %s a month; cancelled: %d; failed: %d;", textsafe.Thousands(fmt.Sprint(statuses["active"])),
		strings.Join(giving, " · "), statuses["cancelled"], statuses["failed"])

	res, r := recurringAt(t, s, demo.End, query.Filter{})
	if res.Plans == nil || res.Recurring != nil {
		t.Fatal("the report did not read the plans the store holds")
	}
	head := r.Headline()
	if len(head) != 2 || head[0] != fmt.Sprintf("from the server's %s, as read %s", textsafe.Thousands(fmt.Sprint(len(plans)))+" plans",
		res.Plans.Read.Format(time.DateOnly)) || !strings.HasPrefix(head[1], want) {
		t.Fatalf("headline:\n%s\nwant it to say\n%s", strings.Join(head, "\n"), want)
	}
	if !strings.HasPrefix(r.Title, "Recurring · plans that stopped in 2026") {
		t.Errorf("title %q", r.Title)
	}
	// The table is the plans that stopped in the year: not active, their
	// last gift in it.
	rows := 0
	if err := r.Rows(func(cells []any) error {
		rows++
		if cells[3] == "active" || !strings.HasPrefix(fmt.Sprint(cells[5]), "2026-") {
			return fmt.Errorf("row %v is no plan that stopped in 2026", cells)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	stopped := 0
	for _, p := range plans {
		if p.Status.Value != "active" && strings.HasPrefix(p.LastDonationDate.Value, "2026-") {
			stopped++
		}
	}
	if rows != stopped || stopped == 0 {
		t.Errorf("%d rows, %d plans stopped in 2026", rows, stopped)
	}
	// The demo's plans and gifts agree: no note says otherwise.
	if notes := strings.Join(r.Notes(), "\n"); strings.Contains(notes, "disagree") {
		t.Errorf("notes:\n%s", notes)
	}
}

// The spec's server has no plans: the report guesses them from the
// gifts' intervals, as it always did, and says so.
func TestRecurringWithNoPlansIsGuessedFromIntervals(t *testing.T) {
	s, _, _ := synced(t, demo.ShapeSpec)
	res, r := recurringAt(t, s, demo.End, query.Filter{})
	if res.Plans != nil || res.Recurring == nil {
		t.Fatal("the report read plans the server does not have")
	}
	if head := r.Headline(); head[0] != "guessed from the gifts' intervals: this server has no plans" {
		t.Fatalf("headline: %q", head)
	}
	if !strings.HasPrefix(r.Title, "Recurring · donors who stopped in") {
		t.Errorf("title %q", r.Title)
	}
}

// Where the plans and the gifts held tell different stories, the report
// says so in one note, with counts: a gift removed on the server after
// the donations were synced, whose plan then no longer lists, or lists
// an older last gift; active plans with no gift since their next date
// once a report is made long after the last sync.
func TestRecurringSaysWhereThePlansAndGiftsDisagree(t *testing.T) {
	s, c, srv := synced(t, demo.ShapeDonorbox)
	res, _ := recurringAt(t, s, demo.End, query.Filter{})
	var single, several int64
	for _, p := range res.Plans.Plans {
		switch {
		case p.Gifts == 1 && single == 0:
			single = p.ID
		case p.Gifts > 2 && several == 0:
			several = p.ID
		}
	}
	ctx := context.Background()
	newestOf := func(plan int64) int64 {
		var id int64
		err := s.Donations(ctx, query.Query{Filter: query.Filter{PlanID: plan}, Sort: "date", Desc: true}, 0, 1, func(d *api.Donation) error {
			id = d.ID.Value
			return nil
		})
		if err != nil || id == 0 {
			t.Fatalf("plan %d: no gift held (%v)", plan, err)
		}
		return id
	}
	for _, plan := range []int64{single, several} {
		if !srv.Remove(newestOf(plan)) {
			t.Fatalf("the demo did not remove plan %d's newest gift", plan)
		}
	}
	// The plans read again; the donations held as they were.
	if read, err := dataset.ReadKind[api.Plan](ctx, dataset.Hold(s), c, api.KindQuery{}); err != nil || read.Partial != nil {
		t.Fatal(err, read.Partial)
	}
	_, r := recurringAt(t, s, demo.End, query.Filter{})
	want := "the plans and the gifts held disagree: 1 recurring gift names a plan the server did not list (1 plan); " +
		"1 plan's last donation date is not its newest gift held's"
	if notes := r.Notes(); notes[len(notes)-1] != want {
		t.Errorf("notes:\n%s\nwant last\n%s", strings.Join(notes, "\n"), want)
	}

	// Forty days after the data ends, with no sync since, every active
	// plan whose next date is more than a week past has had no gift held.
	later := demo.End.AddDate(0, 0, 40)
	overdue := 0
	for _, p := range allOf[api.Plan](t, c) {
		next, err := time.Parse(time.DateOnly, p.NextDonationDate.Value)
		if p.Status.Value == "active" && err == nil && next.AddDate(0, 0, report.OverdueDays).Before(later) {
			overdue++
		}
	}
	if overdue == 0 {
		t.Fatal("no active plan falls due in the forty days")
	}
	_, r = recurringAt(t, s, later, query.Filter{})
	want = fmt.Sprintf("the plans and the gifts held disagree: %d active plans have no gift held since their next date, over %d days past;", overdue, report.OverdueDays)
	if notes := r.Notes(); !strings.HasPrefix(notes[len(notes)-1], want) {
		t.Errorf("notes:\n%s\nwant last to start\n%s", strings.Join(notes, "\n"), want)
	}

	// Gifts added on the server, the plans read again and the donations
	// not: the plans the new gifts started have no gift held.
	srv.Add(300)
	if read, err := dataset.ReadKind[api.Plan](ctx, dataset.Hold(s), c, api.KindQuery{}); err != nil || read.Partial != nil {
		t.Fatal(err, read.Partial)
	}
	unheld := 0
	for _, p := range allOf[api.Plan](t, c) {
		held := false
		if err := s.Donations(ctx, query.Query{Filter: query.Filter{PlanID: p.ID.Value}}, 0, 1, func(*api.Donation) error {
			held = true
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if !held {
			unheld++
		}
	}
	if unheld == 0 {
		t.Fatal("the gifts added started no plan")
	}
	_, r = recurringAt(t, s, demo.End, query.Filter{})
	want = fmt.Sprintf("%d plans have no gift held that names them", unheld)
	if notes := r.Notes(); !strings.Contains(notes[len(notes)-1], want) {
		t.Errorf("notes:\n%s\nwant last to say\n%s", strings.Join(notes, "\n"), want)
	}
}
