package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"donations/api"
	"donations/dataset/datasettest"
	"donations/query"
	"donations/report"
	"donations/store"
)

// storeReads are the figures a rebuild must keep: the donations, their
// groups and the donors under each rule, and a year's retention.
func storeReads(t *testing.T, s *store.Store) string {
	t.Helper()
	ctx := context.Background()
	var out string
	n, err := s.Count(ctx, query.Query{})
	if err != nil {
		t.Fatal(err)
	}
	out += fmt.Sprintf("%d donations\n", n)
	for _, f := range []query.Filter{{}, {Statuses: store.PaidStatuses}} {
		g, err := s.Groups(ctx, f, []string{"status", "recurring", "campaign"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Groups(ctx, f, []string{"month"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.Donors(ctx, f, "total", true, 0, n)
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("%v:\n%s\n%s\n%v\n", f.Statuses, groupsText(g), groupsText(m), d)
	}
	// Narrowed to a campaign and to dates too, which read the donor index
	// otherwise.
	since := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, q := range []report.Query{{Year: 2024}, {Year: 2025}, {Year: 2025, Filter: query.Filter{Campaign: "e"}},
		{Year: 2025, Filter: query.Filter{Dates: api.DateRange{Since: since}}}} {
		r, err := report.RetentionOf(ctx, s, q, "USD")
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("retention %d %+v: %+v\n", q.Year, q.Filter, r)
	}
	return out
}

// groupsText writes groups as the fixtures hold them: the figures the
// version before had, each group's in the order of its fields then, so
// that a figure added since changes no fixture.
func groupsText(gs []store.Group) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = fmt.Sprintf("{%v %v %v %v %v %v %v}", g.Key, g.Count, g.Amounts, g.Converted, g.Unconverted, g.NotConverted, g.Refunded)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// fixture is a copy, in a file of the test's, of the store the version
// before this one wrote from 400 donations of the demo's shape.
func fixture(t *testing.T, shape string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "store.db")
	datasettest.FixtureStore(t, "v27-"+shape+".db", path)
	return path
}

// rebuilding opens the store at path, keeping what the rebuild told.
func rebuilding(t *testing.T, ctx context.Context, path string) (*store.Store, []store.Rebuild, error) {
	t.Helper()
	var told []store.Rebuild
	s, err := store.OpenWith(ctx, path, store.Opening{Rebuilding: func(p store.Rebuild) { told = append(told, p) }})
	if err == nil {
		t.Cleanup(func() { s.Close() })
	}
	return s, told, err
}

// A store the version before wrote is rebuilt from its raw records when
// this one opens it, says so as it goes, and answers exactly as that
// version answered from it: its donations, groups, donors under each rule
// and retention. What it learned and recorded of its syncs is kept.
func TestAStoreOfTheVersionBeforeIsRebuiltFromItsRecords(t *testing.T) {
	rebuiltFirstPassOnly(t, "what each shape's rebuilt store reads, its progress and its meta")
	ctx := context.Background()
	for _, shape := range datasettest.FixtureShapes {
		t.Run(shape, func(t *testing.T) {
			path := fixture(t, shape)
			before := metaOf(t, path)
			s, told, err := rebuilding(t, ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			if len(told) < 2 || told[0] != (store.Rebuild{Records: 400}) ||
				told[len(told)-1] != (store.Rebuild{Records: 400, Read: 400, Summing: true}) {
				t.Errorf("the rebuild told %+v, want it from none of 400 records read to all of them, then the sums", told)
			}
			if got, want := storeReads(t, s), string(datasettest.Fixture(t, "v27-"+shape+".reads.txt")); got != want {
				t.Errorf("rebuilt, the store reads\n%.3000s\nwant\n%.3000s", got, want)
			}
			rollupsAgree(t, s)
			if ok, err := s.DonorYearsAsAddedUp(ctx); err != nil || !ok {
				t.Errorf("rebuilt, the rollup by donor and year is not as the gifts add up (%v)", err)
			}
			after := metaOf(t, path)
			for _, key := range []string{"coverage", "last_sync", "last_full_sync", "per_page", "profile", "zone"} {
				if after[key] == "" || after[key] != before[key] {
					t.Errorf("meta %s was %q, rebuilt %q", key, before[key], after[key])
				}
			}
			s.Close()
			if _, told, err := rebuilding(t, ctx, path); err != nil || len(told) != 0 {
				t.Errorf("the open after the rebuild: %v, told %+v; want nothing to rebuild", err, told)
			}
		})
	}
}

// metaOf is the store's meta table, read beside it.
func metaOf(t *testing.T, path string) map[string]string {
	t.Helper()
	rows, err := reader(t, path).Query(`SELECT key, value FROM meta`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		out[k] = v
	}
	return out
}

// A rebuild stopped halfway (as a kill would stop it) leaves the store as
// it was: the next open rebuilds it whole. One stopped while it builds the
// search index and the sums leaves them to the next open, as a first sync
// stopped there does.
func TestARebuildStoppedLeavesNothingHalfDone(t *testing.T) {
	want := string(datasettest.Fixture(t, "v27-spec.reads.txt"))
	for _, stop := range []struct {
		name string
		at   func(store.Rebuild) bool
	}{
		{"reading", func(p store.Rebuild) bool { return !p.Summing }},
		{"summing", func(p store.Rebuild) bool { return p.Summing }},
	} {
		t.Run(stop.name, func(t *testing.T) {
			path := fixture(t, "spec")
			ctx, cancel := context.WithCancel(context.Background())
			s, err := store.OpenWith(ctx, path, store.Opening{Rebuilding: func(p store.Rebuild) {
				if stop.at(p) {
					cancel()
				}
			}})
			if err == nil {
				s.Close()
				t.Fatal("the open went on once cancelled")
			}
			var v int
			if err := reader(t, path).QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
				t.Fatal(err)
			}
			if wantV := map[string]int{"reading": 27, "summing": store.SchemaVersion}[stop.name]; v != wantV {
				t.Errorf("stopped %s, the store is of schema %d, want %d", stop.name, v, wantV)
			}
			s, _, err = rebuilding(t, context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			if got := storeReads(t, s); got != want {
				t.Errorf("opened again, the store reads\n%.3000s\nwant\n%.3000s", got, want)
			}
			rollupsAgree(t, s)
		})
	}
}

// A record that cannot be read (damaged on disk, or not a donation) is
// counted, said, and left out, with its request's mapping, for the next
// full sync to fetch again; every other record is rebuilt.
func TestARebuildLeavesOutOnlyTheRecordsItCannotRead(t *testing.T) {
	path := fixture(t, "donorbox")
	var packed, plain int64
	db := reader(t, path)
	if err := db.QueryRow(`SELECT min(id), max(id) FROM records WHERE dict <> 0`).Scan(&packed, &plain); err != nil {
		t.Fatal(err)
	}
	craft(t, path, fmt.Sprintf(`UPDATE records SET raw = x'28b52ffd0000' WHERE id = %d`, packed),
		fmt.Sprintf(`UPDATE records SET dict = 0, raw = '{"id": "not a donation"' WHERE id = %d`, plain))
	s, told, err := rebuilding(t, context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if last := told[len(told)-1]; last.Unreadable != 2 || last.Read != 400 {
		t.Errorf("the rebuild told %+v, want 2 of 400 records unreadable", last)
	}
	got, err := s.Count(context.Background(), query.Query{})
	if err != nil || got != 398 {
		t.Errorf("rebuilt, %d donations (%v), want the 398 readable", got, err)
	}
	var left int
	if err := db.QueryRow(`SELECT (SELECT count(*) FROM records WHERE id IN (?, ?)) + (SELECT count(*) FROM exchange_of WHERE id IN (?, ?))`,
		packed, plain, packed, plain).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d rows of the unreadable records left (%v)", left, err)
	}
	rollupsAgree(t, s)
}

// A store of the version before that cannot be written is not rebuilt,
// and says what to run; an open that leaves the work to the next one
// leaves it as it is.
func TestAStoreOfTheVersionBeforeIsRebuiltOnlyByAnOpenThatMay(t *testing.T) {
	path := fixture(t, "spec")
	if _, _, err := openTold(t, context.Background(), path, store.Opening{Unfinished: true}); !errors.Is(err, store.ErrRebuildLeft) {
		t.Errorf("an Unfinished open: %v, want it to leave the rebuild", err)
	}
	if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	_, told, err := rebuilding(t, context.Background(), path)
	if err == nil || !strings.Contains(err.Error(), "chmod u+w") || len(told) != 0 {
		t.Errorf("a read-only store: %v, told %+v; want it refused, naming the fix", err, told)
	}
	var v int
	if err := reader(t, path).QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != 27 {
		t.Errorf("the store is of schema %d (%v), want it left at 27", v, err)
	}
}
