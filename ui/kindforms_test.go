package ui

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"donations/api"
	"donations/api/demo"
	"donations/dataset"
	"donations/export"
)

// plansWhere are the ids of the server's plans of status, read apart from
// the browser.
func plansWhere(t *testing.T, c *api.Client, status string) []int64 {
	t.Helper()
	var ids []int64
	for _, p := range everyKind[api.Plan](t, c) {
		if p.Status.Value == status {
			ids = append(ids, p.ID.Value)
		}
	}
	slices.Sort(ids)
	return ids
}

// f on a kind opens the filter form of the fields its store filter takes;
// a misspelt status stays in the form with the one it was likely meant to
// be, and the form applied selects what it says.
func TestKindFilterFormSelectsWhatItSays(t *testing.T) {
	t.Parallel()
	d, c := kindsDriver(t, donorbox, 300, 120, 35)
	d.keys(":", "plans", "enter", "f")
	d.mustShow("Filters", "Applied here, to the plans the store holds.", "Status", "active, cancelled, failed",
		"Next before", "E-mail", "Donor id", "Campaign id", "Search", ":plans")
	d.keys("cancelld", "enter")
	d.mustShow(`no plan is "cancelld" (did you mean "cancelled"?)`)
	d.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	d.keys("Cancelled", "enter")
	want := plansWhere(t, c, "cancelled")
	if len(want) == 0 {
		t.Fatal("the demo has no cancelled plan")
	}
	d.mustShow("Plans  "+strconv.Itoa(len(want))+" of ", "status=cancelled")
	d.keys("f")
	d.mustShow("cancelled")
	d.keys("esc")
	d.mustShow("status=cancelled")

	d.keys(":", "campaigns", "enter", "f")
	d.mustShow("Campaign id", "Search")
	d.mustNotShow("Status", "E-mail", "Next before")
	d.keys("x", "enter")
	d.mustShow(`"x" is not a whole number above 0`)
}

// e on a kind writes its records as the list shows them (the filter and
// the sort in force) to a private file: CSV in the kind command's
// columns, with the byte-order mark when the profile asks, or each record
// as the server sent it.
func TestKindExportWritesWhatIsShown(t *testing.T) {
	t.Parallel()
	d, c := kindsDriver(t, donorbox, 300, 120, 35)
	d.m.ctx.CSVBOM = true
	d.keys(":", "plans", "enter", "f", "cancelled", "enter", "s")
	d.mustShow("status=cancelled", "by amount ↓")
	want, err := dataset.Records[api.Plan](context.Background(), d.m.data.local, dataset.KindFilter{Status: "cancelled", Sort: "-amount"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, p := range want {
		ids = append(ids, p.ID.Value)
	}
	if got := slices.Sorted(slices.Values(ids)); !slices.Equal(got, plansWhere(t, c, "cancelled")) {
		t.Fatalf("the store's cancelled plans %v are not the server's", got)
	}
	dir := t.TempDir()
	for _, name := range []string{"plans.csv", "plans.ndjson"} {
		path := filepath.Join(dir, name)
		d.keys("e")
		d.mustShow("writes " + strconv.Itoa(len(want)) + " plans")
		d.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
		d.keys(path, "enter")
		d.mustShow("Exported " + strconv.Itoa(len(want)) + " plans to " + path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if info, err := os.Lstat(path); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v (%v), want 0600", name, info.Mode(), err)
		}
		var got []int64
		if strings.HasSuffix(name, ".csv") {
			if !bytes.HasPrefix(b, []byte(export.BOM)) {
				t.Errorf("the CSV does not start with the byte-order mark the profile asks for")
			}
			rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte(export.BOM)))).ReadAll()
			if err != nil || len(rows) == 0 || rows[0][0] != "id" || rows[0][1] != "status" {
				t.Fatalf("the CSV: %v, %q", err, rows)
			}
			for _, r := range rows[1:] {
				n, _ := strconv.ParseInt(r[0], 10, 64)
				got = append(got, n)
			}
		} else {
			for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
				var sent bytes.Buffer
				if i >= len(want) || json.Compact(&sent, api.HeadOf(&want[i]).Raw) != nil || line != sent.String() {
					t.Fatalf("line %d is not plan %d as the server sent it: %.200s", i, ids[min(i, len(ids)-1)], line)
				}
				got = append(got, want[i].ID.Value)
			}
		}
		if !slices.Equal(got, ids) {
			t.Errorf("%s holds plans %v, the list shows %v", name, got, ids)
		}
	}
	// An existing file is asked about, and left as it was unless told.
	d.keys("e")
	d.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	d.keys(filepath.Join(dir, "plans.csv"), "enter")
	d.mustShow("exists. Overwrite it?")
	d.keys("n", "esc")
	d.mustShow(":plans", "status=cancelled")
}

