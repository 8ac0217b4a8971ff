package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// listDates reads ndjson's ids and dates, in the order written.
func listDates(t *testing.T, out string) (ids []int64, dates []time.Time) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var d struct {
			ID           int64  `json:"id"`
			DonationDate string `json:"donation_date"`
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("%v: %q", err, l)
		}
		at, err := time.Parse(time.RFC3339Nano, d.DonationDate)
		if err != nil {
			t.Fatal(err)
		}
		ids, dates = append(ids, d.ID), append(dates, at)
	}
	return ids, dates
}

// list --order: as the server lists them by default (the spec's order:
// oldest first, what scripts read), oldest or newest first when asked, over the server's pages, a store in
// memory (a filter only a store applies) and either shape of server;
// --newest N is the N most recent, newest first unless --order oldest.
func TestListOrder(t *testing.T) {
	t.Parallel()
	// 250 gifts are three pages of 100, the last not full: pages enough
	// for either order over them.
	demo := []string{"list", "--demo", "--demo-count", "250", "--format", "ndjson"}
	all := runCmd(t, nil, demo...)
	allIDs, allDates := listDates(t, all.stdout)
	if all.code != 0 || len(allIDs) != 250 {
		t.Fatalf("list: exit %d, %d donations: %s", all.code, len(allIDs), all.stderr)
	}
	if !slices.IsSortedFunc(allDates, time.Time.Compare) {
		t.Fatal("list by default is not oldest first")
	}
	oldest5 := allIDs[len(allIDs)-5:] // the newest five, oldest first
	newest5 := slices.Clone(oldest5)
	slices.Reverse(newest5)
	for _, tc := range []struct {
		name   string
		args   []string
		n      int
		newest bool
		ids    []int64
		// readBy, where set, is a case that reads the same pages (or the
		// other shape's, walked the same way) through the same goroutines
		// (into a store in memory, or the newest pages) and orders them as
		// this one does on one goroutine: the
		// race pass (-short), which needs each concurrent path run once,
		// leaves this case to the first pass.
		readBy string
	}{
		{"order oldest", []string{"--order", "oldest"}, 250, false, nil, ""},
		{"order newest", []string{"--order", "newest"}, 250, true, nil, ""},
		{"order newest, donorbox", []string{"--order", "newest", "--demo-shape", "donorbox"}, 250, true, nil, ""},
		{"order oldest, donorbox", []string{"--order", "oldest", "--demo-shape", "donorbox"}, 250, false, nil, "order oldest"},
		{"newest 5 oldest first, donorbox", []string{"--newest", "5", "--order", "oldest", "--demo-shape", "donorbox"}, 5, false, nil, ""},
		{"newest 5", []string{"--newest", "5"}, 5, true, newest5, ""},
		{"newest 5 oldest first", []string{"--newest", "5", "--order", "oldest"}, 5, false, oldest5, "newest 5"},
		{"in a store, newest", []string{"--amount", "1..", "--order", "newest"}, -1, true, nil, "order oldest"},
		{"in a store, newest 5 oldest first", []string{"--amount", "0..", "--newest", "5", "--order", "oldest"}, 5, false, oldest5, "order oldest"},
		{"sort -date", []string{"--sort", "-date"}, 250, true, nil, "order oldest"},
		{"sort date", []string{"--sort", "date"}, 250, false, nil, "order oldest"},
		{"in a store, sort -date", []string{"--amount", "1..", "--sort", "-date"}, -1, true, nil, "order oldest"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.readBy != "" && testing.Short() {
				t.Skip("the race pass reads these pages as this case does in " + tc.readBy)
			}
			t.Parallel()
			r := runCmd(t, nil, append(slices.Clone(demo), tc.args...)...)
			ids, dates := listDates(t, r.stdout)
			if r.code != 0 || tc.n >= 0 && len(ids) != tc.n || len(ids) == 0 {
				t.Fatalf("exit %d, %d donations, want %d: %s", r.code, len(ids), tc.n, r.stderr)
			}
			if tc.newest {
				slices.Reverse(dates)
			}
			if !slices.IsSortedFunc(dates, time.Time.Compare) {
				t.Errorf("not %s first: %v", map[bool]string{true: "newest", false: "oldest"}[tc.newest], dates)
			}
			if tc.ids != nil && !slices.Equal(ids, tc.ids) {
				t.Errorf("ids %v, want %v", ids, tc.ids)
			}
		})
	}
}

// --order is refused beside --sort, and a word it does not take is a usage
// error with a Try line.
func TestListOrderRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--order", "newest", "--sort", "amount"}, "--order is by date and --sort by amount: give one of them"},
		{[]string{"--order", "newst"}, `--order: "newst" is not one of oldest, newest`},
	} {
		r := runCmd(t, nil, append([]string{"list", "--demo", "--demo-count", "100"}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, "donations list --help") || r.stdout != "" {
			t.Errorf("%v: exit %d, %q %q; want 2 and %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}
}