// Donors by what they raised rank one currency's totals, the one most
// donors give in, and say which; the rest follow by id, never ranked
// against it (¥250,000 is not more than $75,000). The export writes them
// in that order.
func TestDonorsByRaisedRankOneCurrency(t *testing.T) {
	t.Parallel()
	d, c := kindsDriver(t, donorbox, 300, 120, 35)
	donors := everyKind[api.Donor](t, c)
	n := map[string]int{}
	for _, p := range donors {
		if len(p.Totals) == 1 {
			n[p.Totals[0].Currency.Value]++
		}
	}
	if len(n) < 2 {
		t.Fatalf("the demo's donors give in %v: pick data with several currencies", n)
	}
	cur := ""
	for k, v := range n {
		if v > n[cur] || v == n[cur] && k < cur {
			cur = k
		}
	}
	raised := func(p api.Donor) (float64, bool) {
		if len(p.Totals) != 1 || p.Totals[0].Currency.Value != cur {
			return 0, false
		}
		f, err := strconv.ParseFloat(p.Totals[0].Value.Text, 64)
		return f, err == nil
	}
	slices.SortStableFunc(donors, func(a, b api.Donor) int {
		ra, ina := raised(a)
		rb, inb := raised(b)
		switch {
		case ina != inb && ina:
			return -1
		case ina != inb:
			return 1
		case ina && ra != rb && ra > rb:
			return -1
		case ina && ra != rb:
			return 1
		}
		return int(b.ID.Value - a.ID.Value)
	})
	d.keys(":", "donors", "enter")
	d.mustShow("Donors  " + strconv.Itoa(len(donors)) + "  by raised in " + strings.ToUpper(cur) + " ↓")
	path := filepath.Join(t.TempDir(), "donors.ndjson")
	d.keys("e")
	d.send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	d.keys(path, "enter")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != len(donors) {
		t.Fatalf("%d donors exported, the server has %d", len(lines), len(donors))
	}
	for i, line := range lines {
		got, err := api.DecodeKindRecord[api.Donor]([]byte(line))
		if err != nil || got.ID.Value != donors[i].ID.Value {
			t.Fatalf("donor %d is %d (%v), want %d (%v)", i, got.ID.Value, err, donors[i].ID.Value, donors[i].Totals)
		}
	}
}

// A next-gift bound is a filter in force like any other: the title counts
// the plans shown of those held, shows the bound as a chip, and counts the
// plans it leaves out because their next date is day first (01/12/2026,
// the hostile demo's), which it cannot read. The bound was in no chip,
// and the count said neither "of" nor what it left out.
func TestNextBeforeIsSaidInTheTitle(t *testing.T) {
	t.Parallel()
	// Five pages hold plans of a day-first next date, and plans it keeps.
	_, c, st := storeAccountOf(t, demo.Options{Count: 500, Shape: demo.ShapeDonorbox, Hostile: true})
	sync := StoreSyncer(dataset.Hold(st), c, dataset.SyncOptions{Concurrency: 4, Kinds: c})
	d := newDriverWith(t, FromClient(c), Options{Store: dataset.Hold(st), Sync: sync}, 120, 35)
	d.settle()
	f := dataset.KindFilter{Next: api.DateRange{Until: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}}
	shown, err := dataset.Records[api.Plan](context.Background(), d.m.data.local, f)
	if err != nil {
		t.Fatal(err)
	}
	unread, _, err := dataset.NextUnread(context.Background(), d.m.data.local, f)
	if err != nil || unread == 0 {
		t.Fatalf("the hostile demo has %d plans of a day-first next date (%v)", unread, err)
	}
	d.keys(":", "plans", "enter", "f", "tab", "2030-01-01", "enter")
	d.mustShow("Plans  "+strconv.Itoa(len(shown))+" of ", "("+strconv.Itoa(unread)+" left out: next date unread)", "next_before=2030-01-01")
}
